package dev.terminus.temporal;

import dev.terminus.jackson.TerminusModule;
import dev.terminus.test.HistoryFixtures;
import dev.terminus.temporal.wire.SuiteWorkflow;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the history of the suite workflow running {@link RecordedSuitesReplayTest#input()} into a new recording,
 * {@code terminus-temporal/src/test/resources/suite-histories/<day>/suite.json}, which every build then replays; a
 * day's recording is never made again ({@link HistoryFixtures}). Disabled unless {@code terminus.recordHistories=true};
 * record from the repository's root with:
 *
 * <pre>
 * bin/mvn -q -pl terminus-temporal -am test -Dterminus.recordHistories=true -Dtest=SuiteHistoryRecorder \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "terminus.recordHistories", matches = "true")
class SuiteHistoryRecorder {

    @Test
    void recordsOneSuiteHistory() throws Exception {
        Path dir = HistoryFixtures.newRecording(Path.of("src", "test", "resources", "suite-histories"));
        try (TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
                .newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(new TerminusModule())).build())
                .build())) {
            Worker worker = environment.newWorker(RecordedSuitesReplayTest.QUEUE);
            AgentWorkflows.register(worker, SuiteAgents.recipes(), environment.getWorkflowClient());
            SuiteWorkflows.register(worker);
            environment.start();
            SuiteWorkflow suite = environment.getWorkflowClient().newWorkflowStub(SuiteWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(RecordedSuitesReplayTest.QUEUE)
                            .setWorkflowId(RecordedSuitesReplayTest.WORKFLOW_ID).build());
            suite.run(RecordedSuitesReplayTest.input());
            Files.writeString(dir.resolve("suite.json"), environment.getWorkflowClient()
                    .fetchHistory(RecordedSuitesReplayTest.WORKFLOW_ID).toJson(true));
        }
    }
}
