package dev.terminus.converge;

import dev.terminus.converge.spi.ProposalGate;
import dev.terminus.Preconditions;

/**
 * A proposal that was not merged, why, and who decided. The same proposal (same id) is not proposed again in the run.
 *
 * @param proposal the proposal
 * @param reason why it was rejected
 * @param rejectedBy the promotion gate or a person
 */
public record RejectedProposal(Proposal proposal, String reason, By rejectedBy) {

    /** Who rejected a proposal. */
    public enum By {
        /** The engine's {@link ProposalGate}, under {@link RejectionPolicy#RECORD_AND_DROP} or {@code END_RUN}. */
        GATE,
        /** A person, through {@link dev.terminus.agent.GateDecision.Reject} on a paused run. */
        PERSON
    }

    /** Refuses null components. */
    public RejectedProposal {
        Preconditions.notNull(proposal, "RejectedProposal.proposal");
        Preconditions.notNull(reason, "RejectedProposal.reason");
        Preconditions.notNull(rejectedBy, "RejectedProposal.rejectedBy");
    }
}
