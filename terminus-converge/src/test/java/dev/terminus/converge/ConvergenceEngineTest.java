package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ConvergenceEngineTest {

    @Test
    void theBuilderRefusesBadValuesNamingThem() {
        // given
        ConvergenceEngine.Builder builder = ConvergenceEngine.builder();

        // when / then
        assertThatThrownBy(() -> builder.maxCycles(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxCycles must be > 0, was 0");
        assertThatThrownBy(() -> builder.maxFacts(-3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxFacts must be > 0, was -3");
        assertThatThrownBy(() -> builder.timeBudget(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeBudget must be > 0, was PT0S");
        assertThatThrownBy(() -> builder.confidenceThreshold(1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("confidenceThreshold must be in (0, 1], was 1.5");
        assertThatThrownBy(() -> builder.gatedKeys("ok", "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("gatedKeys element must not be blank");
        assertThatThrownBy(() -> builder.name(" ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("name must not be blank");
        assertThatThrownBy(() -> builder.promotionGate((p, c) -> null, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("policy must not be null");
        assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("a convergence engine needs at least one agent");
    }

    @Test
    void twoAgentsOfOneNameAreRefused() {
        // given
        ConvergenceEngine.Builder builder = ConvergenceEngine.builder().agent(Fixtures.constant("a", Map.of()));

        // when / then
        assertThatThrownBy(() -> builder.agent(Fixtures.constant("a", Map.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("agent \"a\" is registered twice");
    }

    @Test
    void proposalsAreMergedByAgentRegistrationOrderThenKeySoTheLaterAgentWins() {
        // given
        List<String> merged = new CopyOnWriteArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("zeta", Trigger.once(), (context, cycle) ->
                        Reply.propose(Map.of("b", "zeta", "a", "zeta", "shared", "zeta"))))
                .agent(ConvergenceAgent.of("alpha", Trigger.once(), (context, cycle) ->
                        Reply.propose(Map.of("shared", "alpha", "c", "alpha"))))
                .listener(event -> {
                    if (event instanceof ConvergenceEvent.FactMerged fact) {
                        merged.add(fact.proposal().agent() + ":" + fact.fact().key());
                    }
                })
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(merged).containsExactly("zeta:a", "zeta:b", "zeta:shared", "alpha:c", "alpha:shared");
        assertThat(result.context().value("shared")).isEqualTo("alpha");
        assertThat(result.context().keys()).containsExactly("a", "b", "shared", "c");
    }

    @Test
    void afterTheFirstCycleOnlyAgentsWhoseInputsChangedRun() {
        // given
        List<String> ran = new ArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("source", Map.of("x", 1)))
                .agent(ConvergenceAgent.of("on-x", Trigger.on("x"), (context, cycle) -> {
                    ran.add("on-x@" + cycle);
                    return Reply.nothing();
                }))
                .agent(ConvergenceAgent.of("on-y", Trigger.on("y"), (context, cycle) -> {
                    ran.add("on-y@" + cycle);
                    return Reply.nothing();
                }))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then: cycle 1 runs everyone; x changed in cycle 1, so on-x runs in cycle 2; nothing changed in cycle 2
        assertThat(ran).containsExactly("on-x@1", "on-y@1", "on-x@2");
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
    }

    @Test
    void runRefusesANullContext() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder().agent(Fixtures.constant("a", Map.of())).build();

        // when / then
        assertThatThrownBy(() -> engine.run(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("initial must not be null");
    }
}
