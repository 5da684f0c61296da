package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import org.junit.jupiter.api.Test;

/** The outside decisions that stop a run: the flag the per-call checks read, and the clock at an iteration's start. */
class RunControlTest {
    private static final long START = 1_000_000_000L;
    private static final long BUDGET = 5_000_000_000L; // 5 s

    @Test
    void beforeAnyDecisionNoCheckStopsTheRun() {
        // given
        var control = new RunControl(START, BUDGET);

        // when / then
        assertThat(control.interruption()).isNull();
        assertThat(control.interruptionAt(START + BUDGET - 1)).isNull();
    }

    @Test
    void theClockAtAnIterationsStartEndsTheRunAtTheDeadlineEvenBeforeTheTimerFired() {
        // given
        var control = new RunControl(START, BUDGET);

        // when
        Termination end = control.interruptionAt(START + BUDGET + 2_000_000);

        // then
        assertThat(end).isEqualTo(new Termination.TimeBudgetExhausted(5_002, 5_000));
    }

    @Test
    void theTimerFiringStopsTheChecksThatReadOnlyTheFlag() {
        // given
        var control = new RunControl(System.nanoTime(), BUDGET);

        // when
        control.expire();

        // then
        assertThat(control.interruption()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class,
                end -> assertThat(end.limitMs()).isEqualTo(5_000));
    }

    @Test
    void aRunWithoutADeadlineNeverRunsOutOfTime() {
        // given
        var control = new RunControl(START, RunControl.NO_DEADLINE);

        // when
        control.expire();

        // then
        assertThat(control.interruption()).isNull();
        assertThat(control.interruptionAt(Long.MAX_VALUE)).isNull();
        assertThat(control.remainingNanos()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void cancellationWinsOverTheDeadlineAndTheFirstRequestNamesWhoAsked() {
        // given
        var control = new RunControl(START, BUDGET);

        // when
        control.cancel("operator");
        control.expire();
        control.cancel("someone-else");

        // then
        assertThat(control.interruption()).isEqualTo(new Termination.Cancelled("operator"));
        assertThat(control.interruptionAt(START + 2 * BUDGET)).isEqualTo(new Termination.Cancelled("operator"));
    }
}
