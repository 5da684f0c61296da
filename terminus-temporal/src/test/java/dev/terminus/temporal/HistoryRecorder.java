package dev.terminus.temporal;

import dev.terminus.temporal.AgentWorkflowTest.Scenario;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.terminus.test.HistoryFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the workflow history of each of the {@link RecordedScenarios} into a new recording,
 * {@code terminus-temporal/src/test/resources/histories/<day>/<scenario>.json}, for {@link RecordedHistoriesReplayTest},
 * which replays it beside every earlier one; a day's recording is never made again ({@link HistoryFixtures}).
 * Disabled unless {@code terminus.recordHistories=true}; record (when a release or a gated change makes new
 * decisions) from the repository's root with:
 *
 * <pre>
 * bin/mvn -q -pl terminus-temporal -am verify -Dterminus.recordHistories=true -Dtest=HistoryRecorder \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "terminus.recordHistories", matches = "true")
class HistoryRecorder {

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
    }
}
