package dev.terminus.temporal;

import dev.terminus.jackson.TerminusModule;
import dev.terminus.test.HistoryFixtures;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Records the workflow history of each of the {@link RecordedConvergences} into a new recording,
 * {@code terminus-temporal/src/test/resources/convergence-histories/<day>/<scenario>.json}, which
 * {@link RecordedConvergencesReplayTest} replays beside every earlier one; the gated scenario's gate is approved through
 * the {@code answer} update. Disabled unless
 * {@code terminus.recordHistories=true}; record from the repository's root with:
 *
 * <pre>
 * bin/mvn -q -pl terminus-temporal -am test -Dterminus.recordHistories=true -Dtest=ConvergenceHistoryRecorder \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "terminus.recordHistories", matches = "true")
class ConvergenceHistoryRecorder {

    @Test
    void recordsOneHistoryPerScenario() throws Exception {
        Path dir = HistoryFixtures.newRecording(Path.of("src", "test", "resources", "convergence-histories"));
        try (ConvergenceHarness temporal = new ConvergenceHarness(RecordedConvergences.recipes(),
                new TerminusModule())) {
            for (String name : RecordedConvergences.NAMES) {
                ConvergenceWorkflow workflow = temporal.workflow(name);
                workflow.run(ConvergenceRunInput.of(name, RecordedConvergences.INPUT));
                String id = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
                Files.writeString(dir.resolve(name + ".json"),
                        temporal.environment().getWorkflowClient().fetchHistory(id).toJson(true));
            }
            ConvergenceWorkflow gated = temporal.start(
                    ConvergenceRunInput.of(RecordedConvergences.GATED, RecordedConvergences.INPUT));
            ConvergenceGate gate = ConvergenceHarness.awaitGate(gated);
            gated.answer(GateAnswer.approve(gate.gateId()));
            ConvergenceWorkflows.output(WorkflowStub.fromTyped(gated));
            String id = WorkflowStub.fromTyped(gated).getExecution().getWorkflowId();
            Files.writeString(dir.resolve(RecordedConvergences.GATED + ".json"),
                    temporal.environment().getWorkflowClient().fetchHistory(id).toJson(true));
        }
    }
}
