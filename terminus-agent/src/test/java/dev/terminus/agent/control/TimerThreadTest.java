package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The system clock's timer: actions at their times, and no wake-up for an action due after the next one. */
@Timeout(30)
class TimerThreadTest {

    @Test
    void actionsRunInTheOrderOfTheirTimesAndNeverBeforeThem() throws Exception {
        // given
        var timer = new TimerThread("timer-under-test");
        var ran = new CopyOnWriteArrayList<String>();
        var early = new CopyOnWriteArrayList<String>();
        var done = new CountDownLatch(3);

        // when
        for (int millis : new int[] {30, 10, 20}) {
            long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            timer.schedule(TimeUnit.MILLISECONDS.toNanos(millis), () -> {
                if (System.nanoTime() - due < 0) {
                    early.add(millis + " ms");
                }
                ran.add(millis + " ms");
                done.countDown();
            });
        }
        done.await();

        // then
        assertThat(ran).containsExactly("10 ms", "20 ms", "30 ms");
        assertThat(early).as("actions run before their time").isEmpty();
        assertThat(timer.pending()).isZero();
    }

    @Test
    void aCancelledActionNeverRunsAndLeavesNothingBehind() throws Exception {
        // given
        var timer = new TimerThread("timer-under-test");
        var ran = new CopyOnWriteArrayList<String>();
        var sentinel = new CountDownLatch(1);
        RunClock.Scheduled cancelled = timer.schedule(TimeUnit.MILLISECONDS.toNanos(5), () -> ran.add("cancelled"));
        timer.schedule(TimeUnit.MILLISECONDS.toNanos(20), sentinel::countDown);

        // when
        cancelled.cancel();
        sentinel.await();

        // then
        assertThat(ran).isEmpty();
        assertThat(timer.pending()).isZero();
        cancelled.cancel(); // a second cancel does nothing
        assertThat(timer.pending()).isZero();
    }

    @Test
    void armingAndCancellingActionsDueAfterTheNextWakeUpNeverWakesTheThreadAndAnEarlierOneDoes() throws Exception {
        // given: the thread asleep until an action a minute away
        var timer = new TimerThread("timer-under-test");
        RunClock.Scheduled minuteAway = timer.schedule(Duration.ofMinutes(1).toNanos(), () -> { });
        awaitAsleep(timer);
        long signals = timer.signals();

        // when: ten thousand runs arm their deadline later than that, and end before it
        for (int run = 0; run < 10_000; run++) {
            timer.schedule(Duration.ofMinutes(2).toNanos(), () -> { }).cancel();
        }

        // then
        assertThat(timer.signals()).as("wake-ups for later actions").isEqualTo(signals);
        assertThat(timer.pending()).isEqualTo(1);

        // and when: an action due before the thread's wake-up arrives, it wakes the thread and runs
        var ran = new CountDownLatch(1);
        timer.schedule(TimeUnit.MILLISECONDS.toNanos(1), ran::countDown);
        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(timer.signals()).isEqualTo(signals + 1);
        minuteAway.cancel();
    }

    @Test
    void anActionThatThrowsIsReportedAndTheActionsAfterItStillRun() throws Exception {
        // given
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        var timer = new TimerThread("timer-under-test", (thread, failure) -> reported.add(failure));
        var after = new CountDownLatch(1);
        timer.schedule(0, () -> {
            throw new IllegalStateException("a broken action");
        });

        // when
        timer.schedule(TimeUnit.MILLISECONDS.toNanos(5), after::countDown);

        // then
        assertThat(after.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(reported).singleElement().satisfies(failure ->
                assertThat(failure).isInstanceOf(IllegalStateException.class).hasMessage("a broken action"));
    }

    private static void awaitAsleep(TimerThread timer) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!timer.asleep()) {
            if (System.nanoTime() - end > 0) {
                throw new IllegalStateException("the timer's thread never went to sleep");
            }
            Thread.sleep(1);
        }
    }
}
