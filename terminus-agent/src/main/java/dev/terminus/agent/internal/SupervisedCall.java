package dev.terminus.agent.internal;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One model or tool call on a virtual thread of its own, while the run's thread waits for it. The run's thread stays
 * interruptible while it waits, so the deadline and cancellation stop the wait even when the call ignores its own
 * interrupt: the call's thread is then interrupted, given the grace to give up, and left behind (its result is
 * discarded). The call's outcome is the body's: its value, or the exception it threw, unwrapped.
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
     * @param body the call
     * @return its value
     * @throws InterruptedException when the run's thread was interrupted while waiting (its interrupt is consumed,
     *     as by any blocking call)
     * @throws TimeoutException when the call's own time limit passed
     * @throws Exception what the call threw
     */
    static <T extends @Nullable Object> T call(String threadName, long timeoutNanos, long graceNanos, Callable<T> body)
            throws Exception {
        FutureTask<T> task = new FutureTask<>(body);
        Thread thread = Thread.ofVirtual().name(threadName).start(task);
        try {
            return timeoutNanos == NO_TIMEOUT ? task.get() : task.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw unwrapped(e);
        } catch (InterruptedException e) {
            thread.interrupt();
            awaitEnd(thread, graceNanos);
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
        if (cause instanceof Exception exception) {
            return exception;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return e;
    }
}
