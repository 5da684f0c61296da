package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A run under a control the caller's engine drives ({@link ConvergenceEngine#run(Context, RunControl)},
 * {@link ConvergenceEngine#resume(Pause, GateDecision, RunControl)}): the same run as {@code run(Context)} on the
 * caller's thread, with no thread of its own, ended by the control's cancellation and deadline on the engine's clock.
 */
class EngineControlScenariosTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void aRunUnderTheCallersControlEndsAsTheRunOfItsOwnAndCallsEveryAgentOnTheCallersThread() {
        // given
        List<Thread> threads = new CopyOnWriteArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock).timeBudget(Duration.ofMinutes(1))
                .agent(ConvergenceAgent.of("extractor", Trigger.always(), (context, cycle) -> {
                    threads.add(Thread.currentThread());
                    return Reply.propose(Map.of("total", 42));
                }))
                .agent(ConvergenceAgent.of("checker", Trigger.on("total"), (context, cycle) -> {
                    threads.add(Thread.currentThread());
                    return Reply.propose(Map.of("checked", context.contains("total")));
                })).build();
        ConvergenceResult own = engine.run(Context.empty());
        threads.clear();

        // when
        ConvergenceResult controlled = engine.run(Context.empty(), engine.newControl());

        // then
        assertThat(controlled).isEqualTo(own);
        assertThat(controlled.termination()).isEqualTo(new Termination.Converged(3));
        assertThat(threads).isNotEmpty().allMatch(thread -> thread == Thread.currentThread());
        assertThat(clock.scheduled()).as("the caller arms the deadline, the run does not").isZero();
    }

    @Test
    void aTurnThatFailsOnceTheDeadlineHasPassedEndsTheRunOutOfTimeReadOnTheClock() {
        // given: the caller's engine cuts the turn at the deadline before its timer has fired
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock).timeBudget(Duration.ofSeconds(10))
                .agent(ConvergenceAgent.of("slow", Trigger.always(), (context, cycle) -> {
                    clock.advance(Duration.ofSeconds(10));
                    throw new IllegalStateException("the call was cut at the deadline");
                })).build();

        // when
        ConvergenceResult result = engine.run(Context.empty(), engine.newControl());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(10_000, 10_000));
        assertThat(result.stoppedBy()).isEmpty();
    }

    @Test
    void aTurnThatFailsOnItsOwnEndsTheRunFailedNamingTheAgent() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock).timeBudget(Duration.ofSeconds(10))
                .agent(ConvergenceAgent.of("broken", Trigger.always(), (context, cycle) -> {
                    throw new IllegalStateException("ledger unreachable");
                })).build();

        // when
        ConvergenceResult result = engine.run(Context.empty(), engine.newControl());

        // then
        assertThat(result.termination()).isEqualTo(Termination.Failed.of(
                new IllegalStateException("ledger unreachable"), ErrorCategory.INTERNAL));
        assertThat(result.stoppedBy()).contains("broken");
    }

    @Test
    void aCancellationDuringATurnEndsTheRunCancelledWithoutTheTurnsProposalsAndLeavesTheThreadUninterrupted() {
        // given
        RunControl[] control = new RunControl[1];
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock)
                .agent(Fixtures.constant("extractor", Map.of("invoice.number", "INV-0042")))
                .agent(ConvergenceAgent.of("cancelling", Trigger.always(), (context, cycle) -> {
                    control[0].cancel("operator");
                    return Reply.propose(Map.of("total", 42));
                })).build();
        control[0] = engine.newControl();

        // when
        ConvergenceResult result = engine.run(Context.empty(), control[0]);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(result.context().keys()).isEmpty();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void theDeadlineArmedOnTheEnginesClockEndsTheRunAtItsNextCheck() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder().clock(clock).timeBudget(Duration.ofSeconds(5))
                .agent(ConvergenceAgent.of("ticking", Trigger.always(), (context, cycle) -> {
                    clock.advance(Duration.ofSeconds(2));
                    return Reply.propose(ProposedFact.of("tick", cycle));
                })).build();
        RunControl control = engine.newControl();
        RunClock.Scheduled deadline = control.armDeadline();

        // when
        ConvergenceResult result;
        try {
            result = engine.run(Context.empty(), control);
        } finally {
            deadline.cancel();
        }

        // then: the third turn ends past the deadline; its proposal is not merged
        assertThat(result.termination()).isEqualTo(new Termination.TimeBudgetExhausted(6_000, 5_000));
        assertThat(result.context().value("tick")).isEqualTo(2);
        assertThat(result.cycles()).isEqualTo(3);
    }

    @Test
    void aControlOfAnotherClockIsRefusedNamingBothClocks() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder().name("reconcile").clock(clock)
                .agent(Fixtures.constant("extractor", Map.of("total", 42))).build();
        RunControl foreign = RunControl.start(RunClock.system(), null);

        // when / then
        assertThatThrownBy(() -> engine.run(Context.empty(), foreign))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("engine \"reconcile\" reads " + clock)
                .hasMessageContaining("the control reads " + RunClock.system());
    }

    @Test
    void aResumeUnderTheCallersControlEndsAsTheResumeOfItsOwn() {
        // given
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().clock(clock).build();
        Pause pause = engine.run(Context.empty(), engine.newControl()).pause().orElseThrow();
        GateDecision approval = GateDecision.approve(pause.gateId());

        // when
        ConvergenceResult controlled = engine.resume(pause, approval, engine.newControl(pause));

        // then
        assertThat(controlled).isEqualTo(engine.resume(pause, approval));
        assertThat(controlled.termination()).isEqualTo(new Termination.Converged(3));
    }

    @Test
    void aResumeUnderACancelledControlEndsCancelledWithThePausesContextAndTheDecisionNotApplied() {
        // given
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().clock(clock).build();
        Pause pause = engine.run(Context.empty(), engine.newControl()).pause().orElseThrow();
        RunControl control = engine.newControl(pause);
        control.cancel("workflow-cancelled");

        // when
        ConvergenceResult result = engine.resume(pause, GateDecision.approve(pause.gateId()), control);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("workflow-cancelled"));
        assertThat(result.context()).isEqualTo(pause.context());
        assertThat(result.factsMerged()).isEqualTo(pause.factsMerged());
    }

    @Test
    void aResumeUnderTheCallersControlRefusesADecisionForAnotherGateBeforeRunning() {
        // given
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().clock(clock).build();
        Pause pause = engine.run(Context.empty(), engine.newControl()).pause().orElseThrow();

        // when / then
        assertThatThrownBy(() -> engine.resume(pause, GateDecision.approve("gate-other"), engine.newControl(pause)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the decision is for gate \"gate-other\", but the pause waits at gate \""
                        + pause.gateId() + "\"");
    }
}
