package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.temporal.internal.AgentActivitiesImpl;
import dev.terminus.temporal.internal.AgentWorkflowImpl;
import dev.terminus.temporal.internal.EarlierInputs;
import dev.terminus.temporal.internal.WorkflowOutputs;
import dev.terminus.temporal.wire.AgentActivities;
import dev.terminus.temporal.wire.TranscriptPage;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.Worker;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts the agents of some {@link AgentRecipes} on a Temporal worker: the {@link AgentWorkflow} and the
 * {@link AgentActivities} that its model and tool calls are. The worker's client must use the
 * {@link TerminusDataConverter}.
 *
 * {@snippet :
 * // given: AgentRecipes recipes
 * WorkerFactory factory = WorkerFactory.newInstance(client);
 * AgentWorkflows.register(factory.newWorker("agents"), recipes, factory.getWorkflowClient());
 * factory.start();
 * }
 */
public final class AgentWorkflows {

    private AgentWorkflows() {}

    /**
     * Registers the workflow and the activities on a worker whose workflows read earlier executions' histories through
     * the worker's client: a long run's execution then records the messages it added once as it continues as new, and
     * the fresh execution's input refers to the executions that recorded them and to the one whose input holds the
     * defining document, instead of carrying the whole transcript and the document again (ADR 0042). Every worker
     * that runs the workflows of a task queue must be registered the same way.
     *
     * @param worker the worker
     * @param recipes the agents it runs
     * @param client the client of the worker's factory (a client of the namespace, with the Terminus data converter)
     */
    public static void register(Worker worker, AgentRecipes recipes, WorkflowClient client) {
        registerWorkflow(worker, recipes, client);
        registerActivities(worker, recipes);
    }

    /**
     * Registers the workflow alone, for a worker that runs workflows only, reading earlier executions through the
     * client as {@link #register(Worker, AgentRecipes, WorkflowClient)} says.
     *
     * @param worker the worker
     * @param recipes the agents it runs
     * @param client the client of the worker's factory
     */
    public static void registerWorkflow(Worker worker, AgentRecipes recipes, WorkflowClient client) {
        Preconditions.notNull(worker, "worker");
        Preconditions.notNull(recipes, "recipes");
        EarlierInputs earlier = new EarlierInputs(Preconditions.notNull(client, "client"));
        worker.registerWorkflowImplementationFactory(AgentWorkflow.class,
                () -> new AgentWorkflowImpl(recipes, earlier));
    }

    /**
     * Registers the activities alone, for a worker that makes the model and tool calls only.
     *
     * @param worker the worker
     * @param recipes the agents whose calls it makes
     */
    public static void registerActivities(Worker worker, AgentRecipes recipes) {
        Preconditions.notNull(worker, "worker");
        Preconditions.notNull(recipes, "recipes");
        worker.registerActivitiesImplementations(new AgentActivitiesImpl(recipes));
    }

    /**
     * Waits for an {@link AgentWorkflow}'s output, whether the workflow completed or was cancelled. Temporal closes a
     * workflow whose cancellation was requested as cancelled, without a value, whatever its method returns: the run's
     * output (ended {@code Cancelled}, or however it ended before the cancellation reached it) is then read with the
     * {@link AgentWorkflow#output()} query.
     *
     * {@snippet :
     * WorkflowStub stub = client.newUntypedWorkflowStub("order-42");
     * stub.cancel();
     * AgentRunOutput output = AgentWorkflows.output(stub); // Cancelled("workflow-cancelled"), with the partial run
     * }
     *
     * @param workflow the workflow's stub
     * @return the run's output
     * @throws WorkflowFailedException when the workflow failed (its input named no registered agent, its recipe
     *     failed), or was cancelled before its run gave an output
     */
    public static AgentRunOutput output(WorkflowStub workflow) {
        Preconditions.notNull(workflow, "workflow");
        AgentRunOutput output = WorkflowOutputs.await(workflow, AgentRunOutput.class);
        TranscriptReference omitted = output.omitted();
        return omitted == null ? output : output.withTranscript(transcript(workflow, omitted));
    }

    /**
     * Reads the transcript a workflow holds, page by page through its {@link AgentWorkflow#transcript} query: the
     * transcript of an output that left it out for its size ({@link AgentRunOutput#omitted()}). A query of a closed
     * workflow replays its history on a worker.
     *
     * @param workflow the workflow's stub
     * @param reference which transcript, and how many of its messages
     * @return the messages
     * @throws IllegalStateException when the workflow holds another transcript
     */
    public static List<Message> transcript(WorkflowStub workflow, TranscriptReference reference) {
        Preconditions.notNull(workflow, "workflow");
        Preconditions.notNull(reference, "reference");
        List<Message> messages = new ArrayList<>(reference.size());
        while (messages.size() < reference.size()) {
            TranscriptPage page = workflow.query(AgentWorkflow.TRANSCRIPT_QUERY, TranscriptPage.class,
                    reference.generation(), messages.size());
            if (page.generation() != reference.generation() || page.messages().isEmpty()) {
                throw new IllegalStateException("workflow " + workflow.getExecution().getWorkflowId() + " no longer"
                        + " holds the transcript " + reference + ": it answered generation " + page.generation()
                        + " with " + page.messages().size() + " messages from " + messages.size());
            }
            messages.addAll(page.messages());
        }
        return List.copyOf(messages.subList(0, reference.size()));
    }
}
