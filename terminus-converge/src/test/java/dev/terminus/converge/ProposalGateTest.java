package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.PromotionDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProposalGateTest {

    @Test
    void theGateReviewsOnlyProposalsThatWouldChangeTheContextSeeingItBeforeTheProposal() {
        // given
        List<String> reviewed = new ArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1, "y", 2)))
                .promotionGate((proposal, context) -> {
                    reviewed.add(proposal.key() + " after " + context.keys());
                    return PromotionDecision.accept();
                }, RejectionPolicy.END_RUN)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.of(Map.of("y", 2)));

        // then: y already had its value; x is reviewed once, in cycle 1
        assertThat(reviewed).containsExactly("x after [y]");
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
    }

    @Test
    void aGateThatThrowsEndsTheRunFailed() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .promotionGate((proposal, context) -> {
                    throw new IllegalStateException("gate down");
                }, RejectionPolicy.END_RUN)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed ->
                assertThat(failed.error().message()).isEqualTo("gate down"));
    }
}
