package dev.terminus.temporal;

import dev.terminus.temporal.AgentWorkflowTest.Scenario;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the workflow history of each of the {@link RecordedScenarios} into
 * {@code terminus-temporal/src/test/resources/histories/<scenario>.json}, for {@link RecordedHistoriesReplayTest}.
 * Disabled unless {@code terminus.recordHistories=true}; re-record (when a change is meant to alter the decisions a
 * run makes) from the repository's root with:
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
        Path dir = Path.of("src", "test", "resources", "histories");
        Files.createDirectories(dir);
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
