package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.control.RunControl;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A run stopped by its deadline's timer ends {@code TimeBudgetExhausted} with at least its budget elapsed, whatever
 * time the loop's check was handed. The streamed fault schedules found a run that ended
 * {@code TimeBudgetExhausted[elapsedMs=0, limitMs=30000]} after 30 s on its clock: the loop reads its clock at the top
 * of an iteration and checks its control with that time ({@code AgentRun.iterate}, then
 * {@code RunControl.interruptionAt(now)}); when the deadline's timer has stopped the run in between,
 * {@code interruptionAt} reports the time up at the time it was handed, before the deadline.
 */
class DeadlineNoticedAfterItsTimerTest {

    @Test
    void aRunStoppedByItsDeadlineReportsAtLeastItsBudgetElapsedThoughTheCheckWasHandedAnEarlierTime() {
        // given: a run with a 100 ms budget whose loop has read its clock, before the deadline
        ManualClock clock = new ManualClock();
        RunControl control = RunControl.start(clock, Duration.ofMillis(100));
        control.armDeadline();
        long readAtTheTop = clock.nanoTime();

        // when: the deadline's timer stops the run, then the loop checks with the time it had read
        clock.advance(Duration.ofMillis(150));
        Termination end = control.interruptionAt(readAtTheTop);

        // then
        assertThat(end).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class,
                timeUp -> assertThat(timeUp.elapsedMs()).as("elapsed").isGreaterThanOrEqualTo(timeUp.limitMs()));
    }
}
