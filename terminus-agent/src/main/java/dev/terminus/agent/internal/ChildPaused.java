package dev.terminus.agent.internal;

import dev.terminus.agent.Checkpoint;

/**
 * An agent called as a tool paused at a gate of its own: the calling run pauses at that call too, its checkpoint
 * holding the child's ({@link Checkpoint#child()}), so one decision resumes both.
 */
final class ChildPaused extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Checkpoint checkpoint;

    ChildPaused(Checkpoint checkpoint) {
        super("the agent called as a tool waits at gate " + checkpoint.gateId(), null, false, false);
        this.checkpoint = checkpoint;
    }

    /** @return the child's checkpoint */
    Checkpoint checkpoint() {
        return checkpoint;
    }
}
