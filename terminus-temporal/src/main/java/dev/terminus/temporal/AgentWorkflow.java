package dev.terminus.temporal;

import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import org.jspecify.annotations.Nullable;

/**
 * One agent run as a Temporal workflow: the agent of the input's name, built by its {@link AgentRecipe} on proxies
 * whose calls are activities ({@link AgentActivities}) and on the workflow's clock, runs the same loop as
 * {@code Agent.run} under the workflow's control. Its time budget counts workflow time; cancelling the workflow
 * cancels the run, which ends {@code Cancelled}. Temporal closes a cancelled workflow without a value, so the output
 * of a cancelled run is read with the {@link #output()} query ({@link AgentWorkflows#output} reads either way).
 *
 * {@snippet :
 * AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class,
 *         WorkflowOptions.newBuilder().setTaskQueue("agents").setWorkflowId("order-42").build());
 * AgentRunOutput output = workflow.run(new AgentRunInput("weather", "What should I wear in Oslo today?"));
 * }
 */
@WorkflowInterface
public interface AgentWorkflow {

    /** Who {@code Cancelled} names when the run ended because its workflow was cancelled. */
    String CANCELLED_BY_WORKFLOW = "workflow-cancelled";

    /**
     * Runs the task to its end. Whatever happens inside the run (a failed model, a time budget, a cancellation) is
     * the output's termination: the workflow completes normally with it. The workflow fails only when the input names
     * no registered agent or its recipe fails.
     *
     * @param input the agent and the task
     * @return how the run ended
     */
    @WorkflowMethod
    AgentRunOutput run(AgentRunInput input);

    /**
     * The run's output once it has ended: the same as {@link #run}'s, and the only way to read it when the workflow
     * was cancelled (Temporal keeps no value for a cancelled workflow; a query of a closed workflow replays it).
     *
     * @return the output, or null while the run goes on
     */
    @QueryMethod
    @Nullable AgentRunOutput output();
}
