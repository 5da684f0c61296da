package dev.terminus.temporal;

import static dev.terminus.temporal.ConvergenceWorkflowTest.assertSameEnding;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.Pause;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.RejectedProposal;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.jackson.TerminusModule;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A convergence run that pauses at an approval gate keeps its workflow running: the gate is read with a query, the
 * decision comes as an update (validated against the pending gate), and the run resumes in the same workflow to the
 * end the same engine reaches in one process after the same decision, however long the decision took.
 */
@Timeout(60)
class ConvergenceWorkflowGateTest {
    private static final String ENGINE = "hitl";
    private static final Duration BUDGET = Duration.ofHours(1);
    private static final List<ConvergenceAgent> AGENTS = List.of(
            ConvergenceAgent.of("extractor", Trigger.always(), (context, cycle) ->
                    Reply.propose(Map.of("invoice.number", "INV-0042"))),
            ConvergenceAgent.of("reader", Trigger.always(), (context, cycle) ->
                    Reply.propose(new ProposedFact("total.cents", 119050, 0.4))),
            ConvergenceAgent.of("checker", Trigger.on("total.cents"), (context, cycle) ->
                    Reply.propose(Map.of("checked", context.contains("total.cents")))));
    private static final ConvergenceRecipe RECIPE = materials -> ConvergenceEngine.builder().name(ENGINE)
            .agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock())
            .confidenceThreshold(0.7).timeBudget(BUDGET).build();

    private static ConvergenceHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new ConvergenceHarness(ConvergenceRecipes.builder().engine(ENGINE, AGENTS, RECIPE).build(),
                new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    private static ConvergenceEngine localEngine() {
        return RECIPE.build(new ConvergenceMaterials(AGENTS, RunClock.system()));
    }

    private static ConvergenceWorkflow start() {
        return temporal.start(ConvergenceRunInput.of(ENGINE, Context.empty()));
    }

    private static ConvergenceRunOutput outputOf(ConvergenceWorkflow workflow) {
        return ConvergenceWorkflows.output(WorkflowStub.fromTyped(workflow));
    }

    @Test
    void aPausedRunShowsItsGateAndAnApprovalThroughAnUpdateEndsItAsTheLocalResumeDoes() throws Exception {
        // given
        ConvergenceEngine local = localEngine();
        Pause pause = local.run(Context.empty()).pause().orElseThrow();
        ConvergenceResult approved = local.resume(pause, GateDecision.approve(pause.gateId()));
        ConvergenceWorkflow workflow = start();
        ConvergenceGate gate = ConvergenceHarness.awaitGate(workflow);

        // when
        ConvergenceGate answered = workflow.answer(GateAnswer.approve(gate.gateId()));
        ConvergenceRunOutput output = outputOf(workflow);

        // then
        assertThat(answered).isEqualTo(gate);
        assertThat(gate.proposal()).isEqualTo(pause.staged());
        assertThat(gate.summary()).isEqualTo(pause.gate().summary());
        assertThat(gate.cycle()).isEqualTo(1);
        assertThat(output.termination()).isEqualTo(new Termination.Converged(3));
        assertSameEnding(output, approved);
        assertThat(workflow.pendingGate()).isNull();
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void aRejectionThroughAnUpdateIsRecordedAsThePersonsAndEndsTheRunAsTheLocalResumeDoes() throws Exception {
        // given
        ConvergenceEngine local = localEngine();
        Pause pause = local.run(Context.empty()).pause().orElseThrow();
        ConvergenceResult rejected = local.resume(pause, GateDecision.reject(pause.gateId(), "the total is on page 2"));
        ConvergenceWorkflow workflow = start();
        ConvergenceGate gate = ConvergenceHarness.awaitGate(workflow);

        // when
        workflow.answer(GateAnswer.reject(gate.gateId(), "the total is on page 2"));
        ConvergenceRunOutput output = outputOf(workflow);

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(output.rejected()).containsExactly(new RejectedProposal(gate.proposal(), "the total is on page 2",
                RejectedProposal.By.PERSON));
        assertSameEnding(output, rejected);
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void anApprovalThreeDaysLaterResumesTheRunWithoutCountingTheWaitAgainstItsTimeBudget() throws Exception {
        // given
        ConvergenceWorkflow workflow = start();
        ConvergenceGate gate = ConvergenceHarness.awaitGate(workflow);
        long pausedAt = temporal.environment().currentTimeMillis();

        // when
        temporal.environment().sleep(Duration.ofDays(3));
        workflow.answer(GateAnswer.approve(gate.gateId()));
        ConvergenceRunOutput output = outputOf(workflow);

        // then
        assertThat(temporal.environment().currentTimeMillis() - pausedAt)
                .isGreaterThanOrEqualTo(Duration.ofDays(3).toMillis());
        assertThat(output.termination()).isEqualTo(new Termination.Converged(3));
        assertThat(output.duration()).isLessThan(BUDGET);
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void theValidatorRefusesADecisionForAnotherGateNamingBothAndTheRunStillWaitsForTheRightOne() throws Exception {
        // given
        ConvergenceWorkflow workflow = start();
        ConvergenceGate gate = ConvergenceHarness.awaitGate(workflow);

        // when / then
        assertThatThrownBy(() -> workflow.answer(GateAnswer.approve("gate-elsewhere")))
                .isInstanceOf(WorkflowUpdateException.class)
                .cause().hasMessageContaining("the answer names gate \"gate-elsewhere\" but the run waits at gate \""
                        + gate.gateId() + "\"");
        assertThat(workflow.pendingGate()).isEqualTo(gate);
        workflow.answer(GateAnswer.approve(gate.gateId()));
        assertThat(outputOf(workflow).termination()).isEqualTo(new Termination.Converged(3));
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void theValidatorRefusesAnApprovalWithArgumentsAsAProposalHasNone() throws Exception {
        // given
        ConvergenceWorkflow workflow = start();
        ConvergenceGate gate = ConvergenceHarness.awaitGate(workflow);

        // when / then
        assertThatThrownBy(() -> workflow.answer(GateAnswer.approveWithArguments(gate.gateId(), Map.of("x", 1))))
                .isInstanceOf(WorkflowUpdateException.class)
                .cause().hasMessageContaining("the answer approves gate \"" + gate.gateId() + "\" with arguments,"
                        + " but a convergence run's proposal has no arguments to edit");
        workflow.answer(GateAnswer.approve(gate.gateId()));
        assertThat(outputOf(workflow).termination()).isEqualTo(new Termination.Converged(3));
    }

    @Test
    void theValidatorRefusesAnAnswerWithContentAsAProposalAsksForNoInput() throws Exception {
        // given
        ConvergenceWorkflow workflow = start();
        ConvergenceGate gate = ConvergenceHarness.awaitGate(workflow);

        // when / then
        assertThatThrownBy(() -> workflow.answer(GateAnswer.answer(gate.gateId(), Map.of("name", "Ada"))))
                .isInstanceOf(WorkflowUpdateException.class)
                .cause().hasMessageContaining("the answer gives gate \"" + gate.gateId() + "\" input, but a"
                        + " convergence run's gate waits for approval of a proposal");
        workflow.answer(GateAnswer.approve(gate.gateId()));
        assertThat(outputOf(workflow).termination()).isEqualTo(new Termination.Converged(3));
    }

    @Test
    void cancellingTheWorkflowWhileItWaitsAtAGateEndsTheRunCancelledWithThePausesContext() throws Exception {
        // given
        Pause pause = localEngine().run(Context.empty()).pause().orElseThrow();
        ConvergenceWorkflow workflow = start();
        ConvergenceHarness.awaitGate(workflow);

        // when
        WorkflowStub.fromTyped(workflow).cancel();
        ConvergenceRunOutput output = outputOf(workflow);

        // then
        assertThat(output.termination())
                .isEqualTo(new Termination.Cancelled(ConvergenceWorkflow.CANCELLED_BY_WORKFLOW));
        assertThat(output.context()).isEqualTo(pause.context());
        assertThat(output.rejected()).isEmpty();
        assertThat(output.cycles()).isEqualTo(1);
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }
}
