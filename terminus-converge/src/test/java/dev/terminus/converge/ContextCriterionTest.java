package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.CriterionResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextCriterionTest {

    @Test
    void ofEvaluatesTheContextWithTheFunction() {
        // given
        ContextCriterion criterion = ContextCriterion.of("has-status", context ->
                context.contains("status") ? CriterionResult.met() : CriterionResult.notMet("no status"));

        // then
        assertThat(criterion.evaluate(Context.empty())).isEqualTo(CriterionResult.notMet("no status"));
        assertThat(criterion.evaluate(Context.of(Map.of("status", "ok")))).isEqualTo(CriterionResult.met());
        assertThat(criterion).hasToString("ContextCriterion[has-status]");
        assertThatThrownBy(() -> ContextCriterion.of(" ", context -> CriterionResult.met()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFixedPointWithACriterionNotMetNeedsAPersonAndNamesIt() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .criterion(ContextCriterion.of("has-y", context -> CriterionResult.notMet("no y")))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.HumanInterventionRequired(List.of("has-y"), List.of()));
    }

    @Test
    void aCriterionBlockedBeforeTheFixedPointLetsTheRunGoOnUntilItIsMet() {
        // given: the counter changes n in every cycle; the criterion is blocked until n reaches 3
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.counter("counter", "n"))
                .criterion(ContextCriterion.of("n-is-3", context -> context.value("n", Integer.class).orElse(0) >= 3
                        ? CriterionResult.met() : CriterionResult.blocked("WAIT-1")))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.CriteriaMet(List.of("n-is-3")));
        assertThat(result.cycles()).isEqualTo(3);
    }
}
