package dev.terminus.benchmarks;

import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.CallMode;
import io.temporal.api.history.v1.History;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.Map;
import java.util.TreeMap;

/**
 * The history a 10-iteration run (9 tool rounds and an answer) writes: events and bytes, in all and per iteration,
 * by event type, for calls as activities and as local activities. Counts, not timings: run by hand with
 * {@code java -cp benchmarks/target/benchmarks.jar dev.terminus.benchmarks.WorkflowHistoryFigures}.
 */
public final class WorkflowHistoryFigures {

    private WorkflowHistoryFigures() {}

    /** @param args none */
    public static void main(String[] args) {
        for (CallMode mode : CallMode.values()) {
            figures(mode);
        }
        // the in-process server leaves a non-daemon timer thread behind
        System.exit(0);
    }

    private static void figures(CallMode mode) {
        try (TestWorkflowEnvironment environment = WorkflowRuns.environment(WorkflowRuns.recipes(mode))) {
            WorkflowClient client = environment.getWorkflowClient();
            AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                    .setTaskQueue(WorkflowRuns.QUEUE).setWorkflowId("history").build());
            workflow.run(new AgentRunInput("counter", "count"));
            History history = client.fetchHistory("history").getHistory();
            System.out.println("calls as " + mode + ":");
            Map<String, Integer> byType = new TreeMap<>();
            for (HistoryEvent event : history.getEventsList()) {
                byType.merge(event.getEventType().name().replace("EVENT_TYPE_", ""), 1, Integer::sum);
            }
            int events = history.getEventsCount();
            int bytes = history.getSerializedSize();
            System.out.printf("events: %d (%.1f per iteration)%n", events, events / (double) WorkflowRuns.ITERATIONS);
            System.out.printf("bytes: %d (%.0f per iteration)%n", bytes, bytes / (double) WorkflowRuns.ITERATIONS);
            byType.forEach((type, count) -> System.out.printf("  %-40s %d%n", type, count));
        }
    }
}
