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
 * given the grace to end: a call that ends with a value within it keeps the value (the run stops at its next check);
 * one that does not is left behind and its outcome discarded. An interrupt of the waiting thread during the grace is
 * kept for after it.
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
     * @param body the call
     * @param <T> its value
     * @return its value
     * @throws InterruptedException when the waiting thread was interrupted (its interrupt consumed, as by any
     *     blocking call; the run was {@linkplain RunControl#interruptedWhileWaiting() told} at once)
     * @throws CancellationException when the run stopped (cancelled, out of time) before the call ended, or before it
     *     started (then the call is not started at all)
     * @throws TimeoutException when the call's own time limit passed (its thread is interrupted and left)
     * @throws Exception what the call threw; an {@link InterruptedException} the call threw on its own thread, which
     *     nobody interrupted, comes as an {@link IllegalStateException}: a failure of the call, not of the run
     * @throws Error what the call threw, as it was: the call's thread hands it to this one, which the loop lets pass
     *     (ADR 0022)
     */
    public <T extends @Nullable Object> T call(Callable<T> body) throws Exception {
        if (Thread.interrupted()) {
            control.interruptedWhileWaiting();
            throw new InterruptedException("interrupted before the call started");
        }
        Worker<T> worker = new Worker<>(body);
        CompletableFuture<@Nullable Object> woken = new CompletableFuture<>();
        worker.done.whenComplete((value, error) -> woken.complete(null));
        RunControl.Registration stop = control.onStop(() -> woken.complete(null));
        if (control.isStopped()) { // a call the run no longer wants is not started
            stop.close();
            throw new CancellationException("the run stopped before the call started");
        }
        try {
            if (executor == null) {
                Thread.ofVirtual().name(threadName).start(worker);
            } else {
                executor.execute(worker);
            }
            control.clock().await(woken, timeoutNanos);
        } catch (InterruptedException e) {
            control.interruptedWhileWaiting();
            return giveGrace(worker, e);
        } catch (TimeoutException e) {
            worker.interrupt();
            throw e;
        } finally {
            stop.close();
        }
        if (!worker.done.isDone()) { // the run stopped first
            return giveGrace(worker, new CancellationException("the run stopped before the call ended"));
        }
        return outcome(worker);
    }

    private <T extends @Nullable Object> T giveGrace(Worker<T> worker, Exception stop) throws Exception {
        worker.interrupt();
        awaitGrace(worker.done);
        if (worker.done.isDone() && !worker.done.isCompletedExceptionally()) {
            return worker.done.resultNow();
        }
        throw stop;
    }

    /**
     * Gives a stopped call its grace to end. An interrupt of the waiting thread meanwhile (the deadline's own, or
     * another) does not cut the grace short: it is kept, and restored once the grace is over.
     */
    private void awaitGrace(CompletableFuture<?> done) {
        RunClock clock = control.clock();
        long end = clock.nanoTime() + graceNanos;
        boolean interrupted = false;
        try {
            for (long left = graceNanos; left > 0 && !done.isDone(); left = end - clock.nanoTime()) {
                try {
                    clock.await(done, left);
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (TimeoutException | ExecutionException e) {
                    return; // late, or failed: either way its outcome is not kept
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static <T extends @Nullable Object> T outcome(Worker<T> worker) throws Exception {
        try {
            return worker.done.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InterruptedException own) {
                throw new IllegalStateException("the call threw " + own + " on its own thread, which the run had"
                        + " not interrupted", own);
            }
            if (cause instanceof Exception exception) {
                throw exception;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /**
     * The call, wherever it runs: records its thread so that it can be interrupted (now, or as soon as it starts),
     * and leaves that thread (perhaps a pooled one) without an interrupt when it is done.
     */
    private static final class Worker<T extends @Nullable Object> implements Runnable {
        private final Callable<T> body;
        private final CompletableFuture<T> done = new CompletableFuture<>();
        private @Nullable Thread thread;
        private boolean interrupted;

        Worker(Callable<T> body) {
            this.body = body;
        }

        @Override
        public void run() {
            synchronized (this) {
                if (interrupted) { // stopped while it waited for a thread of the executor's: never started
                    done.completeExceptionally(new CancellationException("stopped before it started"));
                    return;
                }
                thread = Thread.currentThread();
            }
            try {
                done.complete(body.call());
            } catch (Throwable e) { // handed to the waiting thread, which throws an Error again as it is
                done.completeExceptionally(e);
            } finally {
                synchronized (this) {
                    thread = null;
                    Thread.interrupted();
                }
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
