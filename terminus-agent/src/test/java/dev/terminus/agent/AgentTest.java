package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Building an agent: its common settings set on the builder, how they combine with a config, and the refusal of a
 * configuration that cannot work, naming the setting.
 */
class AgentTest {

    /** A model named gpt-4o that answers "ok"; other tests of agents' configuration build on it too. */
    static final Model MODEL = new Model() {
        @Override
        public ModelResponse chat(dev.terminus.agent.spi.ModelRequest request) {
            return ModelResponse.text("ok", Usage.of(1, 1));
        }

        @Override
        public String name() {
            return "gpt-4o";
        }
    };

    @Test
    void aCostBudgetWithoutAPriceForTheModelIsRefusedNamingBoth() {
        // given
        AgentConfig config = AgentConfig.custom().costBudgetUsd(new BigDecimal("1.00")).build();

        // when / then
        assertThatThrownBy(() -> Agent.builder(MODEL).config(config).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("costBudgetUsd is set (1.00)")
                .hasMessageContaining("no price for model \"gpt-4o\"");
    }

    @Test
    void aCostBudgetWithAPriceForTheModelBuilds() {
        // given
        AgentConfig config = AgentConfig.custom().costBudgetUsd(new BigDecimal("1.00"))
                .prices(PriceTable.builder().price("gpt-4o", ModelPrice.of("2.50", "10.00")).build()).build();

        // when
        Agent agent = Agent.builder(MODEL).config(config).build();

        // then
        assertThat(agent.run("hi").termination()).isEqualTo(new dev.terminus.Termination.NaturalCompletion());
    }

    @Test
    void aToolNameRegisteredTwiceIsRefused() {
        // given
        Tool tool = Tools.of("echo", "echoes", (args, run) -> "x");

        // when / then
        assertThatThrownBy(() -> Agent.builder(MODEL).tool(tool).tool(tool))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tool \"echo\" is registered twice");
    }

    private static final PriceTable PRICES = PriceTable.builder().price("gpt-4o", ModelPrice.of("2.50", "10.00"))
            .build();
    private static final RetryPolicy RETRY = new RetryPolicy(1, Duration.ofMillis(10), Duration.ofMillis(20), 0.0);

    @Test
    void everyCommonSettingSetOnTheBuilderIsTheAgentsSetting() {
        // given
        AgentBuilder builder = Agent.builder(MODEL)
                .name("researcher")
                .systemPrompt("Be brief.")
                .maxIterations(7)
                .maxToolCalls(11)
                .tokenBudget(TokenBudget.total(1_000).withOutput(200))
                .costBudgetUsd(new BigDecimal("1.25"))
                .prices(PRICES)
                .timeBudget(Duration.ofSeconds(30))
                .toolTimeout(Duration.ofSeconds(5))
                .retryPolicy(RETRY);

        // when
        AgentConfig config = builder.build().config();

        // then
        assertThat(config.name()).isEqualTo("researcher");
        assertThat(config.systemPrompt()).contains("Be brief.");
        assertThat(config.maxIterations()).isEqualTo(7);
        assertThat(config.maxToolCalls()).contains(11);
        assertThat(config.tokenBudget()).isEqualTo(TokenBudget.total(1_000).withOutput(200));
        assertThat(config.costBudgetUsd()).contains(new BigDecimal("1.25"));
        assertThat(config.prices()).isSameAs(PRICES);
        assertThat(config.timeBudget()).contains(Duration.ofSeconds(30));
        assertThat(config.toolTimeout()).contains(Duration.ofSeconds(5));
        assertThat(config.retryPolicy()).isEqualTo(RETRY);
    }

    @Test
    void aBuilderWithoutSettingsHasTheDefaults() {
        // when
        AgentConfig config = Agent.builder(MODEL).build().config();

        // then
        assertThat(config).usingRecursiveComparison().isEqualTo(AgentConfig.ofDefaults());
    }

