package dev.terminus.temporal.internal;

import dev.terminus.temporal.AgentRunInput;
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
 * Reads, in an activity, the input its workflow was started with: the first event of the workflow's history (one
 * event is asked for). An activity worker that has not seen a defined agent's document (it restarted, or another
 * worker ran the workflow's earlier calls) reads it from there, so the calls never carry it.
 */
public final class WorkflowInputs {

    private WorkflowInputs() {}

    /**
     * @return the definition in the input of the workflow whose activity runs on this thread; null outside an
     *     activity, or when that input has none
     */
    public static @Nullable String definition() {
        ActivityExecutionContext context;
        try {
            context = Activity.getExecutionContext();
        } catch (IllegalStateException e) {
            return null;
        }
        ActivityInfo info = context.getInfo();
        WorkflowClient client = context.getWorkflowClient();
        GetWorkflowExecutionHistoryResponse response = client.getWorkflowServiceStubs().blockingStub()
                .getWorkflowExecutionHistory(GetWorkflowExecutionHistoryRequest.newBuilder()
                        .setNamespace(info.getNamespace())
                        .setExecution(WorkflowExecution.newBuilder()
                                .setWorkflowId(info.getWorkflowId()).setRunId(info.getRunId()))
                        .setMaximumPageSize(1)
                        .build());
        if (response.getHistory().getEventsCount() == 0) {
            return null;
        }
        HistoryEvent first = response.getHistory().getEvents(0);
        if (!first.hasWorkflowExecutionStartedEventAttributes()) {
            return null;
        }
        Payloads input = first.getWorkflowExecutionStartedEventAttributes().getInput();
        AgentRunInput run = client.getOptions().getDataConverter()
                .fromPayloads(0, Optional.of(input), AgentRunInput.class, AgentRunInput.class);
        return run == null ? null : run.definition();
    }
}
