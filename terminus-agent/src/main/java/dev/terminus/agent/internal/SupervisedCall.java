package dev.terminus.agent.internal;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One model or tool call on a virtual thread of its own, while the run's thread waits for it. The run's thread stays
 * interruptible while it waits, so the deadline and cancellation stop the wait even when the call ignores its own
 * interrupt: the call's thread is then interrupted and given the grace to end. A call that ends with a value within
 * the grace keeps it (the run stops at its next check, as after any call that outlived an interrupt); one that does
 * not is left behind and its outcome discarded. Otherwise the call's outcome is the body's: its value, or the
 * exception it threw, unwrapped; an {@link InterruptedException} the call throws on its own thread, which the run did
 * not interrupt, is a failure of the call, not a cancellation of the run.
 */
final class SupervisedCall {
    /** No timeout of the call's own: wait until it ends or the run's thread is interrupted. */
    static final long NO_TIMEOUT = 0;

    private SupervisedCall() {}

    /**
     * Makes the call and waits for it.
     *
     * @param threadName the call thread's name
     * @param timeoutNanos the call's own time limit ({@link #NO_TIMEOUT} for none); when it passes, the call's thread
     *     is interrupted and left, and a {@link TimeoutException} thrown
     * @param graceNanos how long to wait for the call's thread to give up once the run's thread was interrupted
     * @param onInterrupt told at once when the run's thread is found interrupted, before the grace (so the run can
     *     record who stopped it before anything else, such as the deadline's timer, does)
     * @param body the call
     * @return its value
     * @throws InterruptedException when the run's thread was interrupted while waiting (its interrupt is consumed,
     *     as by any blocking call)
     * @throws TimeoutException when the call's own time limit passed
     * @throws Exception what the call threw
     */
    static <T extends @Nullable Object> T call(String threadName, long timeoutNanos, long graceNanos,
            Runnable onInterrupt, Callable<T> body) throws Exception {
        if (Thread.interrupted()) {
            onInterrupt.run();
            throw new InterruptedException("interrupted before the call started");
        }
        FutureTask<T> task = new FutureTask<>(body);
        Thread thread = Thread.ofVirtual().name(threadName).start(task);
        try {
            return timeoutNanos == NO_TIMEOUT ? task.get() : task.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw unwrapped(e);
        } catch (InterruptedException e) {
            onInterrupt.run();
            thread.interrupt();
            awaitEnd(thread, graceNanos);
            if (task.state() == Future.State.SUCCESS) {
                return task.resultNow();
            }
            throw e;
        } catch (TimeoutException e) {
            thread.interrupt();
            throw e;
        }
    }

    /** Gives an interrupted call its grace to end; a second interrupt of the waiting thread cuts the grace short. */
    private static void awaitEnd(Thread thread, long graceNanos) {
        if (graceNanos <= 0) {
            return;
        }
        try {
            thread.join(java.time.Duration.ofNanos(graceNanos));
        } catch (InterruptedException again) {
            Thread.currentThread().interrupt();
        }
    }

    private static Exception unwrapped(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof InterruptedException own) {
            return new IllegalStateException("the call threw " + own + " on its own thread, which the run had not"
                    + " interrupted", own);
        }
        if (cause instanceof Exception exception) {
            return exception;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return e;
    }
}
