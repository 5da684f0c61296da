package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.cli.converge.Examples;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.ConvergenceRunInput;
import dev.terminus.temporal.ConvergenceRunOutput;
import dev.terminus.temporal.ConvergenceWorkflow;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.PendingGate;
import dev.terminus.temporal.TerminusDataConverter;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code terminus run --demo} scenario, and its convergence example, ends the same as a Temporal workflow (on the in-process server, time
 * skipping, the command line's worker registrations) as in one process: the same termination, case and facts, but
 * for the facts that differ between any two runs wherever they run ({@link #PER_RUN}).
 */
@Timeout(120)
class DemoParityTest {
    private static final String TASK_QUEUE = "terminus-parity";
    private static final ObjectMapper WIRE = new ObjectMapper().registerModule(new TerminusModule());
    /** Facts that differ between any two runs: a duration, and a gate's id (random, as ids of new gates are). */
    private static final Set<String> PER_RUN = Set.of("elapsedMs", "gateId");
    /**
     * Scenarios whose termination differs by nature, and the fact that differs: a cancelled workflow is cancelled by
     * Temporal, whose cancellation carries no name, so the run is {@code Cancelled} by
     * {@link AgentWorkflow#CANCELLED_BY_WORKFLOW} (in one process, the command line names itself).
     */
    private static final Map<String, String> DIFFERENT_BY_NATURE = Map.of("cancelled", "requestedBy");
    /**
     * The scenario whose run pauses at an approval gate: in one process the run ends {@code HitlGatePending}; a
     * workflow does not end there but waits at the gate for an answer (an update), so it is compared at the gate,
     * and once approved with the local run resumed with the same decision.
     */
    private static final String WAITS_AT_GATE = "hitl-gate-pending";

    private static TestWorkflowEnvironment environment;

    @BeforeAll
    static void startTemporal() {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.ofDefaults()).build())
                .setUseTimeskipping(true)
                .build());
        Workers.register(environment.newWorker(TASK_QUEUE), environment.getWorkflowClient());
        environment.start();
    }

    @AfterAll
    static void stopTemporal() {
        environment.shutdownNow();
        environment.close();
    }

    static List<String> endingDemos() {
        return ScenarioReader.DEMO.stream().filter(name -> !name.equals(WAITS_AT_GATE)).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endingDemos")
    void aDemoScenarioEndsAsAWorkflowAsItEndsInOneProcess(String name) throws Exception {
        // given
        Scenario scenario = ScenarioReader.demo(name);
        RunResult local = ScenarioAgent.of(scenario).run();

        // when
        AgentRunOutput workflow = ended(runs().run(name, scenario.task(), ScenarioReader.demoText(name),
                scenario.cancelAfterMs()));

        // then
        assertSameEnd(name, workflow, local);
    }

    @Test
    void aRunPausedAtAGateWaitsInItsWorkflowAtTheSameGateAndEndsAsInOneProcessOnceApproved() throws Exception {
        // given
        Scenario scenario = ScenarioReader.demo(WAITS_AT_GATE);
        ScenarioAgent agent = ScenarioAgent.of(scenario);
        RunResult paused = agent.run();
        RunResult resumed = agent.resume(paused.checkpoint().orElseThrow(),
                GateDecision.approve(paused.checkpoint().orElseThrow().gateId()));

        // when
        ScenarioRuns.Progress progress = runs().run(WAITS_AT_GATE, scenario.task(),
                ScenarioReader.demoText(WAITS_AT_GATE), null);
        PendingGate gate = ((ScenarioRuns.Progress.Paused) progress).gate();
        AgentRunOutput approved = ended(runs().answer(progress.workflowId(), GateAnswer.approve(gate.gateId())));

        // then
        assertThat(comparable(WAITS_AT_GATE, new Termination.HitlGatePending(gate.gateId(), gate.toolCallId(),
                gate.summary(), agent.agent().config().name(), gate.iteration())))
                .isEqualTo(comparable(WAITS_AT_GATE, paused.termination()));
        assertSameEnd(WAITS_AT_GATE, approved, resumed);
    }

    @Test
    void aCancelledWorkflowNamesTheWorkflowAsWhoCancelledIt() throws Exception {
        // given
        Scenario scenario = ScenarioReader.demo("cancelled");

        // when
        AgentRunOutput workflow = ended(runs().run("cancelled", scenario.task(),
                ScenarioReader.demoText("cancelled"), scenario.cancelAfterMs()));

        // then
        assertThat(workflow.termination())
                .isEqualTo(new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW));
    }

    @Test
    void theConvergenceExampleConvergesAsAWorkflowAsInOneProcess() {
        // given
        Examples.Example example = Examples.documentReconciliation();
        ConvergenceResult local = example.run();

        // when
        ConvergenceRunOutput workflow = environment.getWorkflowClient().newWorkflowStub(ConvergenceWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).build())
                .run(ConvergenceRunInput.of(Examples.RECONCILIATION, example.input()));

        // then
        assertThat(workflow.termination()).isEqualTo(local.termination());
        assertThat(workflow.facts()).isEqualTo(local.context().facts());
        assertThat(workflow.cycles()).isEqualTo(local.cycles());
    }

    private static ScenarioRuns runs() {
        return new ScenarioRuns(environment.getWorkflowClient(), TASK_QUEUE);
    }

    private static AgentRunOutput ended(ScenarioRuns.Progress progress) {
        assertThat(progress).isInstanceOf(ScenarioRuns.Progress.Ended.class);
        return ((ScenarioRuns.Progress.Ended) progress).output();
    }

    private static void assertSameEnd(String name, AgentRunOutput workflow, RunResult local) {
        assertThat(workflow.termination().tag()).isEqualTo(local.termination().tag());
        assertThat(facts(workflow.termination())).isEqualTo(facts(local.termination()));
        assertThat(comparable(name, workflow.termination())).isEqualTo(comparable(name, local.termination()));
        assertThat(workflow.outcome()).isEqualTo(local.outcome());
        assertThat(workflow.iterations()).isEqualTo(local.iterations().size());
        assertThat(workflow.toolCalls()).isEqualTo(local.toolCalls());
        assertThat(workflow.usage()).isEqualTo(local.usage());
        assertThat(workflow.costUsd()).isEqualByComparingTo(local.costUsd());
        assertThat(workflow.finalAnswer()).isEqualTo(local.finalAnswer().orElse(null));
    }

    /** The names of the termination's facts in the wire format, its per-run facts included. */
    private static List<String> facts(Termination termination) {
        List<String> names = new java.util.ArrayList<>();
        WIRE.<ObjectNode>valueToTree(termination).fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The termination's wire form without its durations, nor the fact that differs by nature in this scenario. */
    private static ObjectNode comparable(String scenario, Termination termination) {
        ObjectNode node = WIRE.valueToTree(termination);
        node.remove(PER_RUN);
        String different = DIFFERENT_BY_NATURE.get(scenario);
        if (different != null) {
            node.remove(different);
        }
        return node;
    }
}
