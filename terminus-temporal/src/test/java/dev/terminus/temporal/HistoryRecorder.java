package dev.terminus.temporal;

import dev.terminus.temporal.AgentWorkflowTest.Scenario;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import dev.terminus.test.HistoryFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the workflow history of each of the {@link RecordedScenarios} and of the {@link RecordedRuns} into a new
 * recording, {@code terminus-temporal/src/test/resources/histories/<day>/<name>.json}, for
 * {@link RecordedHistoriesReplayTest} and {@link RecordedRunsReplayTest}, which replay it beside every earlier one; a
 * day's recording is never made again ({@link HistoryFixtures}). Disabled unless {@code terminus.recordHistories=true};
 * record (when a release or a gated change makes new decisions) from the repository's root with:
 *
 * <pre>
 * bin/mvn -q -pl terminus-temporal -am verify -Dterminus.recordHistories=true -Dtest=HistoryRecorder \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "terminus.recordHistories", matches = "true")
class HistoryRecorder {
    private static final String RUNS_QUEUE = "terminus-recorded-runs";
    private static final String CONTINUED_QUEUE = "terminus-recorded-continued";

    @Test
    void recordsOneHistoryPerScenario() throws Exception {
        Path dir = HistoryFixtures.newRecording(Path.of("src", "test", "resources", "histories"));
        try (WorkflowHarness temporal =
                new WorkflowHarness(RecordedScenarios.recipes(RecordedScenarios.ALL), RecordedScenarios.MODULE)) {
            for (Scenario scenario : RecordedScenarios.ALL) {
                AgentWorkflow workflow = temporal.workflow(scenario.name());
                workflow.run(new AgentRunInput(scenario.name(), "go"));
                String id = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
                Files.writeString(dir.resolve(scenario.name() + ".json"), temporal.client().fetchHistory(id).toJson(true));
            }
        }
        recordTheRuns(dir);
    }

    private static void recordTheRuns(Path dir) throws Exception {
        TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(RecordedRuns.MODULE)).build())
                .build());
        try {
            WorkflowClient client = environment.getWorkflowClient();
            AgentWorkflows.register(environment.newWorker(RUNS_QUEUE), RecordedRuns.recipes(), client);
            AgentWorkflows.register(environment.newWorker(CONTINUED_QUEUE), RecordedRuns.continued(), client);
            environment.start();

            // a gate answered by the update
            AgentWorkflow gated = workflow(client, RUNS_QUEUE, RecordedRuns.GATED);
            WorkflowClient.start(gated::run, new AgentRunInput(RecordedRuns.GATED, "Refund order 42"));
            long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (gated.pendingGate() == null && System.nanoTime() < giveUp) {
                Thread.onSpinWait();
            }
            gated.answer(GateAnswer.approve(gated.pendingGate().gateId()));
            WorkflowStub.fromTyped(gated).getResult(AgentRunOutput.class);
            write(dir, RecordedRuns.GATED, client.fetchHistory(RecordedRuns.GATED));

            // a stop signal during a tool call
            AgentWorkflow stopped = workflow(client, RUNS_QUEUE, RecordedRuns.STOPPED);
            WorkflowClient.start(stopped::run, new AgentRunInput(RecordedRuns.STOPPED, "go"));
            if (!RecordedRuns.TOOL_STARTED.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the stopped run's tool never started");
            }
            stopped.stop("operator");
            WorkflowStub.fromTyped(stopped).getResult(AgentRunOutput.class);
            RecordedRuns.TOOL_RELEASED.countDown();
            write(dir, RecordedRuns.STOPPED, client.fetchHistory(RecordedRuns.STOPPED));

            // a two-level tree
            workflow(client, RUNS_QUEUE, RecordedRuns.TREE).run(new AgentRunInput(RecordedRuns.TREE, "go"));
            write(dir, RecordedRuns.TREE, client.fetchHistory(RecordedRuns.TREE));

            // a run continued as new by reference: each execution's history
            AgentWorkflow continued = workflow(client, CONTINUED_QUEUE, RecordedRuns.CONTINUED);
            String runId = WorkflowClient.start(continued::run, new AgentRunInput(RecordedRuns.CONTINUED, "go"))
                    .getRunId();
            WorkflowStub.fromTyped(continued).getResult(AgentRunOutput.class);
            int execution = 0;
            while (runId != null) {
                WorkflowExecutionHistory history = client.fetchHistory(RecordedRuns.CONTINUED, runId);
                write(dir, RecordedRuns.CONTINUED + "-" + ++execution, history);
                HistoryEvent last = history.getLastEvent();
                runId = last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
                        ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId()
                        : null;
            }
            if (execution < 2) {
                throw new IllegalStateException("the continued run did not continue as new");
            }
        } finally {
            environment.close();
        }
    }

    private static AgentWorkflow workflow(WorkflowClient client, String queue, String id) {
        return client.newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder().setTaskQueue(queue)
                .setWorkflowId(id).setWorkflowRunTimeout(Duration.ofDays(30)).build());
    }

    private static void write(Path dir, String name, WorkflowExecutionHistory history) throws Exception {
        Files.writeString(dir.resolve(name + ".json"), history.toJson(true));
    }
}
