package dev.terminus.temporal;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.List;

/**
 * Every event of a run's workflow, over all its executions (each continued as new into the next), as the history API
 * returns them, with their sizes: what a server stores for the run.
 *
 * @param events the events, execution after execution
 * @param executions how many executions the run took
 * @param executionBytes the bytes of each execution's history, in order
 */
record RunHistory(List<HistoryEvent> events, int executions, List<Long> executionBytes) {
    /** The activity type of a model call. */
    static final String CHAT = "TerminusChat";

    /**
     * @param client a client of the workflow's namespace
     * @param workflowId the workflow
     * @param firstRunId its first execution
     * @return its history, from the first execution to the last
     */
    static RunHistory read(WorkflowClient client, String workflowId, String firstRunId) {
        List<HistoryEvent> events = new ArrayList<>();
        List<Long> executionBytes = new ArrayList<>();
        int executions = 0;
        String runId = firstRunId;
        while (runId != null) {
            List<HistoryEvent> execution = client.fetchHistory(workflowId, runId).getEvents();
            events.addAll(execution);
            executionBytes.add(execution.stream().mapToLong(HistoryEvent::getSerializedSize).sum());
            executions++;
            HistoryEvent last = execution.get(execution.size() - 1);
            runId = last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
                    ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId()
                    : null;
        }
        return new RunHistory(List.copyOf(events), executions, List.copyOf(executionBytes));
    }

    /** @return the bytes of every event together */
    long bytes() {
        return bytes(0, events.size());
    }

    /** @return the bytes of the events from {@code from} (inclusive) to {@code to} (exclusive) */
    long bytes(int from, int to) {
        long bytes = 0;
        for (int i = from; i < to; i++) {
            bytes += events.get(i).getSerializedSize();
        }
        return bytes;
    }

    /** @return the bytes of the largest execution's history */
    long largestExecution() {
        return executionBytes.stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** @return the bytes of the largest event */
    long largestEvent() {
        return events.stream().mapToLong(HistoryEvent::getSerializedSize).max().orElse(0);
    }

    /** @return the index of each event that schedules a model call, in order: where each iteration starts */
    List<Integer> modelCallsScheduled() {
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            HistoryEvent event = events.get(i);
            if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
                    && event.getActivityTaskScheduledEventAttributes().getActivityType().getName().equals(CHAT)) {
                starts.add(i);
            }
        }
        return starts;
    }

    /**
     * @param from the first iteration, from 0
     * @param to the iteration after the last
     * @return the bytes of the events from the first's model call to the model call after the last's
     */
    long iterationBytes(int from, int to) {
        List<Integer> starts = modelCallsScheduled();
        return bytes(starts.get(from), starts.get(to));
    }
}
