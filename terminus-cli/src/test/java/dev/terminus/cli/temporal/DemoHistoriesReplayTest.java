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
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The workflow histories recorded from the {@code terminus run --demo} scenarios (checked in under
 * {@code src/test/resources/histories/demo}) replay on today's workflows, with the command line's worker registrations,
 * to the same decisions: a change that makes the loop, the scenario resolver or a workflow decide otherwise fails the
 * build. Re-record them with {@link DemoHistoryRecorder} when a change is meant to.
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

    private static WorkflowExecutionHistory recorded(String name) throws IOException {
        try (InputStream in = DemoHistoriesReplayTest.class.getResourceAsStream("/histories/demo/" + name + ".json")) {
            if (in == null) {
                throw new IllegalStateException("no recorded history for demo scenario " + name);
            }
            return WorkflowExecutionHistory.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void everyDemoScenariosRecordedHistoryReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = environment.newWorker(DemoHistoryRecorder.TASK_QUEUE + "-replay");
        Workers.register(worker);

        for (String name : ScenarioReader.DEMO) {
            // when
            WorkflowExecutionHistory history = recorded(name);

            // then
            assertThat(history.getLastEvent().getEventType()).as(name).isIn(
                    EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED);
            assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                    .as("the recorded history of %s replays", name).doesNotThrowAnyException();
        }
    }
}
