package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.temporal.AgentWorkflowTest.Scenario;
import dev.terminus.temporal.internal.AgentActivitiesImpl;
import dev.terminus.temporal.wire.AgentActivities;
import dev.terminus.temporal.wire.ModelAnswer;
import dev.terminus.temporal.wire.ModelCall;
import dev.terminus.temporal.wire.ToolInvocation;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A call interrupted on its activity's worker (the worker shutting down now interrupts its activities) is a call lost
 * with that worker, never an interrupt of the run's own thread: the run goes on, as it does after a killed worker. A
 * run recorded before the change, which read the remote interrupt as its caller's and ended
 * {@code Cancelled("thread-interrupt")}, still replays to that end (the change is gated, ADR 0024).
 */
@Timeout(60)
class RemoteInterruptTest {
    private static final String AGENT = "interrupted-tool";
    private static final String QUEUE = "remote-interrupt";
    /** The tool of the recorded run: its call is interrupted on the activity's thread. */
    private static final Tool LOOKUP = Tools.of("lookup", "Looks up", Map.of("type", "object"), (arguments, run) -> {
        throw new InterruptedException("sleep interrupted");
    });
    private static final Scenario SCENARIO = new Scenario(AGENT,
            s -> s.toolCall("lookup", Map.of("city", "Oslo")).text("The lookup was lost."), c -> c);

    private final TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(
            TestEnvironmentOptions.newBuilder()
                    .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                            .setDataConverter(TerminusDataConverter.of(RecordedScenarios.MODULE)).build())
                    .setUseTimeskipping(true)
                    .build());

    @AfterEach
    void stopTheEnvironment() {
        environment.close();
    }

    private static AgentRecipes recipes() {
        return AgentRecipes.builder().agent(AGENT, SCENARIO.model(), List.of(LOOKUP), SCENARIO.recipe()).build();
    }

    /** Activities as a build before the change reported an interrupted tool call: a failure typed by the interrupt. */
    private record OlderBuildActivities(AgentActivities current) implements AgentActivities {
        @Override
        public ModelAnswer chat(ModelCall call) {
            return current.chat(call);
        }

        @Override
        public String callTool(ToolInvocation call) {
            throw ApplicationFailure.newNonRetryableFailure("sleep interrupted", InterruptedException.class.getName(),
                    "sleep interrupted");
        }

        @Override
        public List<dev.terminus.agent.spi.ToolSpec> servedToolSpecs(String agentName, int wireVersion) {
            return current.servedToolSpecs(agentName, wireVersion);
        }
    }

    private WorkflowStub run(AgentActivities activities) {
        Worker worker = environment.newWorker(QUEUE);
        AgentRecipes recipes = recipes();
        AgentWorkflows.registerWorkflow(worker, recipes, environment.getWorkflowClient());
        worker.registerActivitiesImplementations(activities == null ? new AgentActivitiesImpl(recipes) : activities);
        environment.start();
        AgentWorkflow workflow = environment.getWorkflowClient().newWorkflowStub(AgentWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(AGENT).build());
        workflow.run(new AgentRunInput(AGENT, "go"));
        return WorkflowStub.fromTyped(workflow);
    }

    private static String toolResult(AgentRunOutput output) {
        return output.transcript().stream().filter(Message.ToolResult.class::isInstance).map(Message::content)
                .findFirst().orElseThrow();
    }

    private boolean marked() {
        return environment.getWorkflowClient().fetchHistory(AGENT).getEvents().stream()
                .filter(HistoryEvent::hasMarkerRecordedEventAttributes)
                .anyMatch(event -> event.getMarkerRecordedEventAttributes().getDetailsMap().toString()
                        .contains("terminus-remote-interrupt"));
    }

    @Test
    void aToolInterruptedOnItsActivitysThreadIsACallLostWithItsWorkerAndTheRunGoesOn() {
        // given / when: the tool's thread is interrupted, as its worker's shutdown interrupts it
        WorkflowStub stub = run(null);
        AgentRunOutput output = stub.getResult(AgentRunOutput.class);

        // then: the model read the call as lost and answered; no cancellation the run's caller never asked for
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResult(output)).contains("lost").contains("its worker shut down");
    }

    @Test
    void aCallAnOlderActivityWorkerReportedInterruptedIsLostAndTheChangeIsMarkedInTheHistory() {
        // given: the workflow worker runs this build, the activity worker an older one
        AgentActivities older = new OlderBuildActivities(new AgentActivitiesImpl(recipes()));

        // when
        WorkflowStub stub = run(older);
        AgentRunOutput output = stub.getResult(AgentRunOutput.class);

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResult(output)).contains("lost").contains("its worker interrupted it");
        assertThat(marked()).as("the gated change's version marker").isTrue();
    }

    @Test
    void aRunRecordedBeforeTheChangeReplaysToItsCancelledEnd() throws Exception {
        // given: the history of this scenario recorded by the build before the change: Cancelled("thread-interrupt")
        Path file = Path.of(getClass().getResource("/remote-interrupt/recorded-before-the-change.json").toURI());
        WorkflowExecutionHistory history = WorkflowExecutionHistory.fromJson(Files.readString(file));
        Worker replayer = environment.newWorker(QUEUE + "-replay");
        AgentWorkflows.registerWorkflow(replayer, recipes(), environment.getWorkflowClient());

        AgentRunOutput recorded = TerminusDataConverter.of(RecordedScenarios.MODULE).fromPayloads(0,
                Optional.of(history.getLastEvent().getWorkflowExecutionCompletedEventAttributes().getResult()),
                AgentRunOutput.class, AgentRunOutput.class);
        assertThat(recorded.termination()).isEqualTo(Termination.Cancelled.byThreadInterrupt());

        // when / then
        assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, replayer))
                .doesNotThrowAnyException();
    }
}