    @Test
    void aToolCallCapSetOnTheBuilderEndsTheRunMaxToolCallsReached() {
        // given
        AtomicInteger echoed = new AtomicInteger();
        Agent agent = Agent.builder(alwaysCallingEcho())
                .tool(Tools.of("echo", "echoes", (args, run) -> "echo:" + echoed.incrementAndGet()))
                .maxToolCalls(1)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.MaxToolCallsReached(1, 1));
        assertThat(echoed).hasValue(1);
    }

    @Test
    void anIterationCapAndASystemPromptSetOnTheBuilderReachTheRun() {
        // given
        List<ModelRequest> requests = new CopyOnWriteArrayList<>();
        Model model = recording(alwaysCallingEcho(), requests);
        Agent agent = Agent.builder(model)
                .tool(Tools.of("echo", "echoes", (args, run) -> "ok"))
                .systemPrompt("Be brief.")
                .maxIterations(2)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.MaxIterationsReached(2, 2));
        assertThat(requests).hasSize(2)
                .allSatisfy(request -> assertThat(request.messages().get(0)).isEqualTo(new Message.System("Be brief.")));
    }

    @Test
    void aSettingSetOnTheBuilderWinsOverTheConfigGivenAfterIt() {
        // given
        AgentConfig shared = AgentConfig.custom().name("shared").maxIterations(10).build();

        // when
        AgentConfig config = Agent.builder(MODEL).maxIterations(3).config(shared).build().config();

        // then
        assertThat(config.maxIterations()).isEqualTo(3);
        assertThat(config.name()).isEqualTo("shared");
    }

    @Test
    void aSettingSetOnTheBuilderWinsOverTheConfigGivenBeforeIt() {
        // given
        AgentConfig shared = AgentConfig.custom().name("shared").maxIterations(10).build();

        // when
        AgentConfig config = Agent.builder(MODEL).config(shared).maxIterations(3).build().config();

        // then
        assertThat(config.maxIterations()).isEqualTo(3);
        assertThat(config.name()).isEqualTo("shared");
    }

    @Test
    void theConfigsOtherSettingsAreKeptUnderTheBuildersSettings() {
        // given
        AgentConfig shared = AgentConfig.custom()
                .withoutStallThreshold()
                .parallelToolCalls(true)
                .finalAnswerTool("submit")
                .timeBudget(Duration.ofSeconds(30))
                .build();

        // when
        AgentConfig config = Agent.builder(MODEL).name("researcher").config(shared).toolTimeout(Duration.ofSeconds(5))
                .build().config();

        // then
        assertThat(config.name()).isEqualTo("researcher");
        assertThat(config.toolTimeout()).contains(Duration.ofSeconds(5));
        assertThat(config.stallThreshold()).isEmpty();
        assertThat(config.parallelToolCalls()).isTrue();
        assertThat(config.finalAnswerTool()).contains("submit");
        assertThat(config.timeBudget()).contains(Duration.ofSeconds(30));
    }

    @Test
    void aConfigGivenAgainReplacesTheOneBeforeAndTheBuildersSettingsStay() {
        // given
        AgentConfig first = AgentConfig.custom().maxIterations(10).parallelToolCalls(true).build();
        AgentConfig second = AgentConfig.custom().maxIterations(20).build();

        // when
        AgentConfig config = Agent.builder(MODEL).config(first).name("researcher").config(second).build().config();

        // then
        assertThat(config.maxIterations()).isEqualTo(20);
        assertThat(config.parallelToolCalls()).isFalse();
        assertThat(config.name()).isEqualTo("researcher");
    }

    @Test
    void theLastValueOfASettingSetTwiceWins() {
        // when
        AgentConfig config = Agent.builder(MODEL).maxIterations(3).config(AgentConfig.ofDefaults()).maxIterations(4)
                .build().config();

        // then
        assertThat(config.maxIterations()).isEqualTo(4);
    }

    @Test
    void aCostBudgetAndPricesSetOnTheBuilderBuild() {
        // when
        Agent agent = Agent.builder(MODEL).costBudgetUsd(new BigDecimal("1.00")).prices(PRICES).build();

        // then
        assertThat(agent.run("hi").termination()).isEqualTo(new Termination.NaturalCompletion());
    }

    @Test
    void buildingDoesNotChangeTheConfigGiven() {
        // given
        AgentConfig shared = AgentConfig.custom().maxIterations(10).build();

        // when
        Agent.builder(MODEL).config(shared).maxIterations(3).name("other").build();

        // then
        assertThat(shared.maxIterations()).isEqualTo(10);
        assertThat(shared.name()).isEqualTo("agent");
    }

    static Stream<Arguments> badValues() {
        return Stream.of(
                bad("name", b -> b.name(" "), "name must not be blank, was \" \""),
                bad("systemPrompt", b -> b.systemPrompt(""), "systemPrompt must not be blank, was \"\""),
                bad("maxIterations", b -> b.maxIterations(0), "maxIterations must be >= 1, was 0"),
                bad("maxToolCalls", b -> b.maxToolCalls(-1), "maxToolCalls must be >= 0, was -1"),
                bad("costBudgetUsd", b -> b.costBudgetUsd(BigDecimal.ZERO), "costBudgetUsd must be > 0, was 0"),
                bad("timeBudget", b -> b.timeBudget(Duration.ZERO), "timeBudget must be > 0, was PT0S"),
                bad("toolTimeout", b -> b.toolTimeout(Duration.ofSeconds(-1)), "toolTimeout must be > 0, was PT-1S"));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("badValues")
    void aBadValueIsRefusedWhenSetNamingTheSettingAndTheValue(String setting, Consumer<AgentBuilder> set,
            String message) {
        // given
        AgentBuilder builder = Agent.builder(MODEL);

        // when / then
        assertThatThrownBy(() -> set.accept(builder))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message)
                .hasMessageStartingWith(setting);
    }

    static Stream<Arguments> nullValues() {
        return Stream.of(
                bad("name", b -> b.name(null), "name must not be null"),
                bad("systemPrompt", b -> b.systemPrompt(null), "systemPrompt must not be null"),
                bad("tokenBudget", b -> b.tokenBudget(null), "tokenBudget must not be null"),
                bad("costBudgetUsd", b -> b.costBudgetUsd(null), "costBudgetUsd must not be null"),
                bad("prices", b -> b.prices(null), "prices must not be null"),
                bad("timeBudget", b -> b.timeBudget(null), "timeBudget must not be null"),
                bad("toolTimeout", b -> b.toolTimeout(null), "toolTimeout must not be null"),
                bad("retryPolicy", b -> b.retryPolicy(null), "retryPolicy must not be null"),
                bad("config", b -> b.config(null), "config must not be null"),
                bad("userSimulator", b -> b.userSimulator(null), "userSimulator must not be null"),
                bad("outputValidator", b -> b.outputValidator(null), "outputValidator must not be null"),
                bad("compaction", b -> b.compaction(null), "compaction must not be null"),
                bad("promotionGate", b -> b.promotionGate(null), "promotionGate must not be null"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullValues")
    void noSetterTakesNullNamingTheSetting(String setting, Consumer<AgentBuilder> set, String message) {
        // given
        AgentBuilder builder = Agent.builder(MODEL);

        // when / then
        assertThatThrownBy(() -> set.accept(builder))
                .isInstanceOf(NullPointerException.class)
                .hasMessage(message);
    }

    @Test
    void aRefusedValueIsNotKeptForALaterConfig() {
        // given
        AgentBuilder builder = Agent.builder(MODEL).maxIterations(8);
        assertThatThrownBy(() -> builder.maxIterations(0)).isInstanceOf(IllegalArgumentException.class);

        // when
        AgentConfig config = builder.config(AgentConfig.custom().name("shared").build()).build().config();

        // then
        assertThat(config.maxIterations()).isEqualTo(8);
        assertThat(config.name()).isEqualTo("shared");
    }

    /** A model that asks for the echo tool on every call, with new arguments each time (so no guard trips). */
    private static Model alwaysCallingEcho() {
        AtomicInteger call = new AtomicInteger();
        return new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) {
                int n = call.incrementAndGet();
                return new ModelResponse(Message.Assistant.of("", new ToolCall("call-" + n, "echo", Map.of("n", n))),
                        Usage.of(1, 1), FinishReason.TOOL_CALLS);
            }

            @Override
            public String name() {
                return "gpt-4o";
            }
        };
    }

    private static Model recording(Model model, List<ModelRequest> requests) {
        return new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) throws Exception {
                requests.add(request);
                return model.chat(request);
            }

            @Override
            public String name() {
                return model.name();
            }
        };
    }

    private static Arguments bad(String setting, Consumer<AgentBuilder> set, String message) {
        return Arguments.of(setting, set, message);
    }
}
