package dev.terminus.temporal;

import dev.terminus.Preconditions;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryResponse;
import dev.terminus.temporal.internal.ResolvedAgents;
import dev.terminus.temporal.wire.SuiteInput;
import dev.terminus.temporal.wire.SuiteWorkflow;
import io.temporal.client.WorkflowClient;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The input an {@link AgentWorkflow} was started with, read from the first event of its history (one event is asked
 * for): which agent it runs, on which task, defined by which document. An activity worker that has not seen a defined
 * agent's document (it restarted, or another worker made the run's earlier calls) reads it from there, so the calls
 * never carry it; a client reads it to show a workflow it did not start.
 *
 * {@snippet :
 * AgentRunInput input = WorkflowInputs.of(client, "terminus-run-refund-1a2b3c4d", "");
 * }
 */
public final class WorkflowInputs {

    private WorkflowInputs() {}

    /**
     * @param client a client of the workflow's namespace, with the Terminus data converter
     * @param workflowId the workflow
     * @param runId its run, or empty for its latest
     * @return the input of that execution, with the definition it refers to in an earlier execution's input in place
     *     (its transcript may still refer to earlier ones: {@link AgentRunInput#earlier()})
     * @throws io.grpc.StatusRuntimeException {@code NOT_FOUND} when there is no such workflow
     * @throws IllegalArgumentException when its history does not start with an {@link AgentRunInput}
     */
    public static AgentRunInput of(WorkflowClient client, String workflowId, String runId) {
        AgentRunInput input = of(client, workflowId, runId, AgentRunInput.class);
        EarlierParts earlier = input.earlier();
        if (input.definition() != null || earlier == null || earlier.definitionRun() == null) {
            return input;
        }
        // a fresh execution's input refers to the document the run's first input holds (ADR 0042), or a suite's (0044)
        String definition = definition(client, workflowId, earlier);
        return new AgentRunInput(input.agentName(), input.task(), input.continuation(), definition,
                input.modelCalls(), input.shape(), input.agentModelCalls(), input.children(), earlier);
    }

    /**
     * The document an input refers to ({@link EarlierParts#definitionRun()}): in the input of an earlier execution of
     * the run's own workflow (ADR 0042), or in the documents of the suite that started the run (ADR 0044).
     *
     * @param client a client of the workflow's namespace, with the Terminus data converter
     * @param workflowId the id of the run's own workflow
     * @param earlier where the input refers to, with a definition
     * @return the document
     * @throws IllegalStateException naming the execution when it holds no document of the digest referred to
     */
    public static String definition(WorkflowClient client, String workflowId, EarlierParts earlier) {
        String holder = earlier.definitionWorkflowOr(workflowId);
        String runId = Preconditions.notNull(earlier.definitionRun(), "earlier.definitionRun");
        return definitionOf(documents(client, holder, runId), holder, runId, workflowId, earlier);
    }

    /**
     * @param documents the documents an execution's input holds ({@link #documents})
     * @param holder that execution's workflow
     * @param runId that execution
     * @param workflowId the workflow whose input refers to one of them
     * @param earlier the reference, with the document's digest
     * @return the document of that digest
     * @throws IllegalStateException naming the execution when it holds none
     */
    public static String definitionOf(List<String> documents, String holder, String runId, String workflowId,
            EarlierParts earlier) {
        for (String document : documents) {
            if (ResolvedAgents.digest(document).equals(earlier.definitionDigest())) {
                return document;
            }
        }
        throw new IllegalStateException("the input of execution " + runId + " of workflow " + holder + " does not"
                + " hold the definition of digest " + earlier.definitionDigest() + " that the input of workflow "
                + workflowId + " refers to");
    }

