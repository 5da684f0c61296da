package dev.terminus.agent;

import dev.terminus.Termination;

/**
 * A run paused at a human-approval gate, as a value that can be stored and resumed later: an agent loop's
 * {@link Checkpoint} or a convergence run's {@code Pause}. Its gate's id names it, in a
 * {@link dev.terminus.agent.spi.GateStore} and in the {@link GateDecision} that resumes it.
 */
public interface PausedRun {

    /** @return the termination the run paused with */
    Termination.HitlGatePending gate();

    /** @return the gate's id, which names this paused run */
    default String gateId() {
        return gate().gateId();
    }
}
