package dev.terminus.cli.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.PipelineWorkflows;
import dev.terminus.temporal.StageGate;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Pipeline files run as {@code PipelineWorkflow}s, from the client's side: the workflow's input carries the file
 * (resolved by the worker's {@link PipelineFileResolver}); a run waits until its pipeline ends or one of its stages
 * waits at an approval gate, which {@link #answer} answers in the stage's child workflow.
 *
 * @param client the client, with the Terminus data converter
 * @param taskQueue the task queue a {@code terminus worker} polls
 */
public record PipelineWorkflowRuns(WorkflowClient client, String taskQueue) {

    /** Where a pipeline's workflow stands when the client stops waiting for it. */
    public sealed interface Progress {
        /** @return the pipeline's workflow id */
        String workflowId();

        /**
         * The pipeline ended.
         *
         * @param workflowId the pipeline's workflow id
         * @param output how it ended
         */
        record Ended(String workflowId, PipelineRunOutput output) implements Progress {}

        /**
         * A stage's run waits at an approval gate for an answer.
         *
         * @param workflowId the pipeline's workflow id
         * @param gate the gate, its stage and the child workflow that waits at it
         */
        record Paused(String workflowId, StageGate gate) implements Progress {}
    }

    /** Validates that nothing is null. */
    public PipelineWorkflowRuns {
        Preconditions.notNull(client, "client");
        Preconditions.notNull(taskQueue, "taskQueue");
    }

    /**
     * Starts a pipeline file's run as a workflow and waits until it ends or waits at a gate.
     *
     * @param name the pipeline's name
     * @param input the pipeline's input (the file's task)
     * @param document the pipeline file
     * @return where the pipeline stands
     */
    public Progress run(String name, String input, String document) {
        PipelineWorkflow workflow = client.newWorkflowStub(PipelineWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setWorkflowId("terminus-pipeline-" + slug(name) + "-" + UUID.randomUUID().toString().substring(0, 8))
                .build());
        WorkflowClient.start(workflow::run, new PipelineRunInput(name, input, document));
        return await(WorkflowStub.fromTyped(workflow));
    }

    /**
     * Answers the gate a pipeline waits at, in the child workflow that waits there, and waits until the pipeline
     * ends or waits again.
     *
     * @param workflowId the pipeline's workflow
     * @param answer the answer, naming the pending gate
     * @return where the pipeline stands
     */
    public Progress answer(String workflowId, GateAnswer answer) {
        PipelineWorkflows.answer(client, workflowId, answer);
        return await(client.newUntypedWorkflowStub(workflowId));
    }

    /**
     * @param workflowId a pipeline's workflow
     * @return the gate it waits at, or null when it waits at none
     */
    public @Nullable StageGate pendingGate(String workflowId) {
        return PipelineWorkflows.pendingGate(client, workflowId);
    }

    private Progress await(WorkflowStub stub) {
        String id = stub.getExecution().getWorkflowId();
        while (true) {
            try {
                return new Progress.Ended(id, stub.getResult(ScenarioRuns.POLL.toMillis(), TimeUnit.MILLISECONDS,
                        PipelineRunOutput.class));
            } catch (TimeoutException e) {
                // still running: does one of its stages wait at a gate?
            } catch (WorkflowFailedException e) {
                return new Progress.Ended(id, PipelineWorkflows.output(stub));
            }
            StageGate gate = PipelineWorkflows.pendingGate(client, id);
            if (gate != null) {
                return new Progress.Paused(id, gate);
            }
        }
    }

    private static String slug(String name) {
        String slug = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "pipeline" : slug.substring(0, Math.min(slug.length(), 40));
    }
}
