package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The outside decisions that stop a run, read on its clock: the flag the per-call checks read, and the deadline. */
class RunControlTest {
    private static final Duration BUDGET = Duration.ofSeconds(5);

    private final ManualClock clock = new ManualClock();

    @Test
    void beforeAnyDecisionNoCheckStopsTheRun() {
        // given
        var control = RunControl.start(clock, BUDGET);

        // when
        clock.advance(BUDGET.minusNanos(1));

        // then
        assertThat(control.interruption()).isNull();
        assertThat(control.check()).isNull();
        assertThat(control.remainingNanos()).isEqualTo(1);
    }

    @Test
    void theClockAtAnIterationsStartEndsTheRunAtTheDeadlineEvenBeforeTheTimerFired() {
        // given
        var control = RunControl.start(clock, BUDGET);

        // when
        Termination end = control.interruptionAt(control.startNanos() + BUDGET.toNanos() + 2_000_000);

        // then
        assertThat(end).isEqualTo(new Termination.TimeBudgetExhausted(5_002, 5_000));
        assertThat(control.interruption()).as("the flag is set only by the timer").isNull();
    }

    @Test
    void theArmedDeadlineExpiresTheRunWhenTheClockReachesIt() {
        // given
        var control = RunControl.start(clock, BUDGET);
        control.armDeadline();

        // when
        clock.advance(BUDGET);

        // then
        assertThat(control.isStopped()).isTrue();
        assertThat(control.interruption()).isEqualTo(new Termination.TimeBudgetExhausted(5_000, 5_000));
    }

