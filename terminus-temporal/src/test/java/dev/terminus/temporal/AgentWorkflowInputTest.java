package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputNeeded;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.jackson.TerminusModule;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A tool that asks a person for input in its activity ({@link HumanInputNeeded}, as an MCP server's elicitation does)
 * pauses the workflow at a gate that says what it asks; the {@code answer} update answers it with content checked
 * against the schema asked for, or declines it; the call is made again with the answer in its activity's
 * {@code RunContext}, and the run ends as a local run resumed with the same decision.
 */
@Timeout(60)
class AgentWorkflowInputTest {
    private static final Map<String, Object> SCHEMA = Map.of("type", "object",
            "properties", Map.of("name", Map.of("type", "string")), "required", List.of("name"));
    private static final HumanInputRequest ASKED = HumanInputRequest.of("Whom should I register?", SCHEMA, "people");
    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("registrar", model(), List.of(register()), AgentWorkflowInputTest::agent).build(),
                new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    /** Calls the tool, then answers: by the messages it is given, so one instance serves every run. */
    private static Model model() {
        return request -> request.messages().getLast() instanceof Message.ToolResult
                ? ModelResponse.text("Done.", Usage.of(1, 1))
                : new ModelResponse(new Message.Assistant("", List.of(new ToolCall("call_1", "register", Map.of()))),
                        Usage.of(1, 1), FinishReason.TOOL_CALLS);
    }

    /** Asks whom to register, then registers the name given, or says it was declined. */
    private static Tool register() {
        return Tools.of("register", "Registers a person", (arguments, run) -> {
            HumanInputAnswer answer = run.humanInput(ASKED).orElseThrow(() -> new HumanInputNeeded(ASKED));
            return answer.answered().map(content -> "registered " + content.get("name"))
                    .orElse("not registered: " + answer.declinedBecause());
        });
    }

    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock()).build();
    }

    private static AgentWorkflow startAndAwaitTheGate() {
        AgentWorkflow workflow = temporal.workflow("registrar", Duration.ofDays(1));
        WorkflowClient.start(workflow::run, new AgentRunInput("registrar", "Register the new user"));
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (workflow.pendingGate() == null) {
            if (System.nanoTime() > giveUp) {
                throw new AssertionError("the run never waited at its gate");
            }
            Thread.onSpinWait();
        }
        return workflow;
    }

    private static RunResult resumedLocally(Function<String, GateDecision> decision) {
        Agent agent = agent(new AgentMaterials(model(), List.of(register()), RunClock.system()));
        RunResult paused = agent.run("Register the new user");
        return agent.resume(paused.checkpoint().orElseThrow(), decision.apply(paused.checkpoint().orElseThrow()
                .gateId()));
    }

    private static AgentRunOutput outputOf(AgentWorkflow workflow) {
        return AgentWorkflows.output(WorkflowStub.fromTyped(workflow));
    }

    private static String idOf(AgentWorkflow workflow) {
        return WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
    }

    @Test
    void aToolThatAsksForInputPausesTheWorkflowAtAGateShowingTheQuestionAndTheSchema() {
        // when
        AgentWorkflow workflow = startAndAwaitTheGate();

        // then
        PendingGate gate = workflow.pendingGate();
        assertThat(gate.waitsForInput()).isTrue();
        assertThat(gate.input()).isEqualTo(ASKED);
        assertThat(gate.summary()).isEqualTo("Whom should I register?");
        assertThat(gate.toolName()).isEqualTo("register");
        workflow.answer(GateAnswer.reject(gate.gateId(), "test over"));
    }

    @Test
    void anAnswerMakesTheCallAgainWithTheAnswerInItsActivityAndTheRunEndsAsALocalResumption() throws Exception {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate();
        String gateId = workflow.pendingGate().gateId();

        // when
        workflow.answer(GateAnswer.answer(gateId, Map.of("name", "Ada")));
        AgentRunOutput output = outputOf(workflow);

        // then
        RunResult local = resumedLocally(id -> GateDecision.answer(id, Map.of("name", "Ada")));
        assertThat(output.termination()).isEqualTo(local.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.transcript()).isEqualTo(local.transcript());
        assertThat(output.transcript().toString()).contains("registered Ada");
        assertThat(output.toolCalls()).isEqualTo(1);
        temporal.replay(idOf(workflow));
    }

    @Test
    void aRejectionDeclinesTheRequestAndTheToolIsToldWhy() throws Exception {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate();
        String gateId = workflow.pendingGate().gateId();

        // when
        workflow.answer(GateAnswer.reject(gateId, "not today"));
        AgentRunOutput output = outputOf(workflow);

        // then
        RunResult local = resumedLocally(id -> GateDecision.reject(id, "not today"));
        assertThat(output.transcript()).isEqualTo(local.transcript());
        assertThat(output.transcript().toString()).contains("not registered: not today");
        temporal.replay(idOf(workflow));
    }

    @Test
    void anAnswerThatDoesNotMatchTheSchemaIsRefusedNamingThePropertyAndLeavesNoTraceInTheHistory() {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate();
        PendingGate gate = workflow.pendingGate();
        int events = temporal.client().fetchHistory(idOf(workflow)).getEvents().size();

        // when / then
        assertThatThrownBy(() -> workflow.answer(GateAnswer.answer(gate.gateId(), Map.of("name", 7))))
                .isInstanceOf(WorkflowUpdateException.class).rootCause()
                .hasMessageContaining("the answer to gate \"" + gate.gateId()
                        + "\" does not match the schema it asked for: argument \"name\" must be of type string");
        List<HistoryEvent> after = temporal.client().fetchHistory(idOf(workflow)).getEvents();
        // (the test server delivers the update in a workflow task that a real server would not keep)
        assertThat(after.subList(events, after.size())).extracting(HistoryEvent::getEventType)
                .allMatch(type -> type.name().startsWith("EVENT_TYPE_WORKFLOW_TASK_"));
        assertThat(after).noneMatch(event -> event.getEventType().name().contains("UPDATE"));
        assertThat(workflow.pendingGate()).isEqualTo(gate);
        workflow.answer(GateAnswer.reject(gate.gateId(), "test over"));
    }

    @Test
    void anApprovalAtAGateThatWaitsForInputIsRefusedNamingWhatItWaitsFor() {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate();
        PendingGate gate = workflow.pendingGate();

        // when / then
        assertThatThrownBy(() -> workflow.answer(GateAnswer.approve(gate.gateId())))
                .isInstanceOf(WorkflowUpdateException.class).rootCause()
                .hasMessageContaining("gate \"" + gate.gateId() + "\" waits for a person's input (\"Whom should I"
                        + " register?\"), not for approval");
        assertThat(workflow.pendingGate()).isEqualTo(gate);
        workflow.answer(GateAnswer.reject(gate.gateId(), "test over"));
    }
}
