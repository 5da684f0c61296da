package dev.terminus.temporal;

import dev.terminus.test.HistoryFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the history of a pipeline workflow for each of {@link RecordedPipelinesReplayTest#PIPELINES} into a new
 * recording, {@code terminus-temporal/src/test/resources/pipeline-histories/<day>/<pipeline>.json}, which every build
 * then replays; a day's recording is never made again ({@link HistoryFixtures}). Disabled unless
 * {@code terminus.recordHistories=true}; record from the repository's root with:
 *
 * <pre>
 * bin/mvn -q -pl terminus-temporal -am test -Dterminus.recordHistories=true -Dtest=PipelineHistoryRecorder \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "terminus.recordHistories", matches = "true")
class PipelineHistoryRecorder {

    @Test
    void recordsOneHistoryPerPipeline() throws Exception {
        Path dir = HistoryFixtures.newRecording(Path.of("src", "test", "resources", "pipeline-histories"));
        try (PipelineHarness temporal = new PipelineHarness(PipelineAgents.agents(), PipelineAgents.pipelines())) {
            for (String pipeline : RecordedPipelinesReplayTest.PIPELINES) {
                PipelineHarness.Run run = temporal.run(RecordedPipelinesReplayTest.workflowId(pipeline), pipeline,
                        "Oslo");
                Files.writeString(dir.resolve(pipeline + ".json"),
                        temporal.client().fetchHistory(run.workflowId()).toJson(true));
            }
        }
    }
}
