package dev.terminus.temporal.internal;

/**
 * Thrown through a run on a workflow thread that was found interrupted: on a workflow thread only Temporal interrupts,
 * and it does so to destroy that copy of the workflow (its worker shuts down now, or evicts it). The run neither ends
 * nor publishes an end; the error unwinds it to the SDK, which discards this copy, and the workflow goes on by replay
 * on a worker that runs. Should the SDK not be destroying the thread after all, the error fails the workflow task,
 * which Temporal retries by replay: never an end the history did not decide.
 */
final class WorkflowThreadTakenBack extends Error {
    private static final long serialVersionUID = 1L;

    WorkflowThreadTakenBack() {
        super("the workflow thread was interrupted: Temporal is destroying this copy of the run, which another replays",
                null, false, false);
    }
}
