package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.InvariantClass;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.CriterionResult;
import dev.terminus.agent.PromotionDecision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Real runs driven into the terminations that end them by what the agents propose and how it is judged. */
class TerminationScenariosTest {

    @Test
    void aCycleThatChangesNothingEndsTheRunConvergedWithTheCyclesRun() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1, "y", "two")))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(result.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(result.cycles()).isEqualTo(2);
        assertThat(result.factsMerged()).isEqualTo(2);
        assertThat(result.context().values()).containsExactly(Map.entry("x", 1), Map.entry("y", "two"));
        assertThat(result.pause()).isEmpty();
    }

    @Test
    void criteriaAllMetAfterACycleEndTheRunCriteriaMetBeforeTheFixedPoint() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .criterion(ContextCriterion.of("has-x", context ->
                        context.contains("x") ? CriterionResult.met() : CriterionResult.notMet("no x yet")))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.CriteriaMet(List.of("has-x")));
        assertThat(result.cycles()).isEqualTo(1);
    }

    @Test
    void aFixedPointWithACriterionBlockedOnAPersonEndsTheRunHumanInterventionRequired() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .criterion(ContextCriterion.of("has-x", context -> CriterionResult.met()))
                .criterion(ContextCriterion.of("sign-off", context -> CriterionResult.blocked("LEGAL-17")))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(
                new Termination.HumanInterventionRequired(List.of("sign-off"), List.of("LEGAL-17")));
        assertThat(result.outcome()).isEqualTo(Outcome.SUSPENDED);
        assertThat(result.cycles()).isEqualTo(2);
    }

    @Test
    void aStructuralInvariantIsCheckedAfterEveryMergeAndStopsAtTheFirstBadFact() {
        // given
        List<Integer> sizesSeen = new ArrayList<>();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("c", 3);
        facts.put("a", 1);
        facts.put("b", -2);
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", facts))
                .invariant(ContextInvariant.of("no-negatives", InvariantClass.STRUCTURAL, context -> {
                    sizesSeen.add(context.size());
                    return context.value("b", Integer.class).filter(b -> b < 0).map(b -> "b is " + b).orElse(null);
                }))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then: merged by key, a then b; c is never merged
        assertThat(result.termination()).isEqualTo(
                new Termination.InvariantViolated(InvariantClass.STRUCTURAL, "no-negatives", "b is -2"));
        assertThat(sizesSeen).containsExactly(1, 2);
        assertThat(result.context().keys()).containsExactly("a", "b");
    }

    @Test
    void aSemanticInvariantIsCheckedAtTheEndOfEveryCycle() {
        // given
        List<Integer> cyclesChecked = new ArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.counter("counter", "n"))
                .invariant(ContextInvariant.of("at-most-three", InvariantClass.SEMANTIC, context -> {
                    int n = context.value("n", Integer.class).orElseThrow();
                    cyclesChecked.add(n);
                    return n > 3 ? "n reached " + n : null;
                }))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(
                new Termination.InvariantViolated(InvariantClass.SEMANTIC, "at-most-three", "n reached 4"));
        assertThat(cyclesChecked).containsExactly(1, 2, 3, 4);
        assertThat(result.cycles()).isEqualTo(4);
    }

    @Test
    void anAcceptanceInvariantIsCheckedOnlyWhenConvergenceIsClaimed() {
        // given
        List<Integer> sizesChecked = new ArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .invariant(ContextInvariant.of("has-total", InvariantClass.ACCEPTANCE, context -> {
                    sizesChecked.add(context.size());
                    return context.contains("total") ? null : "no total";
                }))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then: not after cycle 1 (it changed x), once after the quiet cycle 2
        assertThat(result.termination()).isEqualTo(
                new Termination.InvariantViolated(InvariantClass.ACCEPTANCE, "has-total", "no total"));
        assertThat(sizesChecked).containsExactly(1);
        assertThat(result.cycles()).isEqualTo(2);
    }

    @Test
    void aGateRejectionUnderEndRunEndsTheRunPromotionRejectedWithTheProposalsId() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("reader", Map.of("total", -5)))
                .promotionGate((proposal, context) -> proposal.value() instanceof Integer i && i < 0
                        ? PromotionDecision.reject("totals are never negative") : PromotionDecision.accept(),
                        RejectionPolicy.END_RUN)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        String id = Proposal.of("reader", ProposedFact.of("total", -5)).id();
        assertThat(result.termination()).isEqualTo(new Termination.PromotionRejected(id, "totals are never negative"));
        assertThat(result.rejected()).extracting(RejectedProposal::rejectedBy).containsExactly(RejectedProposal.By.GATE);
        assertThat(result.context().isEmpty()).isTrue();
    }

    @Test
    void anAgentThatDeclinesEndsTheRunAgentRefusedWithItsName() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("extractor", Map.of("x", 1)))
                .agent(ConvergenceAgent.of("lawyer", Trigger.always(), (context, cycle) ->
                        Reply.refuse("I do not read contracts")))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then: the refusal comes before the merge phase of its cycle
        assertThat(result.termination()).isEqualTo(new Termination.AgentRefused("lawyer", "I do not read contracts"));
        assertThat(result.context().isEmpty()).isTrue();
    }

    @Test
    void anAgentThatThrowsEndsTheRunFailedInternalWithTheExceptionAsLiveCause() {
        // given
        IllegalStateException boom = new IllegalStateException("parser broke");
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("broken", Trigger.always(), (context, cycle) -> {
                    throw boom;
                }))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        Termination.Failed failed = (Termination.Failed) result.termination();
        assertThat(failed.error().type()).isEqualTo(IllegalStateException.class.getName());
        assertThat(failed.error().message()).isEqualTo("parser broke");
        assertThat(failed.error().category()).isEqualTo(ErrorCategory.INTERNAL);
        assertThat(failed.liveCause()).containsSame(boom);
    }

    @Test
    void anAgentAnsweringNullEndsTheRunFailedNamingTheAgent() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("silent", Trigger.always(), (context, cycle) -> null))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed ->
                assertThat(failed.error().message()).contains("\"silent\" answered null"));
    }

    @Test
    void anAgentFailingWithATypedTerminationEndsTheRunWithIt() {
        // given
        Termination.Failed outage = new Termination.Failed(
                new dev.terminus.ErrorInfo("java.net.ConnectException", "registry down", ErrorCategory.EXTERNAL));
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("registry", Trigger.always(), (context, cycle) -> Reply.fail(outage)))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(outage);
    }
}
