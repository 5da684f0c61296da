package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 34, item 5, "One builder": every setting of {@link AgentConfig} is on {@code Agent.builder(model)} by the same
 * name, checked once (by {@link AgentConfig.Builder}), and a handoff to an agent without a name is refused.
 */
class OneBuilderTest {

    private static final Model MODEL = AgentTest.MODEL;

    @Test
    void oneBuilder_everySettingOfAgentConfigIsOnTheAgentsBuilderByTheSameName() {
        // given: the setters of the shareable bundle
        List<Method> settings = Arrays.stream(AgentConfig.Builder.class.getDeclaredMethods())
                .filter(method -> Modifier.isPublic(method.getModifiers()) && !method.getName().equals("build"))
                .toList();

        // when
        List<String> missing = settings.stream().filter(setting -> !onTheAgentsBuilder(setting))
                .map(setting -> setting.getName() + Arrays.toString(setting.getParameterTypes())).toList();

        // then
        assertThat(settings).hasSizeGreaterThan(20);
        assertThat(missing).as("AgentConfig settings Agent.builder(model) lacks").isEmpty();
    }

    private static boolean onTheAgentsBuilder(Method setting) {
        try {
            Method own = AgentBuilder.class.getMethod(setting.getName(), setting.getParameterTypes());
            return own.getReturnType() == AgentBuilder.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    static Stream<Arguments> settingsOnlyAConfigHadBefore() {
        return Stream.of(
                same("interruptGrace", b -> b.interruptGrace(Duration.ofMillis(50)),
                        c -> c.interruptGrace(Duration.ofMillis(50))),
                same("timeBudgetEnforcement", b -> b.timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD),
                        c -> c.timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD)),
                same("budgetPressureThreshold", b -> b.budgetPressureThreshold(0.8),
                        c -> c.budgetPressureThreshold(0.8)),
                same("budgetPressureInstruction", b -> b.budgetPressureInstruction("Wrap up."),
                        c -> c.budgetPressureInstruction("Wrap up.")),
                same("noProgressThreshold", b -> b.noProgressThreshold(5), c -> c.noProgressThreshold(5)),
                same("withoutNoProgressThreshold", AgentBuilder::withoutNoProgressThreshold,
                        AgentConfig.Builder::withoutNoProgressThreshold),
                same("stallThreshold", b -> b.stallThreshold(6), c -> c.stallThreshold(6)),
                same("withoutStallThreshold", AgentBuilder::withoutStallThreshold,
                        AgentConfig.Builder::withoutStallThreshold),
                same("maxConsecutiveMistakes", b -> b.maxConsecutiveMistakes(2), c -> c.maxConsecutiveMistakes(2)),
                same("withoutMaxConsecutiveMistakes", AgentBuilder::withoutMaxConsecutiveMistakes,
                        AgentConfig.Builder::withoutMaxConsecutiveMistakes),
                same("finalAnswerTool", b -> b.finalAnswerTool("submit"), c -> c.finalAnswerTool("submit")),
                same("parallelToolCalls", b -> b.parallelToolCalls(true), c -> c.parallelToolCalls(true)),
                same("streamIdleTimeout", b -> b.streamIdleTimeout(Duration.ofSeconds(5)),
                        c -> c.streamIdleTimeout(Duration.ofSeconds(5))),
                same("withoutStreamIdleTimeout", AgentBuilder::withoutStreamIdleTimeout,
                        AgentConfig.Builder::withoutStreamIdleTimeout),
                same("maxOutputTokens", b -> b.maxOutputTokens(300), c -> c.maxOutputTokens(300)),
                same("structuredOutputRepairs", b -> b.structuredOutputRepairs(0), c -> c.structuredOutputRepairs(0)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("settingsOnlyAConfigHadBefore")
    void oneBuilder_aSettingSetOnTheAgentsBuilderIsTheSettingAConfigWouldGive(String setting,
            Consumer<AgentBuilder> onAgent, Consumer<AgentConfig.Builder> onConfig) {
        // given
        AgentBuilder agent = Agent.builder(MODEL);
        AgentConfig.Builder config = AgentConfig.custom();
        onAgent.accept(agent);
        onConfig.accept(config);

        // when
        AgentConfig built = agent.build().config();

        // then
        assertThat(built).usingRecursiveComparison().isEqualTo(config.build());
        assertThat(built).usingRecursiveComparison().isNotEqualTo(AgentConfig.ofDefaults());
    }

    @Test
    void oneBuilder_theAgentsOwnSettingWinsOverASharedConfigsWhateverTheOrder() {
        // given: a shared config with budget pressure and a stall guard
        AgentConfig shared = AgentConfig.custom().budgetPressureThreshold(0.9).stallThreshold(3).build();

        // when
        AgentConfig before = Agent.builder(MODEL).withoutStallThreshold().config(shared).build().config();
        AgentConfig after = Agent.builder(MODEL).config(shared).withoutStallThreshold().build().config();

        // then
        assertThat(before.stallThreshold()).isEmpty();
        assertThat(after.stallThreshold()).isEmpty();
        assertThat(before.budgetPressureThreshold()).contains(0.9);
        assertThat(after.budgetPressureThreshold()).contains(0.9);
    }

    static Stream<Arguments> badValues() {
        return Stream.of(
                Arguments.of((Consumer<AgentBuilder>) b -> b.budgetPressureThreshold(1.5),
                        (Consumer<AgentConfig.Builder>) c -> c.budgetPressureThreshold(1.5)),
                Arguments.of((Consumer<AgentBuilder>) b -> b.streamIdleTimeout(Duration.ZERO),
                        (Consumer<AgentConfig.Builder>) c -> c.streamIdleTimeout(Duration.ZERO)),
                Arguments.of((Consumer<AgentBuilder>) b -> b.finalAnswerTool("has space"),
                        (Consumer<AgentConfig.Builder>) c -> c.finalAnswerTool("has space")),
                Arguments.of((Consumer<AgentBuilder>) b -> b.stallThreshold(1),
                        (Consumer<AgentConfig.Builder>) c -> c.stallThreshold(1)),
                Arguments.of((Consumer<AgentBuilder>) b -> b.interruptGrace(Duration.ofMillis(-1)),
                        (Consumer<AgentConfig.Builder>) c -> c.interruptGrace(Duration.ofMillis(-1))));
    }

    @ParameterizedTest
    @MethodSource("badValues")
    void oneBuilder_aBadValueOnTheAgentsBuilderIsRefusedWithTheConfigsMessage(Consumer<AgentBuilder> onAgent,
            Consumer<AgentConfig.Builder> onConfig) {
        // given
        Throwable fromConfig = org.assertj.core.api.Assertions.catchThrowable(
                () -> onConfig.accept(AgentConfig.custom()));

        // when / then
        assertThat(fromConfig).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> onAgent.accept(Agent.builder(MODEL)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(fromConfig.getMessage());
    }

    @Test
    void oneBuilder_aHandoffToAnAgentWithoutANameIsRefusedNamingTheSetting() {
        // given: an agent left with the default name, which would offer "transfer_to_agent"
        Agent unnamed = Agent.builder(MODEL).systemPrompt("You handle billing.").build();
        AgentBuilder triage = Agent.builder(MODEL).name("triage");

        // when / then
        assertThatThrownBy(() -> triage.handoff(unnamed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("handoff: the agent has no name, so its tool would be transfer_to_agent; give it one"
                        + " with Agent.builder(model).name(...)");
    }

    @Test
    void oneBuilder_aHandoffToANamedAgentOffersItsTransferTool() {
        // given: named on its builder, or through a shared config
        Agent billing = Agent.builder(MODEL).name("billing").build();
        Agent sales = Agent.builder(MODEL).config(AgentConfig.custom().name("sales").build()).build();

        // when
        Agent triage = Agent.builder(MODEL).name("triage").handoff(billing).handoff(sales).build();

        // then
        assertThat(dev.terminus.agent.internal.AgentAccess.spec(triage).toolSpecs())
                .extracting(dev.terminus.agent.spi.ToolSpec::name)
                .containsExactly("transfer_to_billing", "transfer_to_sales");
    }

    private static Arguments same(String setting, Consumer<AgentBuilder> onAgent,
            Consumer<AgentConfig.Builder> onConfig) {
        return Arguments.of(setting, onAgent, onConfig);
    }
}
