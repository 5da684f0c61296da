package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.agent.RetryPolicy;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.wire.SuiteInput;
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
 * The suite workflow histories recorded by {@link SuiteHistoryRecorder} (checked in under
 * {@code src/test/resources/suite-histories/<day>}) replay on today's suite workflow to the same decisions, so a
 * change that makes a suite decide otherwise under running workflows fails the build (ADR 0024).
 */
@Timeout(60)
class RecordedSuitesReplayTest {
    static final String QUEUE = "terminus-suites-recorded";
    /** The id the suite was recorded under: its children's ids are made from it, so its replay needs it. */
    static final String WORKFLOW_ID = "recorded-suite";

    /** @return the suite recorded: four runs two at a time, two of an agent defined by a document, two repeats */
    static SuiteInput input() {
        String document = SuiteAgents.document(12, 400);
        return new SuiteInput(List.of(
                new SuiteInput.Run("add", 0, "solver", "What is 2 + 2?"),
                new SuiteInput.Run("add", 1, "solver", "What is 2 + 2?"),
                new SuiteInput.Run("long", 0, "defined", "Answer at length", document),
                new SuiteInput.Run("long", 1, "defined", "Answer at length", document)),
                RetryPolicy.none(), 2, null);
    }

    private final TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
            .newBuilder()
            .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                    .setDataConverter(TerminusDataConverter.of(new TerminusModule()))
                    .build())
            .build());

    @AfterEach
    void stopTheEnvironment() {
        environment.close();
    }

    @Test
    void everyRecordedSuiteHistoryReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = environment.newWorker("terminus-suites-replay");
        SuiteWorkflows.register(worker);
        List<Path> recordings = HistoryFixtures.recordings(RecordedSuitesReplayTest.class, "/suite-histories");

        for (Path recording : recordings) {
            // when
            WorkflowExecutionHistory history = WorkflowExecutionHistory.fromJson(
                    Files.readString(recording.resolve("suite.json")), WORKFLOW_ID);

            // then
            assertThat(history.getEvents()).as("the suite history recorded on %s", recording.getFileName())
                    .hasSizeGreaterThan(10);
            assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                    .as("the suite history recorded on %s replays", recording.getFileName())
                    .doesNotThrowAnyException();
        }
    }
}
