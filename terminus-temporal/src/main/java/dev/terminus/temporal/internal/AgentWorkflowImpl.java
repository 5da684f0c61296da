package dev.terminus.temporal.internal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One run in one workflow execution. The loop runs in a detached cancellation scope, so that Temporal's
 * cancellation of the workflow never throws into it: a watcher in the workflow's own scope turns that cancellation
 * into the run's ({@code control.cancel}), whose stop hooks cancel the call in flight; the loop then ends
 * {@code Cancelled} with its partial result. Temporal closes a workflow whose cancellation was requested as cancelled,
 * without a value, whatever its method returns: that result is then read with the {@link #output()} query (which
 * {@code AgentWorkflows.output} does).
 */
public final class AgentWorkflowImpl implements AgentWorkflow {
    private final AgentRecipes recipes;
    private @Nullable AgentRunOutput output;

    /** @param recipes the agents the worker runs */
    public AgentWorkflowImpl(AgentRecipes recipes) {
        this.recipes = recipes;
    }

    @Override
    public AgentRunOutput run(AgentRunInput input) {
        ActivityCalls calls = new ActivityCalls(recipes.callTimeout());
        Agent agent = agent(recipes.key(input), calls);
        RunControl control = agent.newControl();
        calls.control(control);
        RunResult[] result = new RunResult[1];
        CancellationScope workflowScope = CancellationScope.current();
        Async.procedure(() -> watchCancellation(workflowScope, control, result));
        Workflow.newDetachedCancellationScope(() -> {
            RunClock.Scheduled deadline = control.armDeadline();
            try {
                result[0] = agent.run(input.task(), control);
            } finally {
                deadline.cancel();
            }
        }).run();
        // Temporal closes a workflow whose cancellation was requested as cancelled, without a value, whatever this
        // returns: the output stays readable through the output query
        output = AgentRunOutput.of(result[0]);
        return output;
    }

    @Override
    public @Nullable AgentRunOutput output() {
        return output;
    }

    private static void watchCancellation(CancellationScope workflowScope, RunControl control,
            @Nullable RunResult[] result) {
        try {
            Workflow.await(() -> result[0] != null || workflowScope.isCancelRequested());
        } catch (CanceledFailure e) {
            // the workflow was cancelled while this watcher waited
        }
        if (result[0] == null) {
            control.cancel(CANCELLED_BY_WORKFLOW);
        }
    }

    /** The agent built by its recipe on proxies and the workflow's clock; a workflow failure when it cannot be. */
    private Agent agent(String name, ActivityCalls calls) {
        try {
            AgentRecipes.Registered registered = recipes.registered(name);
            List<Tool> tools = new ArrayList<>();
            for (Tool tool : registered.tools()) {
                tools.add(new ActivityTool(name, tool.spec(), calls));
            }
            WorkflowClock clock = new WorkflowClock();
            Agent agent = registered.recipe().build(
                    new AgentMaterials(new ActivityModel(name, registered.model(), calls), tools, clock));
            if (agent.clock() != clock) {
                throw new IllegalArgumentException("the recipe of agent \"" + name + "\" must build it on the"
                        + " materials' clock (Agent.Builder.clock(materials.clock())), not on " + agent.clock());
            }
            return agent;
        } catch (RuntimeException e) {
            throw ApplicationFailure.newNonRetryableFailureWithCause(String.valueOf(e.getMessage()),
                    "terminus.configuration", e);
        }
    }
}
