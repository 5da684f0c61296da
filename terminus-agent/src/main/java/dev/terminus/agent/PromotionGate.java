package dev.terminus.agent;

import org.jspecify.annotations.Nullable;

/**
 * The last check on a final answer before the run ends with it: a validator that accepts it, rejects it with a
 * reason ({@link dev.terminus.Termination.PromotionRejected}, whose {@code proposalId} is {@code answer-<iteration>}),
 * or {@linkplain PromotionDecision#end ends the run with the application's own case}.
 * It runs when the run claims completion, after structured output and acceptance invariants, before the success
 * criteria. A gate that throws fails the run.
 *
 * {@snippet :
 * PromotionGate shortEnough = (run, answer) -> answer != null && answer.length() <= 280
 *         ? PromotionDecision.accept() : PromotionDecision.reject("the answer must fit in 280 characters");
 * }
 */
@FunctionalInterface
public interface PromotionGate {

    /**
     * @param run the run at the claim
     * @param answer the answer claimed final, or null when the claim has no answer text
     * @return the decision
     */
    PromotionDecision review(RunContext run, @Nullable String answer);
}
