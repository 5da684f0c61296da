package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A run on its caller's thread kept to its deadline: the caller is interrupted then, and only then. */
@Timeout(30)
class CallerDeadlineTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void atTheDeadlineTheRunExpiresAndItsCallerIsInterrupted() throws Exception {
        // given
        var control = RunControl.start(clock, Duration.ofSeconds(1));
        var seen = new CompletableFuture<String>();
        var armed = new CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            try (CallerDeadline deadline = CallerDeadline.arm(control)) {
                armed.countDown();
                new CountDownLatch(1).await(); // blocks until interrupted
                seen.complete("slept");
            } catch (InterruptedException e) {
                seen.complete("interrupted, stopped=" + control.isStopped());
            }
            seen.complete("unreachable");
        });
        armed.await();

        // when
        clock.advance(Duration.ofSeconds(1));

        // then
        assertThat(seen.get()).isEqualTo("interrupted, stopped=true");
    }

    @Test
    void closingClearsTheInterruptTheDeadlineDeliveredButKeepsTheCallersOwn() throws Exception {
        // given
        var control = RunControl.start(clock, Duration.ofSeconds(1));
        var afterClose = new CompletableFuture<Boolean>();
        var armed = new CountDownLatch(1);
        var fired = new CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            CallerDeadline deadline = CallerDeadline.arm(control);
            armed.countDown();
            try {
                fired.await();
            } catch (InterruptedException ignored) {
                // the deadline's
            }
            deadline.close();
            afterClose.complete(Thread.currentThread().isInterrupted());
        });
        armed.await();

        // when
        clock.advance(Duration.ofSeconds(1));
        fired.countDown();

        // then
        assertThat(afterClose.get()).isFalse();
    }

    @Test
    void aRunThatEndedBeforeItsDeadlineIsNeitherExpiredNorInterrupted() {
        // given
        var control = RunControl.start(clock, Duration.ofSeconds(1));

        // when
        try (CallerDeadline deadline = CallerDeadline.arm(control)) {
            assertThat(clock.scheduled()).isEqualTo(1);
        }
        clock.advance(Duration.ofSeconds(2));

        // then
        assertThat(control.isStopped()).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
        assertThat(clock.scheduled()).isZero();
    }

    @Test
    void aRunWithoutATimeBudgetHasNoDeadlineToArm() {
        assertThatThrownBy(() -> CallerDeadline.arm(RunControl.start(clock, null)))
                .hasMessage("a run without a time budget has no deadline to arm");
    }
}
