package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A clock that moves only when told to, running what falls due in order. */
@Timeout(30)
class ManualClockTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void advancingRunsTheActionsThatFallDueInOrderWithTheClockAtTheirTime() {
        // given
        long origin = clock.nanoTime();
        List<String> ran = new ArrayList<>();
        clock.schedule(3_000, () -> ran.add("c at " + (clock.nanoTime() - origin)));
        clock.schedule(1_000, () -> ran.add("a at " + (clock.nanoTime() - origin)));
        clock.schedule(1_000, () -> ran.add("b at " + (clock.nanoTime() - origin)));
        clock.schedule(9_000, () -> ran.add("never"));

        // when
        clock.advance(Duration.ofNanos(5_000));

        // then
        assertThat(ran).containsExactly("a at 1000", "b at 1000", "c at 3000");
        assertThat(clock.nanoTime() - origin).isEqualTo(5_000);
        assertThat(clock.pendingDelays()).containsExactly(Duration.ofNanos(4_000));
    }

    @Test
    void aCancelledActionNeverRuns() {
        // given
        List<String> ran = new ArrayList<>();
        RunClock.Scheduled scheduled = clock.schedule(1_000, () -> ran.add("cancelled"));

        // when
        scheduled.cancel();
        clock.advance(Duration.ofSeconds(1));

        // then
        assertThat(ran).isEmpty();
        assertThat(clock.scheduled()).isZero();
    }

    @Test
    void aSleepOnTheClockEndsWhenTheClockIsAdvancedNotBefore() throws Exception {
        // given
        var woke = new CompletableFuture<Long>();
        long origin = clock.nanoTime();
        Thread.ofVirtual().start(() -> {
            try {
                clock.sleep(Duration.ofDays(1).toNanos());
                woke.complete(clock.nanoTime() - origin);
            } catch (InterruptedException e) {
                woke.completeExceptionally(e);
            }
        });
        clock.awaitScheduled(1);

        // when
        clock.advance(Duration.ofHours(23));
        boolean earlyWake = woke.isDone();
        clock.advance(Duration.ofHours(1));

        // then
        assertThat(earlyWake).isFalse();
        assertThat(woke.get()).isEqualTo(Duration.ofDays(1).toNanos());
    }

    @Test
    void aTimedAwaitTimesOutOnTheClockAndGivesAValueThatCameInTime() throws Exception {
        // given
        var never = new CompletableFuture<String>();
        var outcome = new CompletableFuture<Throwable>();
        Thread.ofVirtual().start(() -> {
            try {
                clock.await(never, Duration.ofSeconds(5).toNanos());
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        clock.awaitScheduled(1);

        // when
        clock.advance(Duration.ofSeconds(5));

        // then
        assertThat(outcome.get()).isInstanceOf(TimeoutException.class);
        assertThat(clock.await(CompletableFuture.completedFuture("now"), 1)).isEqualTo("now");
    }

    @Test
    void anAdvanceFromAnActionThatGoesFurtherIsNotUndoneByTheAdvanceThatRanIt() {
        // given: an action that moves the clock on by ten seconds
        long origin = clock.nanoTime();
        clock.schedule(Duration.ofSeconds(1).toNanos(), () -> clock.advance(Duration.ofSeconds(10)));

        // when
        clock.advance(Duration.ofSeconds(2));

        // then: time never goes back
        assertThat(clock.nanoTime() - origin).isEqualTo(Duration.ofSeconds(11).toNanos());
    }

    @Test
    void theClockCannotGoBack() {
        assertThatThrownBy(() -> clock.advance(Duration.ofNanos(-1)))
                .hasMessage("a clock cannot go back: duration must be >= 0, was PT-0.000000001S");
    }

    @Test
    void workHandedOffByAnActionIsListedUntilItEnds() throws Exception {
        // given
        var release = new java.util.concurrent.CountDownLatch(1);
        var ended = new CompletableFuture<String>();
        clock.schedule(1_000, () -> clock.handOff("terminus-test-handoff", () -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ended.complete(Thread.currentThread().getName());
        }));

        // when
        clock.advance(Duration.ofNanos(1_000));

        // then
        assertThat(clock.handOffs()).singleElement()
                .satisfies(thread -> assertThat(thread.getName()).isEqualTo("terminus-test-handoff"));
        release.countDown();
        assertThat(ended.get()).isEqualTo("terminus-test-handoff");
        clock.handOffs().forEach(thread -> {
            try {
                thread.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(clock.handOffs()).isEmpty();
    }
}
