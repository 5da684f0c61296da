package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.jackson.TerminusModule;
import dev.terminus.test.HistoryFixtures;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The convergence workflow histories recorded from the {@link RecordedConvergences} (checked in under
 * {@code src/test/resources/convergence-histories/<day>}, never recorded again) replay on today's workflow to the same
 * decisions: a change that makes the workflow decide otherwise for a run recorded by an earlier version fails the
 * build unless it is gated with {@code Workflow.getVersion}.
 */
@Timeout(60)
class RecordedConvergencesReplayTest {
    private final TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
            .newBuilder()
            .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                    .setDataConverter(TerminusDataConverter.of(new TerminusModule())).build())
            .build());

    @AfterEach
    void stopTheEnvironment() {
        environment.close();
    }

    @Test
    void everyRecordedConvergenceReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = environment.newWorker("terminus-converge-replay");
        ConvergenceWorkflows.registerWorkflow(worker, RecordedConvergences.recipes());
        List<Path> recordings = HistoryFixtures.recordings(getClass(), "/convergence-histories");

        for (Path recording : recordings) {
            for (String name : RecordedConvergences.NAMES) {
                // when
                WorkflowExecutionHistory history =
                        WorkflowExecutionHistory.fromJson(Files.readString(recording.resolve(name + ".json")));

                // then
                assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                        .as("the history of %s recorded on %s replays", name, recording.getFileName())
                        .doesNotThrowAnyException();
            }
        }
        assertThat(recordings).isNotEmpty();
    }

    @Test
    void everyRecordedGateAnsweredByUpdateReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = environment.newWorker("terminus-converge-gate-replay");
        ConvergenceWorkflows.registerWorkflow(worker, RecordedConvergences.recipes());
        List<Path> recordings = HistoryFixtures.recordings(getClass(), "/convergence-histories").stream()
                .filter(recording -> recording.getFileName().toString()
                        .compareTo(RecordedConvergences.GATED_SINCE) >= 0)
                .toList();

        for (Path recording : recordings) {
            // when
            WorkflowExecutionHistory history = WorkflowExecutionHistory.fromJson(
                    Files.readString(recording.resolve(RecordedConvergences.GATED + ".json")));

            // then
            assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                    .as("the gated history recorded on %s replays", recording.getFileName())
                    .doesNotThrowAnyException();
        }
        assertThat(recordings).isNotEmpty();
    }
}
