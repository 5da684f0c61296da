package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.internal.PipelineWorkflowImpl;
import dev.terminus.temporal.internal.WorkflowOutputs;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import dev.terminus.temporal.wire.RunningStage;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.Worker;
import org.jspecify.annotations.Nullable;

/**
 * Puts the {@link PipelineWorkflow} on a Temporal worker, names its children, and answers the gate a pipeline waits
 * at. A worker of a pipeline's task queue also runs its stages' children: register the agents there too
 * ({@link AgentWorkflows#register}).
 *
 * {@snippet :
 * // given: AgentRecipes agents; PipelineRecipes pipelines
 * Worker worker = factory.newWorker("agents");
 * AgentWorkflows.register(worker, agents, client);
 * PipelineWorkflows.register(worker, pipelines);
 * factory.start();
 * }
 *
 * <p>A stage's agent that waits at an approval gate waits in its child workflow: {@link #pendingGate} finds it
 * through the pipeline's {@link PipelineWorkflow#runningStage()} query and the child's
 * {@link AgentWorkflow#pendingGate()}, and {@link #answer} sends the answer to that child's update, so the pipeline
 * goes on when the child's run does.
 */
public final class PipelineWorkflows {

    private PipelineWorkflows() {}

    /**
     * Registers the pipeline workflow.
     *
     * @param worker the worker; its client must use the {@link TerminusDataConverter}
     * @param recipes the pipelines it runs
     */
    public static void register(Worker worker, PipelineRecipes recipes) {
        Preconditions.notNull(worker, "worker");
        Preconditions.notNull(recipes, "recipes");
        worker.registerWorkflowImplementationFactory(PipelineWorkflow.class, () -> new PipelineWorkflowImpl(recipes));
    }

    /**
     * The id of the child workflow of one attempt of an agent stage: {@code <pipelineId>/<stage>/<attempt>}.
     * Deterministic, so a client finds each child without asking the pipeline; no two attempts share one, even when
     * stage names hold a {@code /} (an id ends with its attempt's number).
     *
     * @param pipelineId the pipeline workflow's id
     * @param stage the stage's name
     * @param attempt which attempt, from 1
     * @return the child's workflow id
     */
    public static String childId(String pipelineId, String stage, int attempt) {
        Preconditions.notBlank(pipelineId, "pipelineId");
        Preconditions.notBlank(stage, "stage");
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be >= 1, was " + attempt);
        }
        return pipelineId + "/" + stage + "/" + attempt;
    }

    /**
     * Waits for a {@link PipelineWorkflow}'s output, whether the workflow completed or was cancelled (then it is read
     * with the {@link PipelineWorkflow#output()} query).
     *
     * @param workflow the workflow's stub
     * @return the pipeline's output
     * @throws WorkflowFailedException when the workflow failed (its pipeline could not be built), or was cancelled
     *     before its pipeline gave an output
     */
    public static PipelineRunOutput output(WorkflowStub workflow) {
        Preconditions.notNull(workflow, "workflow");
        return WorkflowOutputs.await(workflow, PipelineRunOutput.class);
    }

    /**
     * The gate the pipeline waits at: the gate of the child workflow of its running stage attempt.
     *
     * @param client a client of the pipeline's namespace, with the {@link TerminusDataConverter}
     * @param pipelineWorkflowId the pipeline's workflow
     * @return the gate, or null when no stage's run waits at one (also while the running stage's child is being
     *     started)
     */
    public static @Nullable StageGate pendingGate(WorkflowClient client, String pipelineWorkflowId) {
        Preconditions.notNull(client, "client");
        Preconditions.notBlank(pipelineWorkflowId, "pipelineWorkflowId");
        RunningStage running = client.newWorkflowStub(PipelineWorkflow.class, pipelineWorkflowId).runningStage();
        if (running == null) {
            return null;
        }
        PendingGate gate;
        try {
            gate = client.newWorkflowStub(AgentWorkflow.class, running.childWorkflowId()).pendingGate();
        } catch (WorkflowNotFoundException e) {
            return null; // the pipeline asked for the child, which the server has not started yet: no gate yet
        }
        return gate == null ? null : new StageGate(pipelineWorkflowId, running.stage(), running.attempt(),
                running.childWorkflowId(), gate);
    }

    /**
     * Answers the gate the pipeline waits at, through the {@link AgentWorkflow#answer} update of the child that
     * waits there; returns once the decision is taken. The child's validator refuses an answer naming another gate
     * than its pending one.
     *
     * @param client a client of the pipeline's namespace, with the {@link TerminusDataConverter}
     * @param pipelineWorkflowId the pipeline's workflow
     * @param answer the decision, naming the pending gate
     * @return the gate it answered, and where
     * @throws IllegalStateException when the pipeline waits at no gate
     * @throws IllegalArgumentException when the answer names another gate than the pending one
     */
    public static StageGate answer(WorkflowClient client, String pipelineWorkflowId, GateAnswer answer) {
        Preconditions.notNull(answer, "answer");
        StageGate pending = pendingGate(client, pipelineWorkflowId);
        if (pending == null) {
            throw new IllegalStateException("pipeline workflow " + pipelineWorkflowId + " waits at no gate");
        }
        if (!pending.gate().gateId().equals(answer.gateId())) {
            throw new IllegalArgumentException("the answer names gate \"" + answer.gateId() + "\", but pipeline"
                    + " workflow " + pipelineWorkflowId + " waits at gate \"" + pending.gate().gateId() + "\" (stage \""
                    + pending.stage() + "\")");
        }
        client.newWorkflowStub(AgentWorkflow.class, pending.childWorkflowId()).answer(answer);
        return pending;
    }
}
