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
import io.temporal.client.WorkflowClient;
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
        // a fresh execution's input refers to the document the run's first input holds (ADR 0042)
        String definition = of(client, workflowId, earlier.definitionRun(), AgentRunInput.class).definition();
        return new AgentRunInput(input.agentName(), input.task(), input.continuation(), definition,
                input.modelCalls(), input.shape(), input.agentModelCalls(), input.children(), earlier);
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
