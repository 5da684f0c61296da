package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A call on a thread of its own, waited for under the run's control: its value, its timeout, the run's stop. */
@Timeout(30)
class SupervisedCallTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void aCallThatEndsGivesItsValueFromItsOwnThread() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var thread = new AtomicReference<Thread>();

        // when
        String value = SupervisedCall.of(control, "call-under-test").call(() -> {
            thread.set(Thread.currentThread());
            return "answer";
        });

        // then
        assertThat(value).isEqualTo("answer");
        assertThat(thread.get()).isNotSameAs(Thread.currentThread());
        assertThat(thread.get().getName()).isEqualTo("call-under-test");
    }

    @Test
    void whatTheCallThrowsIsThrownUnwrapped() {
        // given
        var control = RunControl.start(clock, null);

        // when / then
        assertThatThrownBy(() -> SupervisedCall.of(control, "call").call(() -> {
            throw new IllegalArgumentException("bad arguments");
        })).isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("bad arguments");
    }

    @Test
    void anInterruptedExceptionOfTheCallsOwnIsAFailureOfTheCallNotOfTheRun() {
        // given
        var control = RunControl.start(clock, null);

        // when / then
        assertThatThrownBy(() -> SupervisedCall.of(control, "call").call(() -> {
            throw new InterruptedException("its own");
        })).isInstanceOf(IllegalStateException.class).hasCauseInstanceOf(InterruptedException.class);
        assertThat(control.isStopped()).isFalse();
    }

    @Test
    void theCallsOwnTimeLimitOnTheRunsClockInterruptsItAndThrowsTimeout() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var interrupted = new CountDownLatch(1);
        var outcome = new CompletableFuture<Throwable>();
        Thread.ofVirtual().start(() -> {
            try {
                SupervisedCall.of(control, "slow").timeout(Duration.ofSeconds(2).toNanos()).call(() -> {
                    try {
                        new CountDownLatch(1).await(); // blocks until interrupted
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                    }
                    return "late";
                });
                outcome.complete(null);
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        clock.awaitScheduled(1);

        // when
        clock.advance(Duration.ofSeconds(2));

        // then
        assertThat(outcome.get()).isInstanceOf(TimeoutException.class);
        interrupted.await();
        assertThat(control.isStopped()).as("a call's own timeout does not stop the run").isFalse();
    }

    @Test
    void aCancelledRunLeavesACallThatIgnoresItsInterruptAfterTheGrace() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var started = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        var outcome = new CompletableFuture<Throwable>();
        Thread.ofVirtual().start(() -> {
            try {
                SupervisedCall.of(control, "deaf").grace(Duration.ofMillis(10).toNanos()).call(() -> {
                    started.countDown();
                    while (release.getCount() > 0) {
                        try {
                            release.await();
                        } catch (InterruptedException ignored) {
                            // deaf to interrupts
                        }
                    }
                    return "too late";
                });
                outcome.complete(null);
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        started.await();

        // when
        control.cancel("operator");
        clock.awaitScheduled(1); // the grace
        clock.advance(Duration.ofMillis(10));

        // then
        assertThat(outcome.get()).isInstanceOf(CancellationException.class);
        release.countDown();
    }

    @Test
    void aCallThatAnswersItsInterruptWithAValueWithinTheGraceKeepsIt() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var started = new CountDownLatch(1);
        var outcome = new CompletableFuture<Object>();
        Thread.ofVirtual().start(() -> {
            try {
                outcome.complete(SupervisedCall.of(control, "polite").grace(Duration.ofSeconds(1).toNanos()).call(() -> {
                    started.countDown();
                    try {
                        new CountDownLatch(1).await(); // blocks until interrupted
                        return "finished";
                    } catch (InterruptedException e) {
                        return "wound down";
                    }
                }));
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        started.await();

        // when
        control.cancel("operator");

        // then
        assertThat(outcome.get()).isEqualTo("wound down");
    }

    @Test
    void anInterruptOfTheWaitingThreadCancelsTheRunByThreadInterrupt() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var started = new CountDownLatch(1);
        var outcome = new CompletableFuture<Throwable>();
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                SupervisedCall.of(control, "call").call(() -> {
                    started.countDown();
                    new CountDownLatch(1).await(); // blocks until interrupted
                    return "never";
                });
                outcome.complete(null);
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        started.await();

        // when
        waiter.interrupt();

        // then
        assertThat(outcome.get()).isInstanceOf(InterruptedException.class);
        assertThat(control.cancelledByInterrupt()).isTrue();
    }

    @Test
    void aCallRunsOnTheExecutorItIsGivenAndLeavesItsThreadWithoutAnInterrupt() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        try (var pool = Executors.newSingleThreadExecutor(runnable -> new Thread(runnable, "pooled"))) {
            // when
            String name = SupervisedCall.of(control, "unused").on(pool).call(() -> Thread.currentThread().getName());
            boolean interruptedAfter = pool.submit(() -> Thread.currentThread().isInterrupted()).get();

            // then
            assertThat(name).isEqualTo("pooled");
            assertThat(interruptedAfter).isFalse();
        }
    }

    @Test
    void anAlreadyInterruptedCallerStartsNoCall() {
        // given
        var control = RunControl.start(clock, null);
        var ran = new AtomicReference<Boolean>(false);
        Thread.currentThread().interrupt();

        // when / then
        assertThatThrownBy(() -> SupervisedCall.of(control, "call").call(() -> ran.getAndSet(true)))
                .isInstanceOf(InterruptedException.class);
        assertThat(ran.get()).isFalse();
        assertThat(control.cancelledByInterrupt()).isTrue();
    }

    @Test
    void aCallForARunThatHasStoppedIsNeverStarted() {
        // given
        var control = RunControl.start(clock, null);
        var ran = new AtomicReference<Boolean>(false);
        control.cancel("operator");

        // when / then
        assertThatThrownBy(() -> SupervisedCall.of(control, "call").call(() -> ran.getAndSet(true)))
                .isInstanceOf(CancellationException.class);
        assertThat(ran.get()).isFalse();
    }

    @Test
    void badSettingsAreRefusedNamingTheValue() {
        var control = RunControl.start(clock, null);
        assertThatThrownBy(() -> SupervisedCall.of(control, "call").grace(-1))
                .hasMessage("SupervisedCall.graceNanos must be >= 0, was -1");
        assertThatThrownBy(() -> SupervisedCall.of(control, "call").timeout(-5))
                .hasMessage("SupervisedCall.timeoutNanos must be >= 0, was -5");
    }
}