    /**
     * @param client a client of the workflow's namespace, with the Terminus data converter
     * @param workflowId a suite's workflow, or an agent run's
     * @param runId one of its executions
     * @return the documents that execution's input holds: a suite's {@link SuiteInput#documents()}, or an agent run's
     *     definition (none for a registered agent)
     */
    public static List<String> documents(WorkflowClient client, String workflowId, String runId) {
        HistoryEvent first = started(client, workflowId, runId);
        String type = first.getWorkflowExecutionStartedEventAttributes().getWorkflowType().getName();
        Payloads input = first.getWorkflowExecutionStartedEventAttributes().getInput();
        if (type.equals(SuiteWorkflow.class.getSimpleName())) {
            return client.getOptions().getDataConverter().fromPayloads(0, Optional.of(input), SuiteInput.class,
                    SuiteInput.class).documents();
        }
        AgentRunInput holding = client.getOptions().getDataConverter().fromPayloads(0, Optional.of(input),
                AgentRunInput.class, AgentRunInput.class);
        return holding.definition() == null ? List.of() : List.of(holding.definition());
    }

    /**
     * The input of a workflow of any type: a {@code PipelineWorkflow}'s {@code PipelineRunInput}, say.
     *
     * @param client a client of the workflow's namespace, with the Terminus data converter
     * @param workflowId the workflow
     * @param runId its run, or empty for its latest
     * @param type the input's type
     * @param <T> that type
     * @return the input of that execution
     * @throws io.grpc.StatusRuntimeException {@code NOT_FOUND} when there is no such workflow
     * @throws IllegalArgumentException when its history does not start with an input
     * @throws io.temporal.common.converter.DataConverterException when the input is not of that type
     */
    public static <T> T of(WorkflowClient client, String workflowId, String runId, Class<T> type) {
        Preconditions.notNull(type, "type");
        HistoryEvent first = started(client, workflowId, runId);
        Payloads input = first.getWorkflowExecutionStartedEventAttributes().getInput();
        T run = client.getOptions().getDataConverter().fromPayloads(0, Optional.of(input), type, type);
        if (run == null) {
            throw new IllegalArgumentException("workflow " + workflowId + " was started without an input");
        }
        return run;
    }

    /**
     * The type a workflow was started as: {@code "AgentWorkflow"}, {@code "PipelineWorkflow"}... so that a client
     * that was given only an id reads its input as the right type.
     *
     * @param client a client of the workflow's namespace
     * @param workflowId the workflow
     * @return its workflow type's name, of its latest run
     * @throws io.grpc.StatusRuntimeException {@code NOT_FOUND} when there is no such workflow
     */
    public static String workflowType(WorkflowClient client, String workflowId) {
        return started(client, workflowId, "").getWorkflowExecutionStartedEventAttributes().getWorkflowType()
                .getName();
    }

    /** The first event of an execution's history, which holds its type and input. */
    private static HistoryEvent started(WorkflowClient client, String workflowId, String runId) {
        Preconditions.notNull(client, "client");
        Preconditions.notNull(workflowId, "workflowId");
        Preconditions.notNull(runId, "runId");
        GetWorkflowExecutionHistoryResponse response = client.getWorkflowServiceStubs().blockingStub()
                .getWorkflowExecutionHistory(GetWorkflowExecutionHistoryRequest.newBuilder()
                        .setNamespace(client.getOptions().getNamespace())
                        .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId).setRunId(runId))
                        .setMaximumPageSize(1)
                        .build());
        HistoryEvent first = response.getHistory().getEventsCount() == 0 ? null : response.getHistory().getEvents(0);
        if (first == null || !first.hasWorkflowExecutionStartedEventAttributes()) {
            throw new IllegalArgumentException("the history of workflow " + workflowId + " does not start with its"
                    + " input");
        }
        return first;
    }

    /**
     * @return the definition in the input of the workflow whose activity runs on this thread; null outside an
     *     activity, or when that input has none
     */
    static @Nullable String definitionOfCurrentActivity() {
        ActivityExecutionContext context;
        try {
            context = Activity.getExecutionContext();
        } catch (IllegalStateException e) {
            return null;
        }
        ActivityInfo info = context.getInfo();
        return of(context.getWorkflowClient(), info.getWorkflowId(), info.getRunId()).definition();
    }
}
