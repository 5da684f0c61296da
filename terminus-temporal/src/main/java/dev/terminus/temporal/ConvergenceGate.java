package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.converge.Pause;
import dev.terminus.converge.Proposal;

/**
 * The approval gate a {@link ConvergenceWorkflow}'s run waits at: what a person is asked to decide, with
 * {@link ConvergenceWorkflow#answer}.
 *
 * @param gateId the gate's id, which the decision must name
 * @param summary what is proposed and why it needs a person, in one line
 * @param cycle the cycle the run paused in
 * @param proposal the proposal waiting for the decision
 */
public record ConvergenceGate(String gateId, String summary, int cycle, Proposal proposal) {
    /** Validates that nothing is null. */
    public ConvergenceGate {
        Preconditions.notBlank(gateId, "ConvergenceGate.gateId");
        Preconditions.notNull(summary, "ConvergenceGate.summary");
        Preconditions.nonNegative(cycle, "ConvergenceGate.cycle");
        Preconditions.notNull(proposal, "ConvergenceGate.proposal");
    }

    /**
     * @param pause a paused run
     * @return the gate it waits at
     */
    public static ConvergenceGate of(Pause pause) {
        Termination.HitlGatePending gate = pause.gate();
        return new ConvergenceGate(gate.gateId(), gate.summary(), gate.cycle(), pause.staged());
    }
}
