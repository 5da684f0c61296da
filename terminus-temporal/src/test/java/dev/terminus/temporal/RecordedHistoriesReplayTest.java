package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.temporal.AgentWorkflowTest.Scenario;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.terminus.test.HistoryFixtures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The workflow histories recorded from the {@link RecordedScenarios} (checked in under
 * {@code src/test/resources/histories/<day>}, one folder a recording, never recorded again: {@link HistoryFixtures})
 * replay on today's workflow to the same decisions, so a change that makes the loop or a recipe decide otherwise
 * fails the build, for the runs recorded by every earlier version. A change meant to decide otherwise is gated with
 * {@code Workflow.getVersion} (ADR 0024), and {@link HistoryRecorder} adds a recording of the new decisions.
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
        AgentWorkflows.registerWorkflow(worker, RecordedScenarios.recipes(scenarios), environment.getWorkflowClient());
        return worker;
    }

    private static WorkflowExecutionHistory recorded(Path recording, String name) throws IOException {
        Path file = recording.resolve(name + ".json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no recorded history for scenario " + name + " in " + recording);
        }
        return WorkflowExecutionHistory.fromJson(Files.readString(file));
    }

    private static Path oldest() {
        return HistoryFixtures.recordings(RecordedHistoriesReplayTest.class, "/histories").get(0);
    }

    @Test
    void everyRecordingOfEveryVersionReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = replayer(RecordedScenarios.ALL);
        List<Path> recordings = HistoryFixtures.recordings(RecordedHistoriesReplayTest.class, "/histories");

        for (Path recording : recordings) {
            for (Scenario scenario : RecordedScenarios.ALL) {
                // when
                WorkflowExecutionHistory history = recorded(recording, scenario.name());

                // then
                assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                        .as("the history of %s recorded on %s replays", scenario.name(), recording.getFileName())
                        .doesNotThrowAnyException();
            }
        }
        assertThat(recordings).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void aGatedChangeIsMarkedInTheRunsRecordedAfterItAndAbsentFromThoseBefore() throws Exception {
        // given
        List<Path> recordings = HistoryFixtures.recordings(RecordedHistoriesReplayTest.class, "/histories");

        // when
        List<String> before = versionMarkers(recorded(recordings.get(0), "tool-round"));
        List<String> after = versionMarkers(recorded(recordings.get(recordings.size() - 1), "tool-round"));

        // then
        assertThat(before).isEmpty();
        assertThat(after).contains("terminus-carry-check");
    }

    /** @return the change ids of the version markers ({@code Workflow.getVersion}) in the history */
    private static List<String> versionMarkers(WorkflowExecutionHistory history) {
        DataConverter converter = DefaultDataConverter.newDefaultInstance();
        return history.getEvents().stream().filter(HistoryEvent::hasMarkerRecordedEventAttributes)
                .map(HistoryEvent::getMarkerRecordedEventAttributes)
                .filter(marker -> marker.getMarkerName().equals("Version"))
                .map(marker -> converter.fromPayloads(0, Optional.of(marker.getDetailsOrThrow("changeId")),
                        String.class, String.class))
                .toList();
    }

    @Test
    void aRecipeThatDecidesOtherwiseFailsTheReplayAsNonDeterministic() throws Exception {
        // given: the tool round's agent, now capped at one iteration, would end after its tool call instead of
        // calling the model again as recorded
        Worker worker = replayer(List.of(new Scenario("tool-round",
                s -> s.toolCall("echo", Map.of("x", "a")).text("The echo said a."), c -> c.maxIterations(1))));
        WorkflowExecutionHistory history = recorded(oldest(), "tool-round");

        // when / then: the SDK reports the worker's NonDeterministicException in the message of its replay query's
        // failure, naming the recorded event and the command the workflow made instead
        assertThatThrownBy(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                .isInstanceOf(RuntimeException.class)
                .hasMessageContaining("io.temporal.worker.NonDeterministicException")
                .hasMessageContaining("EVENT_TYPE_ACTIVITY_TASK_SCHEDULED does not match command type "
                        + "COMMAND_TYPE_COMPLETE_WORKFLOW_EXECUTION");
    }
}
