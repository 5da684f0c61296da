package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A workflow's run that reaches an approval gate waits in the workflow, for days if need be, with the gate readable
 * by a query, and goes on when the gate is answered by an update: as a local run resumed with the same decision.
 */
@Timeout(60)
class AgentWorkflowApprovalTest {
    private static final Duration BUDGET = Duration.ofMinutes(5);
    private static final List<String> AGENTS = List.of("approved", "edited", "rejected", "refused", "cancelled");
    private static final Map<String, List<Object>> REFUNDS = new java.util.concurrent.ConcurrentHashMap<>();
    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes.Builder recipes = AgentRecipes.builder();
        for (String name : AGENTS) {
            recipes.agent(name, model(), List.of(refund(name)), AgentWorkflowApprovalTest::agent);
        }
        temporal = new WorkflowHarness(recipes.build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    private static ScriptedModel model() {
        return ScriptedModel.builder().toolCall("refund", Map.of("order", "42", "amount", 120))
                .text("The refund is settled.").build();
    }

    /** A refund tool recording, per agent, the amounts it paid. */
    private static Tool refund(String agentName) {
        List<Object> paid = REFUNDS.computeIfAbsent(agentName, name -> new CopyOnWriteArrayList<>());
        return Tools.of("refund", "Refunds an order", (arguments, run) -> {
            paid.add(arguments.get("amount"));
            return "refunded " + arguments.get("amount");
        });
    }

    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().timeBudget(BUDGET).build()).requireApproval("refund").build();
    }

    /** Starts the agent's run as a workflow and waits until it waits at its gate. */
    private static AgentWorkflow startAndAwaitTheGate(String agentName) {
        AgentWorkflow workflow = temporal.workflow(agentName, Duration.ofDays(30));
        WorkflowClient.start(workflow::run, new AgentRunInput(agentName, "Refund order 42"));
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (workflow.pendingGate() == null) {
            if (System.nanoTime() > giveUp) {
                throw new AssertionError("the run of " + agentName + " never waited at its gate");
            }
            Thread.onSpinWait();
        }
        return workflow;
    }

    /** The same agent run in this process to its gate, then resumed with a decision for it. */
    private static RunResult resumedLocally(java.util.function.Function<String, GateDecision> decision) {
        Agent agent = agent(new AgentMaterials(model(), List.of(refund("local")), RunClock.system()));
        RunResult paused = agent.run("Refund order 42");
        return agent.resume(paused.checkpoint().orElseThrow(), decision.apply(paused.checkpoint().orElseThrow()
                .gateId()));
    }

    private static AgentRunOutput outputOf(AgentWorkflow workflow) {
        return AgentWorkflows.output(WorkflowStub.fromTyped(workflow));
    }

    private static void replays(AgentWorkflow workflow) throws Exception {
        temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId());
    }

    @Test
    void aGateAnsweredAfterThreeDaysGoesOnAsALocalResumptionAndTheWaitIsNotOnTheTimeBudget() throws Exception {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate("approved");
        PendingGate gate = workflow.pendingGate();
        long before = temporal.currentTimeMillis();

        // when
        temporal.skip(Duration.ofDays(3));
        PendingGate answered = workflow.answer(GateAnswer.approve(gate.gateId()));
        AgentRunOutput output = outputOf(workflow);

        // then
        assertThat(gate.toolName()).isEqualTo("refund");
        assertThat(gate.arguments()).containsEntry("order", "42").containsEntry("amount", 120);
        assertThat(gate.gateId()).startsWith("gate-");
        assertThat(answered).isEqualTo(gate);
        assertThat(temporal.currentTimeMillis() - before).isGreaterThanOrEqualTo(Duration.ofDays(3).toMillis());
        RunResult local = resumedLocally(GateDecision::approve);
        assertThat(output.termination()).isEqualTo(local.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.finalAnswer()).isEqualTo("The refund is settled.");
        assertThat(output.transcript()).isEqualTo(local.transcript());
        assertThat(output.duration()).isLessThan(BUDGET);
        assertThat(REFUNDS.get("approved")).containsExactly(120);
        assertThat(workflow.pendingGate()).isNull();
        replays(workflow);
    }

    @Test
    void anApprovalWithEditedArgumentsRunsTheCallWithThem() throws Exception {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate("edited");
        String gateId = workflow.pendingGate().gateId();

        // when
        workflow.answer(GateAnswer.approveWithArguments(gateId, Map.of("order", "42", "amount", 50)));
        AgentRunOutput output = outputOf(workflow);

        // then
        assertThat(REFUNDS.get("edited")).containsExactly(50);
        RunResult local = resumedLocally(id -> GateDecision.approveWithArguments(id, Map.of("order", "42",
                "amount", 50)));
        assertThat(output.termination()).isEqualTo(local.termination());
        assertThat(output.transcript()).isEqualTo(local.transcript());
        replays(workflow);
    }

    @Test
    void aRejectionRunsNothingAndTheModelReadsTheReason() throws Exception {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate("rejected");
        String gateId = workflow.pendingGate().gateId();

        // when
        workflow.answer(GateAnswer.reject(gateId, "refunds over 100 EUR need a manager"));
        AgentRunOutput output = outputOf(workflow);

        // then
        assertThat(REFUNDS.get("rejected")).isEmpty();
        assertThat(output.transcript()).anySatisfy(message -> assertThat(message)
                .isInstanceOfSatisfying(Message.ToolResult.class, result -> assertThat(result.content())
                        .contains("refunds over 100 EUR need a manager")));
        RunResult local = resumedLocally(id -> GateDecision.reject(id, "refunds over 100 EUR need a manager"));
        assertThat(output.termination()).isEqualTo(local.termination());
        assertThat(output.transcript()).isEqualTo(local.transcript());
        replays(workflow);
    }

    @Test
    void anAnswerForAnotherGateIsRefusedAndTheRunKeepsWaiting() {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate("refused");
        PendingGate gate = workflow.pendingGate();

        // when / then
        assertThatThrownBy(() -> workflow.answer(GateAnswer.approve("gate-of-another-run")))
                .isInstanceOf(WorkflowUpdateException.class)
                .rootCause().hasMessageContaining("gate-of-another-run").hasMessageContaining(gate.gateId());
        assertThat(workflow.pendingGate()).isEqualTo(gate);
        workflow.answer(GateAnswer.approve(gate.gateId()));
        assertThat(outputOf(workflow).termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThatThrownBy(() -> workflow.answer(GateAnswer.approve(gate.gateId())))
                .isInstanceOf(RuntimeException.class);
    }

    @Test
    void cancellingTheWorkflowWhileItWaitsEndsTheRunCancelledWithThePausedRunsFigures() throws Exception {
        // given
        AgentWorkflow workflow = startAndAwaitTheGate("cancelled");

        // when
        WorkflowStub.fromTyped(workflow).cancel();
        AgentRunOutput output = outputOf(workflow);

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW));
        assertThat(output.iterations()).isEqualTo(1);
        assertThat(REFUNDS.get("cancelled")).isEmpty();
        assertThat(output.transcript()).as("the gated call is answered as not run").last()
                .isInstanceOfSatisfying(Message.ToolResult.class,
                        result -> assertThat(result.content()).startsWith("Not run: the run ended (Cancelled)"));
        replays(workflow);
    }
}
