package dev.terminus.agent.control;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One call (a model call, a tool call, an agent's turn, a stage's attempt) on a thread of its own, while the run's
 * thread waits for it, under the run's {@link RunControl}. The wait ends when the call ends, when its own time limit
 * passes, when the run stops (cancelled, out of time), or when the waiting thread is interrupted, even if the call
 * ignores its own interrupt. When the run stops or its thread is interrupted, the call's thread is interrupted and
 * given the grace to end, both at once on the thread that stops the run and timed on the run's clock from the stop,
 * however late the waiting thread wakes: a call that ends with a value within the grace keeps the value (the run
 * stops at its next check); one that does not is left behind and its outcome discarded. An interrupt of the waiting
 * thread during the grace is kept for after it.
 *
 * {@snippet :
 * // given: Tool search; Map<String, Object> arguments
 * Object answer = SupervisedCall.of(control, "terminus-tool-search")
 *         .grace(Duration.ofMillis(10).toNanos())
 *         .call(() -> search.call(arguments, run));
 * }
 *
 * @param control the run's control
 * @param threadName the name of the call's thread, when the call starts one
 * @param timeoutNanos the call's own time limit on the run's clock; {@link #NO_TIMEOUT} for none
 * @param graceNanos how long an interrupted call may take to end
 * @param executor where the call runs; null for a new virtual thread
 */
public record SupervisedCall(RunControl control, String threadName, long timeoutNanos, long graceNanos,
        @Nullable Executor executor) {

    /** No time limit of the call's own: the call ends, or the run stops. */
    public static final long NO_TIMEOUT = Long.MAX_VALUE;

    /** Validates the settings. */
    public SupervisedCall {
        Objects.requireNonNull(control, "control");
        Objects.requireNonNull(threadName, "threadName");
        if (timeoutNanos < 0) {
            throw new IllegalArgumentException("SupervisedCall.timeoutNanos must be >= 0, was " + timeoutNanos);
        }
        if (graceNanos < 0) {
            throw new IllegalArgumentException("SupervisedCall.graceNanos must be >= 0, was " + graceNanos);
        }
    }

    /**
     * @param control the run's control
     * @param threadName the name of the call's thread
     * @return a call on a new virtual thread, with no time limit and no grace
     */
    public static SupervisedCall of(RunControl control, String threadName) {
        return new SupervisedCall(control, threadName, NO_TIMEOUT, 0, null);
    }

    /**
     * @param nanos the call's own time limit; {@link #NO_TIMEOUT} for none
     * @return this call with that limit
     */
    public SupervisedCall timeout(long nanos) {
        return new SupervisedCall(control, threadName, nanos, graceNanos, executor);
    }

    /**
     * @param nanos how long an interrupted call may take to end
     * @return this call with that grace
     */
    public SupervisedCall grace(long nanos) {
        return new SupervisedCall(control, threadName, timeoutNanos, nanos, executor);
    }

    /**
     * @param where where the call runs; null for a new virtual thread
     * @return this call on that executor
     */
    public SupervisedCall on(@Nullable Executor where) {
        return new SupervisedCall(control, threadName, timeoutNanos, graceNanos, where);
    }

    /**
     * Makes the call and waits for it.
     *
     * <p>When the run stops, the call is cut at once, on the thread that stops it (the deadline's timer, a
     * canceller): the call's thread is interrupted and its grace is timed on the run's clock from that moment. How
     * soon the waiting thread gets the processor back changes neither: a value the call gives after the stop and its
     * grace is never kept, and the call was interrupted at the stop, not when the waiting thread woke.
     *
     * @param body the call
     * @param <T> its value
     * @return its value
     * @throws InterruptedException when the waiting thread was interrupted (its interrupt consumed, as by any
     *     blocking call; the run was {@linkplain RunControl#interruptedWhileWaiting() told} at once)
     * @throws CancellationException when the run stopped (cancelled, out of time) before the call ended, or before it
     *     started (then the call is not started at all)
     * @throws TimeoutException when the call's own time limit passed (its thread is interrupted and left)
     * @throws Exception what the call threw; an {@link InterruptedException} or a {@link CancellationException} the
     *     call threw on its own thread, which the run had neither interrupted nor stopped, comes as an
     *     {@link IllegalStateException}: a failure of the call, not of the run
     * @throws Error what the call threw, as it was: the call's thread hands it to this one, which the loop lets pass
     *     (ADR 0022)
     */
    public <T extends @Nullable Object> T call(Callable<T> body) throws Exception {
        if (Thread.interrupted()) {
            control.interruptedWhileWaiting();
            throw new InterruptedException("interrupted before the call started");
        }
        Cut<T> cut = new Cut<>(new Worker<>(body));
        RunControl.Registration stop = control.onStop(cut::begin);
        if (control.isStopped()) { // a call the run no longer wants is not started
            stop.close();
            cut.release();
            throw new CancellationException("the run stopped before the call started");
        }
        try {
            Exception stopped = new CancellationException("the run stopped before the call ended");
            try {
                if (executor == null) {
                    Thread.ofVirtual().name(threadName).start(cut.worker);
                } else {
                    executor.execute(cut.worker);
                }
                control.clock().await(cut.woken, timeoutNanos);
                // an interrupt that came as the call ended leaves the wait without an exception, the flag set: it
                // cancels the run all the same (the flag is left as it is)
                control.noteInterrupt();
            } catch (InterruptedException e) {
                control.interruptedWhileWaiting(); // the run stops now, unless it was stopping: the cut has begun
                stopped = e;
            } catch (TimeoutException e) {
                cut.worker.interrupt();
                throw e;
            }
            return cut.outcome(stopped);
        } finally {
            stop.close();
            cut.release();
        }
    }

    /**
     * What the run's stop does to the call, and what the call's outcome is then. Its own thread (the stopping one)
     * interrupts the call and times the grace; the first of the call's end and the grace's end
     * {@linkplain #settled settles} the call, whichever thread gets there first.
     */
    private final class Cut<T extends @Nullable Object> {
        final Worker<T> worker;
        /** Completed when the call ends, or when the run stops: what the waiting thread waits for first. */
        final CompletableFuture<@Nullable Void> woken = new CompletableFuture<>();
        /** True when the call ended (before the stop, or within its grace), false when its grace ran out first. */
        private final CompletableFuture<Boolean> settled = new CompletableFuture<>();
        /** Whether the stop cut the call while it ran (its outcome then counts only as a value within the grace). */
        private volatile boolean begun;
        private volatile RunClock.@Nullable Scheduled grace;

        Cut(Worker<T> worker) {
            this.worker = worker;
            worker.done.thenRun(() -> {
                settled.complete(true);
                woken.complete(null);
                cancelGrace();
            });
        }

        /** The run stopped: interrupts the call and starts its grace, on the stopping thread. Does not block. */
        void begin() {
            if (settled.isDone()) { // it ended before the stop: its outcome is its own
                woken.complete(null);
                return;
            }
            begun = true;
            worker.interrupt();
            if (graceNanos == 0) {
                settled.complete(false);
            } else {
                grace = control.clock().schedule(graceNanos, () -> settled.complete(false));
                if (settled.isDone()) { // it ended meanwhile
                    cancelGrace();
                }
            }
            woken.complete(null);
        }

        /**
         * The call's outcome once the waiting thread is woken: its value when it gave one before the stop or within
         * the grace, an {@code Error} it threw then, its own failure when it failed before the run stopped, else
         * {@code stop}. An interrupt of the
         * waiting thread during the grace does not cut it short: it is kept, and restored once the call is settled.
         */
        T outcome(Exception stop) throws Exception {
            if (!settled.isDone()) {
                awaitSettled();
            }
            if (settled.getNow(false)) { // the call ended, before the stop or within its grace
                Throwable failure = worker.failure;
                if (failure == null) {
                    return worker.value;
                }
                if (failure instanceof Error error) { // Errors pass, after a stop too (ADR 0022)
                    throw error;
                }
                if (!begun && !(stop instanceof InterruptedException)) { // its own failure, before the run stopped
                    throw SupervisedCall.failure(failure);
                }
            }
            throw stop;
        }

        private void awaitSettled() {
            boolean interrupted = false;
            while (!settled.isDone()) {
                try {
                    control.clock().await(settled, Long.MAX_VALUE); // the grace's timer settles it at the latest
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException | TimeoutException e) {
                    throw new IllegalStateException("the settling of a call cannot fail", e);
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /** No timer of the call's is left on the clock once the waiting thread is done with it. */
        void release() {
            cancelGrace();
        }

        private void cancelGrace() {
            RunClock.Scheduled timer = grace;
            if (timer != null) {
                timer.cancel();
            }
        }
    }

    /**
     * What the call threw while the run went on, as the caller gets it: unwrapped, except an interrupt or a
     * cancellation of the call's own, which would read as the run's, so they come as a failure of the call.
     */
    private static Exception failure(Throwable thrown) {
        if (thrown instanceof InterruptedException || thrown instanceof CancellationException) {
            return new IllegalStateException("the call threw " + thrown + " on its own thread, which the run had"
                    + " neither interrupted nor stopped", thrown);
        }
        if (thrown instanceof Exception exception) {
            return exception;
        }
        return new IllegalStateException("the call threw " + thrown, thrown); // a Throwable neither Error nor Exception
    }

    /**
     * The call, wherever it runs: records its thread so that it can be interrupted (now, or as soon as it starts),
     * and leaves that thread (perhaps a pooled one) without an interrupt when it is done.
     */
    private static final class Worker<T extends @Nullable Object> implements Runnable {
        private final Callable<T> body;
        /**
         * Completed when the call has ended, its outcome in {@link #value} or {@link #failure} (written before):
         * kept apart from the future, so that no exception the call throws, a {@link CancellationException} of its
         * own included, is read as the future's cancellation.
         */
        private final CompletableFuture<@Nullable Void> done = new CompletableFuture<>();
        private volatile @Nullable T value;
        private volatile @Nullable Throwable failure;
        private @Nullable Thread thread;
        private boolean interrupted;

        Worker(Callable<T> body) {
            this.body = body;
        }

        @Override
        public void run() {
            synchronized (this) {
                if (interrupted) { // stopped while it waited for a thread of the executor's: never started
                    failure = new CancellationException("stopped before it started");
                    done.complete(null);
                    return;
                }
                thread = Thread.currentThread();
            }
            try {
                value = body.call();
            } catch (Throwable e) { // handed to the waiting thread, which throws an Error again as it is
                failure = e;
            } finally {
                synchronized (this) {
                    thread = null;
                    Thread.interrupted();
                }
                done.complete(null);
            }
        }

        synchronized void interrupt() {
            interrupted = true;
            if (thread != null) {
                thread.interrupt();
            }
        }
    }
}
