package dev.terminus.temporal.wire;

import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.SuiteWorkflows;
import dev.terminus.temporal.TemporalSuiteRunner;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * An evaluation suite as a Temporal workflow: each attempt of each task run is an {@link AgentWorkflow} child whose
 * id is {@link SuiteWorkflows#childId} of the suite's workflow id, so the runs spread over every worker of the task
 * queue, at most {@code concurrency} at once. A child that an earlier start of the same suite id completed is not run
 * again: its start is refused by Temporal and its output reused. A child that ended without completing (failed,
 * cancelled, terminated, timed out) runs again. Cancelling the suite cancels its running children, which end
 * {@code Cancelled}.
 *
 * <p>The rows are graded on the client, which waits on each child by its id ({@code TemporalSuiteRunner}).
 */
@WorkflowInterface
public interface SuiteWorkflow {

    /**
     * Runs every task run to its end, retrying a {@code RETRYABLE} ending as the input's retry policy says.
     *
     * @param input the task runs and the suite's settings
     * @return how each task run ended
     */
    @WorkflowMethod
    SuiteOutput run(SuiteInput input);
}
