package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.internal.ApplicationCases;

/**
 * What a {@link PromotionGate} decided about a final answer: promote it, reject it, or end the run with the
 * application's own termination.
 *
 * <p>New cases may be added in later releases; like a new {@link Termination} case, that is a soft break for code
 * that switches over a decision without a default arm.
 */
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

    /**
     * The answer is not promoted and the run ends with the application's own case instead of
     * {@code PromotionRejected}: a {@link Termination.Extension} (with a valid tag) or a {@link Termination.Custom};
     * the framework's cases state facts only the loop establishes.
     *
     * @param termination how the run ends
     */
    record End(Termination termination) implements PromotionDecision {
        /**
         * Validates the termination.
         *
         * @throws IllegalArgumentException naming the case when it is a framework case, or an extension whose tag is
         *     malformed or a framework case's name
         */
        public End {
            ApplicationCases.require(termination, "End.termination");
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

    /**
     * @param termination the application's own case the run ends with (see {@link End})
     * @return the decision to end the run with it
     * @throws IllegalArgumentException when the termination is not an application's own case
     */
    static PromotionDecision end(Termination termination) {
        return new End(termination);
    }
}
