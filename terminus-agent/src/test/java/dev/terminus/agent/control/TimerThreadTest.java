package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
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
        var ran = new CopyOnWriteArrayList<Integer>();
        var early = new CopyOnWriteArrayList<String>();
        var done = new CountDownLatch(3);
        // each action's time lies between these bounds: now + delay, read before and after its registration (a
        // registration delayed by a busy machine moves the time of the action, not the order the timer must keep)
        var earliest = new ConcurrentHashMap<Integer, Long>();
        var latest = new ConcurrentHashMap<Integer, Long>();

        // when
        for (int millis : new int[] {30, 10, 20}) {
            long delay = TimeUnit.MILLISECONDS.toNanos(millis);
            long due = System.nanoTime() + delay;
            earliest.put(millis, due);
            timer.schedule(delay, () -> {
                if (System.nanoTime() - due < 0) {
                    early.add(millis + " ms");
                }
                ran.add(millis);
                done.countDown();
            });
            latest.put(millis, System.nanoTime() + delay);
        }
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();

        // then: no action ran after one whose time was surely later (on a quiet machine: 10, 20, 30 ms)
        assertThat(ran).containsExactlyInAnyOrder(10, 20, 30);
        for (int i = 1; i < ran.size(); i++) {
            int before = ran.get(i - 1);
            int after = ran.get(i);
            assertThat(latest.get(after) - earliest.get(before))
                    .as("%d ms ran after %d ms, whose time was later", after, before).isNotNegative();
        }
        assertThat(early).as("actions run before their time").isEmpty();
        assertThat(timer.pending()).isZero();
    }

    @Test
    void aCancelledActionNeverRunsAndLeavesNothingBehind() throws Exception {
        // given: the timer's thread held by an action, so that it cannot reach the next one before the cancel
        var timer = new TimerThread("timer-under-test");
        var ran = new CopyOnWriteArrayList<String>();
        var holding = new CountDownLatch(1);
        var hold = new CountDownLatch(1);
        var sentinel = new CountDownLatch(1);
        timer.schedule(0, () -> {
            holding.countDown();
            awaitUninterruptibly(hold);
        });
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
        RunClock.Scheduled cancelled = timer.schedule(TimeUnit.MILLISECONDS.toNanos(5), () -> ran.add("cancelled"));
        timer.schedule(TimeUnit.MILLISECONDS.toNanos(20), sentinel::countDown);

        // when: cancelled, then the thread goes on, past both actions' times
        cancelled.cancel();
        hold.countDown();
        assertThat(sentinel.await(10, TimeUnit.SECONDS)).isTrue();

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

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // nothing interrupts the timer's thread on purpose: it goes on waiting
            }
        }
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
