package dev.terminus.temporal.internal;

import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.CanceledFailure;

/**
 * Reads a Terminus workflow's output whether the workflow completed or was cancelled: Temporal closes a workflow whose
 * cancellation was requested as cancelled, without a value, whatever its method returns, so the output of a cancelled
 * one is read with its {@code output} query.
 */
public final class WorkflowOutputs {
    private WorkflowOutputs() {}

    /**
     * @param workflow the workflow's stub
     * @param type the output's type
     * @param <T> that type
     * @return the run's output
     * @throws WorkflowFailedException when the workflow failed, or was cancelled before its run gave an output
     */
    public static <T> T await(WorkflowStub workflow, Class<T> type) {
        try {
            return workflow.getResult(type);
        } catch (WorkflowFailedException e) {
            if (e.getCause() instanceof CanceledFailure) {
                T output = workflow.query("output", type);
                if (output != null) {
                    return output;
                }
            }
            throw e;
        }
    }
}
