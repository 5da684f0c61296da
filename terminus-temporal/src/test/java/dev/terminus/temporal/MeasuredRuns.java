package dev.terminus.temporal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.time.Duration;

/** The runs whose histories the size tests measure: a fetching agent, its workflow on a queue, its whole history. */
final class MeasuredRuns {
    private MeasuredRuns() {}

    /** @return an agent on the materials that may run its model's {@code rounds} and a few more iterations */
    static Agent agent(AgentMaterials materials, int rounds) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().maxIterations(rounds + 5).build())
                .build();
    }

    /** @return a stub of a new workflow of the agent on the queue, with an id of its own */
    static AgentWorkflow workflow(WorkflowClient client, String taskQueue, String agent) {
        return client.newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setWorkflowId(agent + "-" + taskQueue + "-" + System.nanoTime())
                .setWorkflowRunTimeout(Duration.ofMinutes(10))
                .build());
    }

    /** @return the workflow's history over all its executions */
    static RunHistory history(WorkflowClient client, AgentWorkflow workflow) {
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        return RunHistory.read(client, stub.getExecution().getWorkflowId(), stub.getExecution().getRunId());
    }
}
