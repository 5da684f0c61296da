package dev.terminus.temporal.internal;

import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;

/**
 * When a suite goes on in a fresh execution of its workflow (continue-as-new, ADR 0044): once its history reaches
 * {@value #EVENTS} events or about {@value #BYTES} bytes, or the server suggests it, the suite starts no more task
 * runs in this execution; the ones running end here, and the rest start in the next. Each child's output is in the
 * history once (its completion event), and this execution counts it as it ends (the server's own count, where it
 * gives one, may be larger), so an execution's history stays under its limit by at most the outputs of the children
 * that run while it winds down: {@code concurrency} outputs, each under one payload.
 */
final class SuiteExecutions {
    /** The events after which a suite starts no more task runs in its execution. */
    static final int EVENTS = 10_000;
    /** The history bytes after which a suite starts no more task runs in its execution. */
    static final long BYTES = 4L * 1024 * 1024;
    /** What a child's start and end add to the history beside its input and output, at the most. */
    private static final int EVENT_BYTES = 1_024;

    /** Whether this suite continues as new when its history is full: null until asked. */
    private @org.jspecify.annotations.Nullable Boolean continues;
    /** The bytes this execution's children added to its history, as counted here. */
    private long counted;

    /**
     * Counts a child's input and output (or its failure) in this execution's history.
     *
     * @param input the child's input
     * @param output its output, or null when it ended without one
     */
    void count(Object input, @org.jspecify.annotations.Nullable Object output) {
        counted += FreshExecutions.wireBytes(input) + (output == null ? 0 : FreshExecutions.wireBytes(output))
                + EVENT_BYTES;
    }

    /**
     * @return whether this execution starts no more task runs, to go on in a fresh one; the version
     *     {@value SuiteWorkflowImpl#ANY_SIZE} is asked the first time the history is full, so a suite recorded before
     *     it (which never continued as new) replays as it ran, and a suite that never fills one has no marker
     */
    boolean due() {
        WorkflowInfo info = Workflow.getInfo();
        boolean full = info.getHistoryLength() >= EVENTS || info.isContinueAsNewSuggested()
                || Math.max(info.getHistorySize(), counted) >= BYTES;
        if (!full) {
            return false;
        }
        if (continues == null) {
            continues = Workflow.getVersion(SuiteWorkflowImpl.ANY_SIZE, Workflow.DEFAULT_VERSION, 1) >= 1;
        }
        return continues;
    }
}
