package dev.terminus.cli.temporal;

import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.TerminusDataConverter;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.terminus.test.HistoryFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the workflow history of each {@code terminus run --demo} scenario, run as the command line runs it on a
 * worker of the command line's registrations (the approval scenario approved through its update), into a new
 * recording, {@code terminus-cli/src/test/resources/histories/demo/<day>/<scenario>.json}, for
 * {@link DemoHistoriesReplayTest}, which replays it beside every earlier one; a day's recording is never made again
 * ({@link HistoryFixtures}). Disabled unless {@code terminus.recordHistories=true}; record from the repository's root
 * with:
 *
 * <pre>
 * bin/mvn -q -pl terminus-cli -am verify -Dterminus.recordHistories=true -Dtest=DemoHistoryRecorder \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "terminus.recordHistories", matches = "true")
class DemoHistoryRecorder {
    static final String TASK_QUEUE = "terminus-demo";

    @Test
    void recordsOneHistoryPerDemoScenario() throws Exception {
        Path dir = HistoryFixtures.newRecording(Path.of("src", "test", "resources", "histories", "demo"));
        try (TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
                .newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .build())) {
            Workers.register(environment.newWorker(TASK_QUEUE), environment.getWorkflowClient());
            environment.start();
            ScenarioRuns runs = new ScenarioRuns(environment.getWorkflowClient(), TASK_QUEUE);
            for (String name : ScenarioReader.DEMO) {
                Scenario scenario = ScenarioReader.demo(name);
                ScenarioRuns.Progress progress = runs.run(name, scenario.task(), ScenarioReader.demoText(name),
                        scenario.cancelAfterMs());
                if (progress instanceof ScenarioRuns.Progress.Paused paused) {
                    runs.answer(paused.workflowId(), GateAnswer.approve(paused.gate().gateId()));
                }
                Files.writeString(dir.resolve(name + ".json"),
                        environment.getWorkflowClient().fetchHistory(progress.workflowId()).toJson(true));
            }
        }
    }
}
