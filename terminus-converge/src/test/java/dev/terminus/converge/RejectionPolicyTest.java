package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.PromotionDecision;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class RejectionPolicyTest {

    private static ConvergenceEngine engine(RejectionPolicy policy, List<ConvergenceEvent> events) {
        return ConvergenceEngine.builder()
                .agent(Fixtures.constant("reader", Map.of("total", -5, "currency", "EUR")))
                .promotionGate((proposal, context) -> "total".equals(proposal.key())
                        ? PromotionDecision.reject("negative") : PromotionDecision.accept(), policy)
                .listener(events::add)
                .build();
    }

    @Test
    void endRunEndsTheRunAtTheFirstRejection() {
        // given
        List<ConvergenceEvent> events = new CopyOnWriteArrayList<>();

        // when
        ConvergenceResult result = engine(RejectionPolicy.END_RUN, events).run(Context.empty());

        // then: currency sorts before total, so it was merged first
        assertThat(result.termination()).isInstanceOf(Termination.PromotionRejected.class);
        assertThat(result.context().keys()).containsExactly("currency");
    }

    @Test
    void recordAndDropRecordsTheRejectionOnceAndTheRunGoesOnToConverge() {
        // given
        List<ConvergenceEvent> events = new CopyOnWriteArrayList<>();

        // when: the reader proposes the same negative total in both cycles
        ConvergenceResult result = engine(RejectionPolicy.RECORD_AND_DROP, events).run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(result.rejected()).singleElement().satisfies(rejection -> {
            assertThat(rejection.proposal().key()).isEqualTo("total");
            assertThat(rejection.reason()).isEqualTo("negative");
            assertThat(rejection.rejectedBy()).isEqualTo(RejectedProposal.By.GATE);
        });
        assertThat(events).filteredOn(ConvergenceEvent.ProposalRejected.class::isInstance).hasSize(1);
        assertThat(result.context().keys()).containsExactly("currency");
    }
}
