package dev.terminus.agent;

import dev.terminus.Preconditions;

/** What a {@link PromotionGate} decided about a final answer. */
public sealed interface PromotionDecision {

    /** The answer is promoted: the run ends as it claimed. */
    record Accept() implements PromotionDecision {}

    /**
     * The answer is refused: the run ends {@code PromotionRejected}.
     *
     * @param reason why
     */
    record Reject(String reason) implements PromotionDecision {
        /** Refuses a null reason. */
        public Reject {
            Preconditions.notNull(reason, "Reject.reason");
        }
    }

    /** @return an acceptance */
    static PromotionDecision accept() {
        return new Accept();
    }

    /** @param reason why @return a rejection */
    static PromotionDecision reject(String reason) {
        return new Reject(reason);
    }
}
