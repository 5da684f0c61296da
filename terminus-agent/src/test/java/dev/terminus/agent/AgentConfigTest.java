package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AgentConfigTest {

    @Test
    void defaultsHaveTheDocumentedValues() {
        // given
        AgentConfig config = AgentConfig.ofDefaults();

        // when / then
        assertThat(config.name()).isEqualTo("agent");
        assertThat(config.systemPrompt()).isEmpty();
        assertThat(config.maxIterations()).isEqualTo(25).isEqualTo(AgentConfig.DEFAULT_MAX_ITERATIONS);
        assertThat(config.maxToolCalls()).isEmpty();
        assertThat(config.tokenBudget()).isEqualTo(TokenBudget.UNLIMITED);
        assertThat(config.costBudgetUsd()).isEmpty();
        assertThat(config.prices()).isSameAs(PriceTable.EMPTY);
        assertThat(config.timeBudget()).isEmpty();
        assertThat(config.interruptGrace()).isEqualTo(Duration.ofMillis(10)).isEqualTo(AgentConfig.DEFAULT_INTERRUPT_GRACE);
        assertThat(config.timeBudgetEnforcement()).isEqualTo(TimeBudgetEnforcement.INTERRUPT_CALLER);
        assertThat(config.budgetPressureThreshold()).isEmpty();
        assertThat(config.budgetPressureInstruction()).isEqualTo(AgentConfig.DEFAULT_BUDGET_PRESSURE_INSTRUCTION);
        assertThat(config.noProgressThreshold()).contains(3);
        assertThat(config.stallThreshold()).contains(4);
        assertThat(config.maxConsecutiveMistakes()).contains(3);
        assertThat(config.finalAnswerTool()).isEmpty();
        assertThat(config.retryPolicy()).isEqualTo(RetryPolicy.ofDefaults());
        assertThat(config.parallelToolCalls()).isFalse();
        assertThat(config.toolTimeout()).isEmpty();
        assertThat(config.streamIdleTimeout()).contains(AgentConfig.DEFAULT_STREAM_IDLE_TIMEOUT);
        assertThat(config.maxOutputTokens()).isEmpty();
        assertThat(config.structuredOutputRepairs()).isEqualTo(2);
    }

    @Test
    void defaultGuardThresholdsMatchTheirConstants() {
        // given
        AgentConfig config = AgentConfig.ofDefaults();

        // when / then
        assertThat(config.noProgressThreshold()).contains(AgentConfig.DEFAULT_NO_PROGRESS_THRESHOLD);
        assertThat(config.stallThreshold()).contains(AgentConfig.DEFAULT_STALL_THRESHOLD);
        assertThat(config.maxConsecutiveMistakes()).contains(AgentConfig.DEFAULT_MAX_CONSECUTIVE_MISTAKES);
    }

    @Test
    void customWithoutChangesBuildsTheDefaults() {
        // given
        AgentConfig.Builder builder = AgentConfig.custom();

        // when
        AgentConfig config = builder.build();

        // then
        assertThat(config).usingRecursiveComparison().isEqualTo(AgentConfig.ofDefaults());
    }

    @Test
    void everySetterIsReflectedInTheBuiltConfig() {
        // given
        AgentConfig.Builder builder = everySettingChanged();

        // when
        AgentConfig config = builder.build();

        // then
        assertThat(config.name()).isEqualTo("researcher");
        assertThat(config.systemPrompt()).contains("Be brief.");
        assertThat(config.maxIterations()).isEqualTo(7);
        assertThat(config.maxToolCalls()).contains(11);
        assertThat(config.tokenBudget()).isEqualTo(TokenBudget.total(1000).withInput(800).withOutput(200));
        assertThat(config.costBudgetUsd()).contains(new BigDecimal("1.25"));
        assertThat(config.prices()).isSameAs(PRICES);
        assertThat(config.timeBudget()).contains(Duration.ofSeconds(30));
        assertThat(config.interruptGrace()).isEqualTo(Duration.ofMillis(50));
        assertThat(config.timeBudgetEnforcement()).isEqualTo(TimeBudgetEnforcement.SUPERVISED_THREAD);
        assertThat(config.budgetPressureThreshold()).contains(0.8);
        assertThat(config.budgetPressureInstruction()).isEqualTo("Wrap up.");
        assertThat(config.noProgressThreshold()).contains(5);
        assertThat(config.stallThreshold()).contains(6);
        assertThat(config.maxConsecutiveMistakes()).contains(2);
        assertThat(config.finalAnswerTool()).contains("submit");
        assertThat(config.retryPolicy()).isEqualTo(RETRY);
        assertThat(config.parallelToolCalls()).isTrue();
        assertThat(config.toolTimeout()).contains(Duration.ofSeconds(5));
        assertThat(config.streamIdleTimeout()).contains(Duration.ofSeconds(7));
        assertThat(config.maxOutputTokens()).contains(512);
        assertThat(config.structuredOutputRepairs()).isEqualTo(5);
    }

    @Test
    void fromCopiesEverySetting() {
        // given
        AgentConfig original = everySettingChanged().build();

        // when
        AgentConfig copy = AgentConfig.from(original).build();

        // then
        assertThat(copy).isNotSameAs(original);
        assertThat(copy).usingRecursiveComparison().isEqualTo(original);
        assertThat(copy).usingRecursiveComparison().isNotEqualTo(AgentConfig.ofDefaults());
    }

    @Test
    void theFullyChangedFixtureDiffersFromTheDefaultsInEverySetting() throws IllegalAccessException {
        // given
        AgentConfig changed = everySettingChanged().build();
        AgentConfig defaults = AgentConfig.ofDefaults();

        // when
        java.util.List<String> unchanged = new java.util.ArrayList<>();
        for (java.lang.reflect.Field field : AgentConfig.class.getDeclaredFields()) {
            if (java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            field.setAccessible(true);
            if (java.util.Objects.equals(field.get(changed), field.get(defaults))) {
                unchanged.add(field.getName());
            }
        }

        // then: so fromCopiesEverySetting checks every field, a new setting included
        assertThat(unchanged).isEmpty();
    }

    @Test
    void fromCopiesSettingsThatWereSwitchedOff() {
        // given
        AgentConfig original = AgentConfig.custom()
                .withoutNoProgressThreshold()
                .withoutStallThreshold()
                .withoutMaxConsecutiveMistakes()
                .withoutStreamIdleTimeout()
                .build();

        // when
        AgentConfig copy = AgentConfig.from(original).build();

        // then
        assertThat(copy.noProgressThreshold()).isEmpty();
        assertThat(copy.stallThreshold()).isEmpty();
        assertThat(copy.maxConsecutiveMistakes()).isEmpty();
        assertThat(copy.streamIdleTimeout()).isEmpty();
    }

    @Test
    void changingABuilderMadeFromAConfigLeavesTheConfigUnchanged() {
        // given
        AgentConfig original = everySettingChanged().build();

        // when
        AgentConfig changed = AgentConfig.from(original).maxIterations(99).name("other").build();

        // then
        assertThat(original.maxIterations()).isEqualTo(7);
        assertThat(original.name()).isEqualTo("researcher");
        assertThat(changed.maxIterations()).isEqualTo(99);
        assertThat(changed.name()).isEqualTo("other");
        assertThat(changed.maxToolCalls()).contains(11);
    }

    @Test
    void changingTheBuilderAfterBuildLeavesTheBuiltConfigUnchanged() {
        // given
        AgentConfig.Builder builder = AgentConfig.custom().maxIterations(3).systemPrompt("first");
        AgentConfig built = builder.build();

        // when
        builder.maxIterations(4).systemPrompt("second").parallelToolCalls(true);

        // then
        assertThat(built.maxIterations()).isEqualTo(3);
        assertThat(built.systemPrompt()).contains("first");
        assertThat(built.parallelToolCalls()).isFalse();
        assertThat(builder.build().maxIterations()).isEqualTo(4);
    }

    @Test
    void customBuilderDoesNotChangeTheSharedDefaults() {
        // given
        AgentConfig.custom().maxIterations(2).name("changed").build();

        // when
        AgentConfig defaults = AgentConfig.ofDefaults();

        // then
        assertThat(defaults.maxIterations()).isEqualTo(AgentConfig.DEFAULT_MAX_ITERATIONS);
        assertThat(defaults.name()).isEqualTo("agent");
    }

    @Test
    void eachGuardIsSwitchedOffByTheWithoutFormOfItsSetter() {
        // given
        AgentConfig.Builder builder = everySettingChanged();

        // when
        AgentConfig config = builder
                .withoutNoProgressThreshold()
                .withoutStallThreshold()
                .withoutMaxConsecutiveMistakes()
                .build();

        // then
        assertThat(config.noProgressThreshold()).isEmpty();
        assertThat(config.stallThreshold()).isEmpty();
        assertThat(config.maxConsecutiveMistakes()).isEmpty();
        assertThat(config.maxToolCalls()).contains(11);
    }

    @Test
    void aGuardSwitchedOffIsSwitchedOnAgainBySettingItsThreshold() {
        // given
        AgentConfig off = AgentConfig.custom().withoutNoProgressThreshold().withoutStallThreshold()
                .withoutMaxConsecutiveMistakes().build();

        // when
        AgentConfig on = AgentConfig.from(off).noProgressThreshold(2).stallThreshold(3).maxConsecutiveMistakes(1)
                .build();

        // then
        assertThat(on.noProgressThreshold()).contains(2);
        assertThat(on.stallThreshold()).contains(3);
        assertThat(on.maxConsecutiveMistakes()).contains(1);
    }

    @Test
    void smallestAllowedValuesAreAccepted() {
        // given
        AgentConfig.Builder builder = AgentConfig.custom();

        // when
        AgentConfig config = builder
                .maxIterations(1)
                .maxToolCalls(0)
                .costBudgetUsd(new BigDecimal("0.000001"))
                .timeBudget(Duration.ofNanos(1))
                .interruptGrace(Duration.ZERO)
                .noProgressThreshold(2)
                .stallThreshold(2)
                .maxConsecutiveMistakes(1)
                .toolTimeout(Duration.ofNanos(1))
                .maxOutputTokens(1)
                .build();

        // then
        assertThat(config.maxIterations()).isEqualTo(1);
        assertThat(config.maxToolCalls()).contains(0);
        assertThat(config.costBudgetUsd()).contains(new BigDecimal("0.000001"));
        assertThat(config.timeBudget()).contains(Duration.ofNanos(1));
        assertThat(config.interruptGrace()).isZero();
        assertThat(config.noProgressThreshold()).contains(2);
        assertThat(config.stallThreshold()).contains(2);
        assertThat(config.maxConsecutiveMistakes()).contains(1);
        assertThat(config.toolTimeout()).contains(Duration.ofNanos(1));
        assertThat(config.maxOutputTokens()).contains(1);
    }

    @Test
    void budgetPressureThresholdJustInsideTheOpenIntervalIsAccepted() {
        // given
        double low = Math.nextUp(0.0);
        double high = Math.nextDown(1.0);

        // when
        AgentConfig lowConfig = AgentConfig.custom().budgetPressureThreshold(low).build();
        AgentConfig highConfig = AgentConfig.custom().budgetPressureThreshold(high).build();

        // then
        assertThat(lowConfig.budgetPressureThreshold()).contains(low);
        assertThat(highConfig.budgetPressureThreshold()).contains(high);
    }

    @Test
    void finalAnswerToolAcceptsEveryNameAToolSpecAccepts() {
        // given
        String longest = "a".repeat(64);

        // when
        AgentConfig mixed = AgentConfig.custom().finalAnswerTool("Submit_answer-2").build();
        AgentConfig longName = AgentConfig.custom().finalAnswerTool(longest).build();

        // then
        assertThat(mixed.finalAnswerTool()).contains("Submit_answer-2");
        assertThat(longName.finalAnswerTool()).contains(longest);
        assertThat(new dev.terminus.agent.spi.ToolSpec(longest, "", dev.terminus.agent.spi.ToolSpec.NO_PARAMETERS)
                .name()).isEqualTo(longest);
    }

    @Test
    void finalAnswerToolRefusesANameNoToolCouldHave() {
        // when / then: no ToolSpec could be named so, so the run could never submit
        assertThatThrownBy(() -> AgentConfig.custom().finalAnswerTool("final answer"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("finalAnswerTool must match [A-Za-z0-9_-]{1,64}, was \"final answer\"");
        assertThatThrownBy(() -> new dev.terminus.agent.spi.ToolSpec("final answer", "",
                dev.terminus.agent.spi.ToolSpec.NO_PARAMETERS))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static Stream<Arguments> badValues() {
        return Stream.of(
                bad("maxIterations", b -> b.maxIterations(0), "maxIterations must be >= 1, was 0"),
                bad("maxIterations", b -> b.maxIterations(-5), "maxIterations must be >= 1, was -5"),
                bad("maxToolCalls", b -> b.maxToolCalls(-1), "maxToolCalls must be >= 0, was -1"),
                bad("costBudgetUsd", b -> b.costBudgetUsd(BigDecimal.ZERO), "costBudgetUsd must be > 0, was 0"),
                bad("costBudgetUsd", b -> b.costBudgetUsd(new BigDecimal("-0.01")),
                        "costBudgetUsd must be > 0, was -0.01"),
                bad("timeBudget", b -> b.timeBudget(Duration.ZERO), "timeBudget must be > 0, was PT0S"),
                bad("timeBudget", b -> b.timeBudget(Duration.ofSeconds(-1)), "timeBudget must be > 0, was PT-1S"),
                bad("interruptGrace", b -> b.interruptGrace(Duration.ofMillis(-1)),
                        "interruptGrace must be >= 0, was PT-0.001S"),
                bad("timeBudget", b -> b.timeBudget(java.time.temporal.ChronoUnit.FOREVER.getDuration()),
                        "timeBudget must be at most PT2562047H47M16.854775807S (a long of nanoseconds; leave it unset for no limit),"
                                + " was PT2562047788015215H30M7.999999999S"),
                bad("toolTimeout", b -> b.toolTimeout(Duration.ofDays(200_000)),
                        "toolTimeout must be at most PT2562047H47M16.854775807S (a long of nanoseconds; leave it unset for no limit),"
                                + " was PT4800000H"),
                bad("interruptGrace", b -> b.interruptGrace(Duration.ofDays(200_000)),
                        "interruptGrace must be at most PT2562047H47M16.854775807S (a long of nanoseconds), was PT4800000H"),
                bad("budgetPressureThreshold", b -> b.budgetPressureThreshold(0.0),
                        "budgetPressureThreshold must be in (0, 1), was 0.0"),
                bad("budgetPressureThreshold", b -> b.budgetPressureThreshold(1.0),
                        "budgetPressureThreshold must be in (0, 1), was 1.0"),
                bad("budgetPressureThreshold", b -> b.budgetPressureThreshold(-0.5),
                        "budgetPressureThreshold must be in (0, 1), was -0.5"),
                bad("budgetPressureThreshold", b -> b.budgetPressureThreshold(Double.NaN),
                        "budgetPressureThreshold must be in (0, 1), was NaN"),
                bad("noProgressThreshold", b -> b.noProgressThreshold(1), "noProgressThreshold must be >= 2, was 1"),
                bad("stallThreshold", b -> b.stallThreshold(1), "stallThreshold must be >= 2, was 1"),
                bad("maxConsecutiveMistakes", b -> b.maxConsecutiveMistakes(0),
                        "maxConsecutiveMistakes must be >= 1, was 0"),
                bad("toolTimeout", b -> b.toolTimeout(Duration.ZERO), "toolTimeout must be > 0, was PT0S"),
                bad("streamIdleTimeout", b -> b.streamIdleTimeout(Duration.ofMillis(-5)),
                        "streamIdleTimeout must be > 0, was PT-0.005S"),
                bad("maxOutputTokens", b -> b.maxOutputTokens(0), "maxOutputTokens must be >= 1, was 0"),
                bad("structuredOutputRepairs", b -> b.structuredOutputRepairs(-1),
                        "structuredOutputRepairs must be >= 0, was -1"),
                bad("name", b -> b.name(" "), "name must not be blank, was \" \""),
                bad("systemPrompt", b -> b.systemPrompt(""), "systemPrompt must not be blank, was \"\""),
                bad("budgetPressureInstruction", b -> b.budgetPressureInstruction(""),
                        "budgetPressureInstruction must not be blank, was \"\""),
                bad("finalAnswerTool", b -> b.finalAnswerTool("\t"), "finalAnswerTool must not be blank, was \"\t\""),
                bad("finalAnswerTool", b -> b.finalAnswerTool("submit answer"),
                        "finalAnswerTool must match [A-Za-z0-9_-]{1,64}, was \"submit answer\""),
                bad("finalAnswerTool", b -> b.finalAnswerTool("tools.submit"),
                        "finalAnswerTool must match [A-Za-z0-9_-]{1,64}, was \"tools.submit\""),
                bad("finalAnswerTool", b -> b.finalAnswerTool("x".repeat(65)),
                        "finalAnswerTool must match [A-Za-z0-9_-]{1,64}, was \"" + "x".repeat(65) + "\""));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("badValues")
    void everySetterRefusesABadValueNamingTheSettingAndTheValue(String setting, Consumer<AgentConfig.Builder> set,
            String message) {
        // given
        AgentConfig.Builder builder = AgentConfig.custom();

        // when / then
        assertThatThrownBy(() -> set.accept(builder))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message)
                .hasMessageStartingWith(setting);
    }

    static Stream<Arguments> nullValues() {
        return Stream.of(
                bad("name", b -> b.name(null), "name must not be null"),
                bad("tokenBudget", b -> b.tokenBudget(null), "tokenBudget must not be null"),
                bad("prices", b -> b.prices(null), "prices must not be null"),
                bad("interruptGrace", b -> b.interruptGrace(null), "interruptGrace must not be null"),
                bad("timeBudgetEnforcement", b -> b.timeBudgetEnforcement(null), "timeBudgetEnforcement must not be null"),
                bad("budgetPressureInstruction", b -> b.budgetPressureInstruction(null),
                        "budgetPressureInstruction must not be null"),
                bad("retryPolicy", b -> b.retryPolicy(null), "retryPolicy must not be null"),
                bad("systemPrompt", b -> b.systemPrompt(null), "systemPrompt must not be null"),
                bad("costBudgetUsd", b -> b.costBudgetUsd(null), "costBudgetUsd must not be null"),
                bad("timeBudget", b -> b.timeBudget(null), "timeBudget must not be null"),
                bad("finalAnswerTool", b -> b.finalAnswerTool(null), "finalAnswerTool must not be null"),
                bad("toolTimeout", b -> b.toolTimeout(null), "toolTimeout must not be null"),
                bad("streamIdleTimeout", b -> b.streamIdleTimeout(null), "streamIdleTimeout must not be null"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullValues")
    void noSetterTakesNullNamingTheSetting(String setting, Consumer<AgentConfig.Builder> set,
            String message) {
        // given
        AgentConfig.Builder builder = AgentConfig.custom();

        // when / then
        assertThatThrownBy(() -> set.accept(builder))
                .isInstanceOf(NullPointerException.class)
                .hasMessage(message);
    }

    @Test
    void aRefusedValueLeavesThePreviousValueInPlace() {
        // given
        AgentConfig.Builder builder = AgentConfig.custom().maxIterations(8);

        // when
        assertThatThrownBy(() -> builder.maxIterations(0)).isInstanceOf(IllegalArgumentException.class);
        AgentConfig config = builder.build();

        // then
        assertThat(config.maxIterations()).isEqualTo(8);
    }

    private static final PriceTable PRICES = PriceTable.builder().price("m", ModelPrice.of("1", "2")).build();
    private static final RetryPolicy RETRY = new RetryPolicy(1, Duration.ofMillis(10), Duration.ofMillis(20), 0.0);

    private static AgentConfig.Builder everySettingChanged() {
        return AgentConfig.custom()
                .name("researcher")
                .systemPrompt("Be brief.")
                .maxIterations(7)
                .maxToolCalls(11)
                .tokenBudget(TokenBudget.total(1000).withInput(800).withOutput(200))
                .costBudgetUsd(new BigDecimal("1.25"))
                .prices(PRICES)
                .timeBudget(Duration.ofSeconds(30))
                .interruptGrace(Duration.ofMillis(50))
                .timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD)
                .budgetPressureThreshold(0.8)
                .budgetPressureInstruction("Wrap up.")
                .noProgressThreshold(5)
                .stallThreshold(6)
                .maxConsecutiveMistakes(2)
                .finalAnswerTool("submit")
                .retryPolicy(RETRY)
                .parallelToolCalls(true)
                .toolTimeout(Duration.ofSeconds(5))
                .streamIdleTimeout(Duration.ofSeconds(7))
                .maxOutputTokens(512)
                .structuredOutputRepairs(5);
    }

    private static Arguments bad(String setting, Consumer<AgentConfig.Builder> set, String message) {
        return Arguments.of(setting, set, message);
    }
}
