package dev.terminus.converge.spi;

import dev.terminus.agent.PromotionDecision;
import dev.terminus.converge.Context;
import dev.terminus.converge.Proposal;
import dev.terminus.converge.RejectionPolicy;

/**
 * The check every proposal that would change the context passes before it is merged (a proposal of the value a fact
 * already has changes nothing and is not reviewed). What a rejection does is the engine's {@link RejectionPolicy}:
 * end the run {@link dev.terminus.Termination.PromotionRejected}, or record the proposal and drop it. A gate that
 * throws ends the run {@code Failed}.
 *
 * {@snippet :
 * ProposalGate noNegativeTotals = (proposal, context) ->
 *         proposal.key().endsWith(".cents") && proposal.value() instanceof Integer cents && cents < 0
 *                 ? PromotionDecision.reject("amounts are never negative")
 *                 : PromotionDecision.accept();
 * }
 */
@FunctionalInterface
public interface ProposalGate {

    /**
     * @param proposal the proposal
     * @param context the context as it is before the proposal (a read-only view, valid during the call only)
     * @return accept, or reject with a reason
     */
    PromotionDecision review(Proposal proposal, Context context);
}
