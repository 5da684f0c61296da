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
 * The pipeline workflow histories recorded by {@link PipelineHistoryRecorder} (checked in under
 * {@code src/test/resources/pipeline-histories/<day>}) replay on today's pipeline workflow to the same decisions, so
 * a change that makes a pipeline decide otherwise under running workflows fails the build (ADR 0024).
 */
@Timeout(60)
class RecordedPipelinesReplayTest {
    /** The pipelines recorded: three stages, a retried stage, a retry going on numbering calls, a skip, an abort. */
    static final List<String> PIPELINES = List.of("report", "flaky", "continuing", "skipping", "aborting");

    /**
     * @param pipeline a recorded pipeline
     * @return the id its workflow was recorded under: its children's ids are made from it, so its replay needs it
     */
    static String workflowId(String pipeline) {
        return "recorded-" + pipeline;
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
    void everyRecordedPipelineHistoryReplaysToTheSameDecisions() throws Exception {
        // given
        Worker worker = environment.newWorker("terminus-pipelines-replay");
        PipelineWorkflows.register(worker, PipelineAgents.pipelines());
        List<Path> recordings = HistoryFixtures.recordings(RecordedPipelinesReplayTest.class, "/pipeline-histories");

        for (Path recording : recordings) {
            for (String pipeline : PIPELINES) {
                // when
                WorkflowExecutionHistory history = WorkflowExecutionHistory.fromJson(
                        Files.readString(recording.resolve(pipeline + ".json")), workflowId(pipeline));

                // then
                assertThat(history.getEvents()).as("the history of %s recorded on %s", pipeline,
                        recording.getFileName()).hasSizeGreaterThan(10);
                assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                        .as("the history of %s recorded on %s replays", pipeline, recording.getFileName())
                        .doesNotThrowAnyException();
            }
        }
    }
}
