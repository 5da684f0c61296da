package dev.terminus.cli.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.AgentWorkflows;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * A scenario's run as an {@link AgentWorkflow}, from the client's side: the workflow's input carries the scenario
 * document (resolved by the worker's {@link ScenarioResolver}); a scenario's {@code cancelAfterMs} is the client
 * cancelling the workflow after that long, as a person would; the output is read however the workflow closed.
 *
 * @param client the client, with the Terminus data converter
 * @param taskQueue the task queue a {@code terminus worker} polls
 */
public record ScenarioRuns(WorkflowClient client, String taskQueue) {

    /** Validates that nothing is null. */
    public ScenarioRuns {
        Preconditions.notNull(client, "client");
        Preconditions.notNull(taskQueue, "taskQueue");
    }

    /**
     * Starts a scenario's run as a workflow.
     *
     * @param name the agent's name (the scenario's)
     * @param task the task
     * @param scenario the scenario document
     * @return the workflow's stub
     */
    public WorkflowStub start(String name, String task, String scenario) {
        AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setWorkflowId("terminus-run-" + slug(name) + "-" + UUID.randomUUID().toString().substring(0, 8))
                .build());
        WorkflowClient.start(workflow::run, new AgentRunInput(name, task, scenario));
        return WorkflowStub.fromTyped(workflow);
    }

    /**
     * Runs a scenario as a workflow and waits for its output.
     *
     * @param name the agent's name (the scenario's)
     * @param task the task
     * @param scenario the scenario document
     * @param cancelAfterMs cancel the workflow when it has not ended after this long, or null
     * @return the run's output
     */
    public AgentRunOutput run(String name, String task, String scenario, @Nullable Long cancelAfterMs) {
        WorkflowStub stub = start(name, task, scenario);
        if (cancelAfterMs != null) {
            try {
                return stub.getResult(cancelAfterMs, TimeUnit.MILLISECONDS, AgentRunOutput.class);
            } catch (TimeoutException e) {
                stub.cancel();
            }
        }
        return AgentWorkflows.output(stub);
    }

    private static String slug(String name) {
        String slug = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "scenario" : slug.substring(0, Math.min(slug.length(), 40));
    }
}
