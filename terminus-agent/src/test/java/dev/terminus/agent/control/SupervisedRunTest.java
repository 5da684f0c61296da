package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A run on its own thread under its control: its result, its deadline, cancellation, the grace and abandonment. */
@Timeout(30)
class SupervisedRunTest {
    private final ManualClock clock = new ManualClock();

    /** A run that says how it ended; abandoned with "abandoned" when it does not end within the grace. */
    private static final class Run extends SupervisedRun<String> {
        private final boolean abandons;

        Run(RunControl control, Duration grace, boolean abandons) {
            super(control, grace);
            this.abandons = abandons;
        }

        static Run start(RunControl control, Duration grace, boolean abandons, Supplier<String> body) {
            Run run = new Run(control, grace, abandons);
            run.start("run-under-test", body);
            return run;
        }

        @Override
        protected boolean abandons() {
            return abandons;
        }

        @Override
        protected @Nullable String abandon(Thread worker) {
            return abandons ? "abandoned" : null;
        }
    }

    @Test
    void theRunsOwnResultIsAwaited() throws Exception {
        // given
        var run = Run.start(RunControl.start(clock, null), Duration.ZERO, true, () -> "done");

        // when
        String result = run.await();

        // then
        assertThat(result).isEqualTo("done");
        assertThat(run.isDone()).isTrue();
    }

    @Test
    void theDeadlineOnTheRunsClockInterruptsTheRunWhichEndsWithWhatItHas() throws Exception {
        // given
        var control = RunControl.start(clock, Duration.ofSeconds(30));
        var run = Run.start(control, Duration.ofMillis(10), true, () -> {
            try {
                new CountDownLatch(1).await(); // blocks until interrupted
                return "slept";
            } catch (InterruptedException e) {
                return "stopped by " + control.interruption();
            }
        });
        clock.awaitScheduled(1);

        // when
        clock.advance(Duration.ofSeconds(30));

        // then
        assertThat(run.await()).isEqualTo("stopped by TimeBudgetExhausted[elapsedMs=30000, limitMs=30000]");
    }

    @Test
    void aRunThatIgnoresItsInterruptIsAbandonedAfterTheGrace() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var release = new CountDownLatch(1);
        var run = Run.start(control, Duration.ofMillis(10), true, () -> {
            awaitDeaf(release);
            return "too late";
        });

        // when
        run.cancel("operator");
        clock.awaitScheduled(1);
        Optional<String> duringGrace = run.await(Duration.ZERO);
        clock.advance(Duration.ofMillis(10));

        // then
        assertThat(duringGrace).isEmpty();
        assertThat(run.await()).isEqualTo("abandoned");
        assertThat(control.cancelledBy()).isEqualTo("operator");
        release.countDown();
    }

    @Test
    void aRunThatIsNeverAbandonedIsWaitedForAndTimesNoGrace() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var release = new CountDownLatch(1);
        var run = Run.start(control, Duration.ofMillis(10), false, () -> {
            awaitDeaf(release);
            return "ended on its own";
        });
        run.cancel("operator");
        int timers = clock.scheduled();
        clock.advance(Duration.ofSeconds(1));
        boolean doneBeforeItEnded = run.isDone();

        // when
        release.countDown();

        // then
        assertThat(timers).isZero();
        assertThat(doneBeforeItEnded).isFalse();
        assertThat(run.await()).isEqualTo("ended on its own");
    }

    @Test
    void aGraceBelowZeroIsRefusedNamingIt() {
        assertThatThrownBy(() -> new Run(RunControl.start(clock, null), Duration.ofMillis(-1), true))
                .hasMessage("grace must be >= 0, was PT-0.001S");
    }

    @Test
    void cancellingAnEndedRunChangesNothing() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var run = Run.start(control, Duration.ZERO, true, () -> "done");
        run.await();

        // when
        run.cancel("too late");

        // then
        assertThat(control.isCancelled()).isFalse();
        assertThat(clock.scheduled()).as("no timer is left behind").isZero();
    }

    @Test
    void aBodyThatThrowsIsADefectOfTheRunEvenWhenItThrowsACancellation() {
        // given: bodies that throw, a CancellationException among them (which a future reads as its own cancellation)
        var failing = Run.start(RunControl.start(clock, null), Duration.ZERO, true, () -> {
            throw new IllegalArgumentException("a bug");
        });
        var cancelling = Run.start(RunControl.start(clock, null), Duration.ZERO, true, () -> {
            throw new java.util.concurrent.CancellationException("a future of its own was cancelled");
        });

        // when / then: both come to the waiter as the run's breakdown, with what the body threw as the cause
        assertThatThrownBy(failing::await).isInstanceOf(IllegalStateException.class)
                .hasMessage("the run broke down").hasCauseInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(cancelling::await).isInstanceOf(IllegalStateException.class)
                .hasMessage("the run broke down")
                .hasCauseInstanceOf(java.util.concurrent.CancellationException.class);
        assertThatThrownBy(() -> cancelling.await(Duration.ofSeconds(1))).isInstanceOf(IllegalStateException.class)
                .hasCauseInstanceOf(java.util.concurrent.CancellationException.class);
    }

    @Test
    void aTimedAwaitWaitsOnTheRunsClock() throws Exception {
        // given
        var release = new CountDownLatch(1);
        var run = Run.start(RunControl.start(clock, null), Duration.ZERO, true, () -> {
            awaitDeaf(release);
            return "done";
        });
        var waited = new java.util.concurrent.CompletableFuture<Optional<String>>();
        Thread.ofVirtual().start(() -> {
            try {
                waited.complete(run.await(Duration.ofHours(1)));
            } catch (InterruptedException e) {
                waited.completeExceptionally(e);
            }
        });
        clock.awaitScheduled(1);

        // when
        clock.advance(Duration.ofHours(1));

        // then
        assertThat(waited.get()).isEmpty();
        release.countDown();
        assertThat(run.await()).isEqualTo("done");
    }

    private static void awaitDeaf(CountDownLatch release) {
        while (release.getCount() > 0) {
            try {
                release.await();
            } catch (InterruptedException ignored) {
                // deaf to interrupts
            }
        }
    }
}