    @Test
    void aRunWithoutADeadlineNeverRunsOutOfTime() {
        // given
        var control = RunControl.start(clock, null);

        // when
        control.expire();
        clock.advance(Duration.ofDays(365));

        // then
        assertThat(control.interruption()).isNull();
        assertThat(control.check()).isNull();
        assertThat(control.remainingNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(control.hasDeadline()).isFalse();
    }

    @Test
    void cancellationWinsOverTheDeadlineAndTheFirstRequestNamesWhoAsked() {
        // given
        var control = RunControl.start(clock, BUDGET);

        // when
        boolean first = control.cancel("operator");
        control.expire();
        boolean second = control.cancel("someone-else");

        // then
        assertThat(first).isTrue();
        assertThat(second).isFalse();
        assertThat(control.interruption()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(control.interruptionAt(control.startNanos() + 2 * BUDGET.toNanos()))
                .isEqualTo(new Termination.Cancelled("operator"));
    }

    @Test
    void aResumedRunCountsItsTimeBeforeThePauseAgainstItsBudget() {
        // given
        var control = RunControl.resume(clock, Duration.ofSeconds(4), BUDGET);

        // when
        clock.advance(Duration.ofMillis(999));
        Termination before = control.check();
        clock.advance(Duration.ofMillis(1));

        // then
        assertThat(before).isNull();
        assertThat(control.check()).isEqualTo(new Termination.TimeBudgetExhausted(5_000, 5_000));
        assertThat(control.elapsed()).isEqualTo(BUDGET);
    }

    @Test
    void aPauseLongerThanAnyDurationSaturatesInsteadOfOverflowing() {
        // given
        var control = RunControl.resume(clock, Duration.ofSeconds(Long.MAX_VALUE), BUDGET);

        // when
        Termination end = control.check();

        // then
        assertThat(end).isEqualTo(new Termination.TimeBudgetExhausted(Long.MAX_VALUE / 1_000_000, 5_000));
    }

    @Test
    void stopHooksRunOnceWhenTheRunStopsAndAtOnceWhenRegisteredAfter() {
        // given
        var control = RunControl.start(clock, BUDGET);
        List<String> ran = new ArrayList<>();
        control.onStop(() -> ran.add("registered before"));
        RunControl.Registration removed = control.onStop(() -> ran.add("removed"));
        removed.close();

        // when
        control.cancel("operator");
        control.expire();
        control.onStop(() -> ran.add("registered after"));

        // then
        assertThat(ran).containsExactly("registered before", "registered after");
    }

    @Test
    void anInterruptOfTheRunsThreadCancelsItUnlessTheRunIsAlreadyStopping() {
        // given
        var interrupted = RunControl.start(clock, BUDGET);
        var expired = RunControl.start(clock, BUDGET);
        expired.expire();

        // when
        interrupted.interruptedWhileWaiting();
        expired.interruptedWhileWaiting();

        // then
        assertThat(interrupted.interruption()).isEqualTo(Termination.Cancelled.byThreadInterrupt());
        assertThat(interrupted.cancelledByInterrupt()).isTrue();
        assertThat(expired.interruption()).isInstanceOf(Termination.TimeBudgetExhausted.class);
    }

    @Test
    void anInterruptOfAThreadTheEngineOwnsThrowsTheEnginesErrorAndNeitherCancelsNorStopsTheRun() {
        // given
        var control = RunControl.start(clock, BUDGET);
        var reclaimed = new AssertionError("taken back");
        control.interruptsAreTheEngines(() -> reclaimed);

        // when / then
        assertThatThrownBy(control::interruptedWhileWaiting).isSameAs(reclaimed);
        assertThat(control.isCancelled()).isFalse();
        assertThat(control.isStopped()).isFalse();
        assertThat(control.interruption()).isNull();
    }

    @Test
    void anInterruptOfAThreadTheEngineOwnsIsTheStopsOwnOnceTheRunIsStopping() {
        // given: the engine cancelled the run, whose stop interrupts what runs
        var control = RunControl.start(clock, BUDGET);
        control.interruptsAreTheEngines(() -> new AssertionError("taken back"));
        control.cancel("workflow");

        // when
        control.interruptedWhileWaiting();

        // then
        assertThat(control.interruption()).isEqualTo(new Termination.Cancelled("workflow"));
    }

    @Test
    void theCheckBetweenStepsTreatsAnInterruptOfTheCurrentThreadAsACancellationAndKeepsIt() {
        // given
        var control = RunControl.start(clock, null);
        Thread.currentThread().interrupt();

        // when
        Termination stop;
        try {
            stop = control.checkBetweenSteps();
        } finally {
            // then (the interrupt is left for the caller)
            assertThat(Thread.interrupted()).isTrue();
        }
        assertThat(stop).isEqualTo(Termination.Cancelled.byThreadInterrupt());
    }

    @Test
    void aPauseEndsAtTheDeadlineAndSaysTheRunIsOutOfTime() throws Exception {
        // given
        var control = RunControl.start(clock, BUDGET);
        var result = pauseForAMinute(control);
        clock.awaitScheduled(1);

        // when
        assertThat(clock.pendingDelays()).containsExactly(BUDGET);
        clock.advance(BUDGET);

        // then
        assertThat(result.get()).isEqualTo(new Termination.TimeBudgetExhausted(5_000, 5_000));
    }

    @Test
    void aPauseEndsAtOnceWhenTheRunIsCancelled() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var result = pauseForAMinute(control);
        clock.awaitScheduled(1);

        // when
        control.cancel("operator");

        // then
        assertThat(result.get()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(clock.scheduled()).as("the pause's timer is cancelled").isZero();
    }

    @Test
    void aHookThatThrowsDoesNotKeepTheOthersFromRunningAndItsFailureIsThrownAfterThem() {
        // given
        var control = RunControl.start(clock, null);
        List<String> ran = new ArrayList<>();
        control.onStop(() -> {
            throw new IllegalStateException("first hook broke");
        });
        control.onStop(() -> ran.add("second"));

        // when / then
        assertThatThrownBy(() -> control.cancel("operator")).hasMessage("first hook broke");
        assertThat(ran).containsExactly("second");
        assertThat(control.interruption()).isEqualTo(new Termination.Cancelled("operator"));
    }

    @Test
    void badSettingsAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> RunControl.start(clock, Duration.ofSeconds(-1)))
                .hasMessage("the time budget must be >= 0, was PT-1S");
        assertThatThrownBy(() -> RunControl.resume(clock, Duration.ofSeconds(-2), BUDGET))
                .hasMessage("the time a run used before it resumed must be >= 0, was PT-2S");
    }

    /** @return what a pause of a minute on another thread ends with */
    private static java.util.concurrent.CompletableFuture<Termination> pauseForAMinute(RunControl control) {
        var result = new java.util.concurrent.CompletableFuture<Termination>();
        Thread.ofVirtual().start(() -> {
            try {
                result.complete(control.pause(Duration.ofMinutes(1).toNanos()));
            } catch (InterruptedException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }
}
