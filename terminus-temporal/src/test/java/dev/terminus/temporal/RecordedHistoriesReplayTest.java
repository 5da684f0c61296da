package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.temporal.AgentWorkflowTest.Scenario;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The workflow histories recorded from the {@link RecordedScenarios} (checked in under
 * {@code src/test/resources/histories}) replay on today's workflow to the same decisions, so a change that makes the
 * loop or a recipe decide otherwise fails the build; re-record them with {@link HistoryRecorder} when a change is
 * meant to.
 */
@Timeout(60)
class RecordedHistoriesReplayTest {
    private TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
            .newBuilder()
            .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                    .setDataConverter(TerminusDataConverter.of(RecordedScenarios.MODULE))
                    .build())
            .build());

    @AfterEach
    void stopTheEnvironment() {
        environment.close();
    }

    private Worker replayer(List<Scenario> scenarios) {
        Worker worker = environment.newWorker("terminus-agents-replay");
        AgentWorkflows.registerWorkflow(worker, RecordedScenarios.recipes(scenarios));
        return worker;
    }

    private static WorkflowExecutionHistory recorded(String name) throws IOException {
        try (InputStream in = RecordedHistoriesReplayTest.class.getResourceAsStream("/histories/" + name + ".json")) {
            if (in == null) {
                throw new IllegalStateException("no recorded history for scenario " + name);
            }
            return WorkflowExecutionHistory.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void everyRecordedHistoryReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = replayer(RecordedScenarios.ALL);

        for (Scenario scenario : RecordedScenarios.ALL) {
            // when
            WorkflowExecutionHistory history = recorded(scenario.name());

            // then
            assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                    .as("the recorded history of %s replays", scenario.name()).doesNotThrowAnyException();
        }
    }

    @Test
    void aRecipeThatDecidesOtherwiseFailsTheReplayAsNonDeterministic() throws Exception {
        // given: the tool round's agent, now capped at one iteration, would end after its tool call instead of
        // calling the model again as recorded
        Worker worker = replayer(List.of(new Scenario("tool-round",
                s -> s.toolCall("echo", Map.of("x", "a")).text("The echo said a."), c -> c.maxIterations(1))));
        WorkflowExecutionHistory history = recorded("tool-round");

        // when / then: the SDK reports the worker's NonDeterministicException in the message of its replay query's
        // failure, naming the recorded event and the command the workflow made instead
        assertThatThrownBy(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                .isInstanceOf(RuntimeException.class)
                .hasMessageContaining("io.temporal.worker.NonDeterministicException")
                .hasMessageContaining("EVENT_TYPE_ACTIVITY_TASK_SCHEDULED does not match command type "
                        + "COMMAND_TYPE_COMPLETE_WORKFLOW_EXECUTION");
    }
}
