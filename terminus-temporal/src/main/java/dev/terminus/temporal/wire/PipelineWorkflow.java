package dev.terminus.temporal.wire;

import dev.terminus.temporal.AgentWorkflow;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import org.jspecify.annotations.Nullable;

/**
 * A pipeline as a Temporal workflow: the pipeline of the input's name, built by its {@code PipelineRecipe} on the
 * workflow's clock, runs the same coordination as {@code Pipeline.run} (skips, budgets, retries with their backoff
 * on workflow timers, failure dispositions, one termination); each attempt of an agent stage is a child
 * {@link AgentWorkflow} whose id is {@code PipelineWorkflows.childId} of the pipeline's workflow id, running the same
 * loop as one process does. Whatever happens inside is the output's termination: the workflow completes normally
 * with it, and fails only when its pipeline cannot be built.
 *
 * <p>A stage's agent that waits at an approval gate waits in its child workflow, and the pipeline waits with it:
 * {@link #runningStage()} names the child, whose {@code pendingGate} query and {@code answer} update a client uses
 * ({@code PipelineWorkflows.pendingGate}, {@code PipelineWorkflows.answer}). Cancelling the pipeline's workflow stops
 * the running child's run ({@code Cancelled("workflow-cancelled")}) and ends the pipeline {@code Cancelled}; Temporal
 * closes a cancelled workflow without a value, so its output is read with the {@link #output()} query
 * ({@code PipelineWorkflows.output} reads either way).
 */
@WorkflowInterface
public interface PipelineWorkflow {

    /** Who {@code Cancelled} names when the pipeline ended because its workflow was cancelled. */
    String CANCELLED_BY_WORKFLOW = AgentWorkflow.CANCELLED_BY_WORKFLOW;

    /**
     * Runs the pipeline to its end.
     *
     * @param input the pipeline and its input
     * @return how it ended
     */
    @WorkflowMethod
    PipelineRunOutput run(PipelineRunInput input);

    /** @return the output once the pipeline has ended, or null while it runs */
    @QueryMethod
    @Nullable PipelineRunOutput output();

    /** @return the stage attempt whose child workflow runs now, or null between attempts and after the end */
    @QueryMethod
    @Nullable RunningStage runningStage();
}
