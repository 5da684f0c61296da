package dev.terminus.temporal;

import static dev.terminus.temporal.ConvergenceWorkflowTest.assertSameEnding;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceHandle;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.jackson.TerminusModule;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A convergence run as a workflow is stopped by workflow time and by the workflow's cancellation while an agent's
 * turn activity is still running, and ends as the same engine's run in one process stopped the same way.
 */
@Timeout(60)
class ConvergenceWorkflowStopTest {
    private static final Duration BUDGET = Duration.ofSeconds(1);

    /** An extractor, and an agent whose turn after the extractor's fact waits to be released (at most 5 s). */
    static final class Waiting {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch released = new CountDownLatch(1);
        final List<ConvergenceAgent> agents = List.of(
                ConvergenceAgent.of("extractor", Trigger.always(), (context, cycle) ->
                        Reply.propose(Map.of("invoice.number", "INV-0042"))),
                ConvergenceAgent.of("slow", Trigger.on("invoice.number"), (context, cycle) -> {
                    if (!context.contains("invoice.number")) {
                        return Reply.nothing();
                    }
                    started.countDown();
                    released.await(5, TimeUnit.SECONDS);
                    return Reply.propose(Map.of("checked", true));
                }));
    }

    private static final Waiting FOR_THE_BUDGET = new Waiting();
    private static final Waiting FOR_THE_CANCELLATION = new Waiting();
    private static final Waiting WITHOUT_A_GATE = new Waiting();
    private static ConvergenceHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new ConvergenceHarness(ConvergenceRecipes.builder()
                .engine("budgeted", FOR_THE_BUDGET.agents, recipe("budgeted", BUDGET))
                .engine("cancellable", FOR_THE_CANCELLATION.agents, recipe("cancellable", null))
                .engine("busy", WITHOUT_A_GATE.agents, recipe("busy", null))
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        FOR_THE_BUDGET.released.countDown();
        FOR_THE_CANCELLATION.released.countDown();
        WITHOUT_A_GATE.released.countDown();
        temporal.close();
    }

    private static ConvergenceRecipe recipe(String name, @Nullable Duration budget) {
        return materials -> {
            ConvergenceEngine.Builder builder = ConvergenceEngine.builder().name(name)
                    .agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock());
            return (budget == null ? builder : builder.timeBudget(budget)).build();
        };
    }

    @Test
    void aTurnThatOutlivesTheTimeBudgetOfWorkflowTimeEndsTheRunOutOfTimeAsInOneProcess() throws Exception {
        // given
        Waiting locally = new Waiting();
        ConvergenceResult local = recipe("budgeted", BUDGET)
                .build(new ConvergenceMaterials(locally.agents, RunClock.system())).run(Context.empty());
        ConvergenceWorkflow workflow = temporal.workflow("budgeted");

        // when
        ConvergenceRunOutput output = workflow.run(ConvergenceRunInput.of("budgeted", Context.empty()));
        FOR_THE_BUDGET.released.countDown();

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class, spent -> {
            assertThat(spent.limitMs()).isEqualTo(BUDGET.toMillis());
            assertThat(spent.elapsedMs()).isGreaterThanOrEqualTo(BUDGET.toMillis());
        });
        assertThat(local.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class,
                spent -> assertThat(spent.limitMs()).isEqualTo(BUDGET.toMillis()));
        assertThat(output.duration()).isGreaterThanOrEqualTo(BUDGET);
        assertThat(output.context()).isEqualTo(local.context());
        assertThat(output.cycles()).isEqualTo(local.cycles()).isEqualTo(2);
        assertThat(output.stoppedBy()).isNull();
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void cancellingTheWorkflowDuringATurnEndsTheRunCancelledWithItsPartialResultAsInOneProcess() throws Exception {
        // given
        Waiting locally = new Waiting();
        ConvergenceHandle handle = recipe("cancellable", null)
                .build(new ConvergenceMaterials(locally.agents, RunClock.system())).start(Context.empty());
        assertThat(locally.started.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel(ConvergenceWorkflow.CANCELLED_BY_WORKFLOW);
        ConvergenceResult local = handle.await();
        ConvergenceWorkflow workflow = temporal.start(ConvergenceRunInput.of("cancellable", Context.empty()));
        assertThat(FOR_THE_CANCELLATION.started.await(10, TimeUnit.SECONDS)).isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        stub.cancel();
        ConvergenceRunOutput output = ConvergenceWorkflows.output(stub);
        FOR_THE_CANCELLATION.released.countDown();

        // then
        assertThat(output.termination())
                .isEqualTo(new Termination.Cancelled(ConvergenceWorkflow.CANCELLED_BY_WORKFLOW));
        assertSameEnding(output, local);
        assertThat(output.context().keys()).containsExactly("invoice.number");
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void theValidatorRefusesADecisionWhileTheRunWaitsAtNoGate() throws Exception {
        // given
        ConvergenceWorkflow workflow = temporal.start(ConvergenceRunInput.of("busy", Context.empty()));
        assertThat(WITHOUT_A_GATE.started.await(10, TimeUnit.SECONDS)).isTrue();

        // when / then
        assertThatThrownBy(() -> workflow.answer(GateAnswer.approve("gate-1")))
                .isInstanceOf(WorkflowUpdateException.class)
                .cause().hasMessageContaining("no gate is pending: the answer for gate \"gate-1\" has nothing to answer");
        assertThat(workflow.pendingGate()).isNull();
        WITHOUT_A_GATE.released.countDown();
        assertThat(ConvergenceWorkflows.output(WorkflowStub.fromTyped(workflow)).termination())
                .isEqualTo(new Termination.Converged(3));
    }
}
