package dev.terminus.cli.temporal;

import dev.terminus.Preconditions;
import dev.terminus.cli.output.RunView;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.AgentWorkflows;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.PendingGate;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Scenario runs as {@link AgentWorkflow}s, from the client's side: the workflow's input carries the scenario document
 * (resolved by the worker's {@link ScenarioResolver}); a scenario's {@code cancelAfterMs} is the client cancelling the
 * workflow after that long, as a person would; a run waits until its workflow ends or waits at an approval gate
 * (which {@link #answer} answers through the workflow's update).
 *
 * @param client the client, with the Terminus data converter
 * @param taskQueue the task queue a {@code terminus worker} polls
 */
public record ScenarioRuns(WorkflowClient client, String taskQueue) {
    /** How often a waiting client asks a running workflow whether it waits at a gate. */
    static final Duration POLL = Duration.ofMillis(200);

    /** Where a scenario's workflow stands when the client stops waiting for it. */
    public sealed interface Progress {
        /** @return the workflow's id */
        String workflowId();

        /**
         * @param agentId the agent's id (its configuration's name)
         * @return what the command line shows of it: the run's ending, or the gate it waits at
         */
        default RunView view(String agentId) {
            return switch (this) {
                case Ended ended -> RunView.of(ended.output(), agentId);
                case Paused paused -> RunView.waiting(paused.gate(), agentId);
            };
        }

        /**
         * The run ended.
         *
         * @param workflowId the workflow's id
         * @param output how it ended
         */
        record Ended(String workflowId, AgentRunOutput output) implements Progress {}

        /**
         * The run waits at an approval gate for an answer.
         *
         * @param workflowId the workflow's id
         * @param gate the gate
         */
        record Paused(String workflowId, PendingGate gate) implements Progress {}
    }

    /** Validates that nothing is null. */
    public ScenarioRuns {
        Preconditions.notNull(client, "client");
        Preconditions.notNull(taskQueue, "taskQueue");
    }

    /**
     * Starts a scenario's run as a workflow and waits until it ends or waits at a gate.
     *
     * @param name the agent's name (the scenario's)
     * @param task the task
     * @param scenario the scenario document
     * @param cancelAfterMs cancel the workflow when it has neither ended nor paused after this long, or null
     * @return where the run stands
     */
    public Progress run(String name, String task, String scenario, @Nullable Long cancelAfterMs) {
        AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(taskQueue)
                .setWorkflowId("terminus-run-" + slug(name) + "-" + UUID.randomUUID().toString().substring(0, 8))
                .build());
        WorkflowClient.start(workflow::run, AgentRunInput.defined(name, task, scenario));
        return await(WorkflowStub.fromTyped(workflow), cancelAfterMs);
    }

    /**
     * Answers the gate a workflow waits at, through its update, and waits until the run ends or waits again.
     *
     * @param workflowId the workflow
     * @param answer the answer, naming the pending gate
     * @return where the run stands
     */
    public Progress answer(String workflowId, GateAnswer answer) {
        client.newWorkflowStub(AgentWorkflow.class, workflowId).answer(answer);
        return await(client.newUntypedWorkflowStub(workflowId), null);
    }

    /**
     * @param workflowId a workflow
     * @return the gate it waits at, or null when it waits at none
     */
    public @Nullable PendingGate pendingGate(String workflowId) {
        return client.newWorkflowStub(AgentWorkflow.class, workflowId).pendingGate();
    }

    private static Progress await(WorkflowStub stub, @Nullable Long cancelAfterMs) {
        String id = stub.getExecution().getWorkflowId();
        long start = System.nanoTime();
        while (true) {
            long wait = cancelAfterMs == null ? POLL.toMillis() : Math.max(1, Math.min(POLL.toMillis(),
                    cancelAfterMs - (System.nanoTime() - start) / 1_000_000));
            try {
                return new Progress.Ended(id, stub.getResult(wait, TimeUnit.MILLISECONDS, AgentRunOutput.class));
            } catch (TimeoutException e) {
                // still running: does it wait at a gate, or is it time to cancel it?
            } catch (WorkflowFailedException e) {
                return new Progress.Ended(id, AgentWorkflows.output(stub));
            }
            PendingGate gate = gateOrNullWhileBusy(stub);
            if (gate != null) {
                return new Progress.Paused(id, gate);
            }
            if (cancelAfterMs != null && (System.nanoTime() - start) / 1_000_000 >= cancelAfterMs) {
                stub.cancel();
                return new Progress.Ended(id, AgentWorkflows.output(stub));
            }
        }
    }

    /**
     * The gate the workflow waits at, or null when it waits at none or is too busy to say: a long run's workflow
     * (one that replays a large history, or continues as new often) may not answer a query within its deadline while
     * it goes on, and the wait goes on with it instead of giving up on a run that still runs.
     */
    private static @Nullable PendingGate gateOrNullWhileBusy(WorkflowStub stub) {
        try {
            return stub.query("pendingGate", PendingGate.class);
        } catch (RuntimeException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof StatusRuntimeException status
                        && status.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED) {
                    return null;
                }
            }
            throw e;
        }
    }

    private static String slug(String name) {
        String slug = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "scenario" : slug.substring(0, Math.min(slug.length(), 40));
    }
}
