package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
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
    void aCancellationExceptionOfTheCallsOwnIsAFailureOfTheCallNotTheRunsCancellation() {
        // given
        var control = RunControl.start(clock, null);

        // when / then: a caller that reads CancellationException as the run's stop must not see one here
        assertThatThrownBy(() -> SupervisedCall.of(control, "call").call(() -> {
            throw new CancellationException("a future of its own was cancelled");
        })).isInstanceOf(IllegalStateException.class).hasCauseInstanceOf(CancellationException.class)
                .hasMessageContaining("a future of its own was cancelled");
        assertThat(control.isStopped()).isFalse();
    }

    @Test
    void aCallStoppedWhileItWaitsForItsExecutorEndsAsTheRunsStopWithoutRunning() throws Exception {
        // given: an executor that holds the call until the test lets it run, and a grace the manual clock never ends
        var control = RunControl.start(clock, null);
        var held = new java.util.concurrent.LinkedBlockingQueue<Runnable>();
        var ran = new AtomicBoolean();
        CompletableFuture<Object> outcome = CompletableFuture.supplyAsync(() -> {
            try {
                return SupervisedCall.of(control, "queued").on(held::add).grace(Duration.ofSeconds(1).toNanos())
                        .call(() -> ran.getAndSet(true));
            } catch (Exception e) {
                return e;
            }
        }, Executors.newVirtualThreadPerTaskExecutor());
        Runnable queued = held.poll(10, TimeUnit.SECONDS);
        assertThat(queued).as("the call handed to the executor").isNotNull();

        // when: the run stops, then the executor gets to the call within its grace
        control.cancel("operator");
        queued.run();

        // then
        assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
        assertThat(ran).as("the call's body ran").isFalse();
    }

    @Test
    void theCallsOwnTimeLimitOnTheRunsClockInterruptsItAndThrowsTimeout() throws Exception {
        // given
        var control = RunControl.start(clock, null);
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        var outcome = new CompletableFuture<Throwable>();
        Thread.ofVirtual().start(() -> {
            try {
                SupervisedCall.of(control, "slow").timeout(Duration.ofSeconds(2).toNanos()).call(() -> {
                    started.countDown();
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
        started.await(); // a call timed out before its thread ran is never started, and has nothing to interrupt

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
    void anErrorTheCallThrowsWithinTheGraceAfterTheStopIsThrownAsItIs() throws Exception {
        // given: a call that answers its interrupt with an Error, made on a thread whose outcome a future keeps
        var control = RunControl.start(clock, null);
        var started = new CountDownLatch(1);
        CompletableFuture<Object> outcome = CompletableFuture.supplyAsync(() -> {
            try {
                return SupervisedCall.of(control, "breaking").grace(Duration.ofSeconds(1).toNanos()).call(() -> {
                    started.countDown();
                    try {
                        new CountDownLatch(1).await(); // blocks until interrupted
                        return "finished";
                    } catch (InterruptedException e) {
                        throw new StackOverflowError("broke while winding down");
                    }
                });
            } catch (Exception e) {
                return e;
            }
        }, Executors.newVirtualThreadPerTaskExecutor());
        started.await();

        // when
        control.cancel("operator");

        // then: the Error passes instead of becoming the run's cancellation
        assertThatThrownBy(outcome::get).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(StackOverflowError.class).hasMessage("broke while winding down");
    }

    @Test
    void theStopInterruptsTheCallAndTimesItsGraceAtOnceEvenWhileTheWaitingThreadIsStillAsleep() throws Exception {
        // given: a call that ignores its interrupt, waited for by a thread that wakes late
        var late = new LateWakingClock(clock);
        var control = RunControl.start(late, null);
        var deaf = new DeafCall();
        Thread.ofVirtual().start(() -> deaf.callUnder(control, Duration.ofMillis(100)));
        deaf.started.await();

        // when
        control.cancel("operator");

        // then: the call was interrupted and its grace is on the clock before the waiting thread has woken
        assertThat(deaf.interrupted.await(10, TimeUnit.SECONDS)).as("the call's thread interrupted").isTrue();
        assertThat(clock.pendingDelays()).containsExactly(Duration.ofMillis(100));
        assertThat(deaf.outcome).isNotDone();
        late.wake();
        clock.advance(Duration.ofMillis(100));
        assertThat(deaf.outcome.get()).isInstanceOf(CancellationException.class);
        deaf.release.countDown();
    }

    @Test
    void aValueTheCallGivesAfterTheStopAndItsGraceIsNotKeptHoweverLateTheWaitingThreadWakes() throws Exception {
        // given
        var late = new LateWakingClock(clock);
        var control = RunControl.start(late, null);
        var deaf = new DeafCall();
        Thread.ofVirtual().start(() -> deaf.callUnder(control, Duration.ofMillis(100)));
        deaf.started.await();
        control.cancel("operator");
        clock.advance(Duration.ofMillis(100)); // the grace passes while the waiting thread has not woken yet
        deaf.release.countDown();
        deaf.returned.await(); // ... and the call gives its value after it

        // when
        late.wake();

        // then
        assertThat(deaf.outcome.get()).isInstanceOf(CancellationException.class);
        assertThat(clock.scheduled()).as("no timer of the call's left").isZero();
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
    void anInterruptThatComesAsTheCallEndsCancelsTheRunByThreadInterruptAndIsKept() throws Exception {
        // given: a clock whose wait sees the call end, then finds its thread interrupted, as when both come at once
        var control = RunControl.start(new InterruptedAsTheCallEnds(clock), null);

        // when
        String value = SupervisedCall.of(control, "call").call(() -> "answered");
        boolean kept = Thread.interrupted();

        // then: the call's value, and the interrupt told to the run rather than left for a check that never looks
        assertThat(value).isEqualTo("answered");
        assertThat(control.cancelledByInterrupt()).isTrue();
        assertThat(kept).as("the interrupt kept on the thread").isTrue();
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

    /**
     * A call that ignores its interrupt (it counts it) until released, then returns {@code "too late"}, made under a
     * control with a grace; its outcome is its value or what {@link SupervisedCall#call} threw.
     */
    private static final class DeafCall {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch returned = new CountDownLatch(1);
        final CompletableFuture<Object> outcome = new CompletableFuture<>();

        void callUnder(RunControl control, Duration grace) {
            try {
                outcome.complete(SupervisedCall.of(control, "deaf").grace(grace.toNanos()).call(() -> {
                    started.countDown();
                    while (release.getCount() > 0) {
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            interrupted.countDown(); // deaf on purpose
                        }
                    }
                    returned.countDown();
                    return "too late";
                }));
            } catch (Exception e) {
                outcome.complete(e);
            }
        }
    }

    /** A manual clock whose waits end with the awaited future done and the waiting thread interrupted. */
    private static final class InterruptedAsTheCallEnds extends LateWakingClock {
        InterruptedAsTheCallEnds(ManualClock clock) {
            super(clock);
            wake(); // it never wakes late
        }

        @Override
        public <T extends @Nullable Object> T await(CompletableFuture<T> future, long nanos)
                throws InterruptedException, TimeoutException, ExecutionException {
            T value = super.await(future, nanos);
            Thread.currentThread().interrupt();
            return value;
        }
    }

    /**
     * A manual clock whose first wait wakes late: it returns only once the test {@linkplain #wake() wakes} it, as a
     * waiting thread does when the processor is busy elsewhere.
     */
    private static class LateWakingClock implements RunClock {
        private final ManualClock clock;
        private final CountDownLatch woken = new CountDownLatch(1);
        private final AtomicBoolean first = new AtomicBoolean(true);

        LateWakingClock(ManualClock clock) {
            this.clock = clock;
        }

        void wake() {
            woken.countDown();
        }

        @Override
        public long nanoTime() {
            return clock.nanoTime();
        }

        @Override
        public Scheduled schedule(long delayNanos, Runnable action) {
            return clock.schedule(delayNanos, action);
        }

        @Override
        public <T extends @Nullable Object> T await(CompletableFuture<T> future, long nanos)
                throws InterruptedException, TimeoutException, ExecutionException {
            try {
                return clock.await(future, nanos);
            } finally {
                if (first.getAndSet(false)) {
                    woken.await();
                }
            }
        }
    }
}
