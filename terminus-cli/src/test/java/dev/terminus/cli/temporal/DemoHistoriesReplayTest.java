package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.temporal.TerminusDataConverter;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.io.IOException;
import dev.terminus.test.HistoryFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The workflow histories recorded from the {@code terminus run --demo} scenarios (checked in under
 * {@code src/test/resources/histories/demo/<day>}, one folder a recording, never recorded again) replay on today's
 * workflows, with the command line's worker registrations, to the same decisions: a change that makes the loop, the
 * scenario resolver or a workflow decide otherwise than any earlier version recorded fails the build. A change meant
 * to is gated with {@code Workflow.getVersion} (ADR 0024), and {@link DemoHistoryRecorder} adds a recording.
 */
@Timeout(120)
class DemoHistoriesReplayTest {
    private final TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
            .newBuilder()
            .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                    .setDataConverter(TerminusDataConverter.ofDefaults()).build())
            .build());

    @AfterEach
    void stopTheEnvironment() {
        environment.close();
    }

    private static WorkflowExecutionHistory recorded(Path recording, String name) throws IOException {
        Path file = recording.resolve(name + ".json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no recorded history for demo scenario " + name + " in " + recording);
        }
        return WorkflowExecutionHistory.fromJson(Files.readString(file));
    }

    @Test
    void everyDemoScenariosRecordedHistoryReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = environment.newWorker(DemoHistoryRecorder.TASK_QUEUE + "-replay");
        Workers.register(worker, environment.getWorkflowClient());

        for (Path recording : HistoryFixtures.recordings(DemoHistoriesReplayTest.class, "/histories/demo")) {
            for (String name : ScenarioReader.DEMO) {
                // when
                WorkflowExecutionHistory history = recorded(recording, name);

                // then
                assertThat(history.getLastEvent().getEventType()).as(name).isIn(
                        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
                        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED);
                assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                        .as("the history of %s recorded on %s replays", name, recording.getFileName())
                        .doesNotThrowAnyException();
            }
        }
    }
}
