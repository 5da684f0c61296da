package dev.terminus.converge;

import dev.terminus.converge.spi.ProposalGate;

/** What a rejection by the {@link ProposalGate} does to the run. */
public enum RejectionPolicy {
    /** The run ends {@link dev.terminus.Termination.PromotionRejected} with the proposal's id and the reason. */
    END_RUN,
    /**
     * The proposal is recorded in {@link ConvergenceResult#rejected()} and dropped; the run goes on, and the same
     * proposal (same agent, key and value) is not proposed again.
     */
    RECORD_AND_DROP
}
