package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.converge.Pause;
import dev.terminus.converge.Proposal;

/**
 * The approval gate a {@link ConvergenceWorkflow}'s run waits at: what a person is asked to decide, with
 * {@link ConvergenceWorkflow#decide}.
 *
 * @param gateId the gate's id, which the decision must name
 * @param summary what is proposed and why it needs a person, in one line
 * @param cycle the cycle the run paused in
 * @param proposal the proposal waiting for the decision
 */
public record PendingGate(String gateId, String summary, int cycle, Proposal proposal) {
    /** Validates that nothing is null. */
    public PendingGate {
        Preconditions.notBlank(gateId, "PendingGate.gateId");
        Preconditions.notNull(summary, "PendingGate.summary");
        Preconditions.nonNegative(cycle, "PendingGate.cycle");
        Preconditions.notNull(proposal, "PendingGate.proposal");
    }

    /**
     * @param pause a paused run
     * @return the gate it waits at
     */
    public static PendingGate of(Pause pause) {
        Termination.HitlGatePending gate = pause.gate();
        return new PendingGate(gate.gateId(), gate.summary(), gate.cycle(), pause.staged());
    }
}
