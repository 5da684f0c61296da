package dev.terminus.temporal.internal;

import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCompletionException;
import io.temporal.client.ActivityWorkerShutdownException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Runs a model's or a tool's call on its activity's thread while a virtual thread heartbeats for the activity.
 * Temporal answers a heartbeat with why the activity is over before the call is: its cancellation was requested (the
 * run stopped the call), it timed out or its workflow closed (the activity no longer exists), or its worker shuts
 * down. The heartbeat then interrupts the call's thread, so a call that waits (a sleep, a latch, an HTTP exchange)
 * notices, and the activity ends with Temporal's reason: a cancelled activity is reported cancelled. A call that
 * returns a value all the same returns it. A call interrupted by its worker (which interrupts its activities when it
 * shuts down now) ends as the worker's shutdown, never as the call's own failure.
 *
 * <p>Heartbeats are asked for every eighth of the activity's heartbeat timeout (between 10 ms and 500 ms); the worker
 * sends them to the server at most every 0.8 heartbeat timeouts ({@code WorkerOptions.setMaxHeartbeatThrottleInterval}
 * lowers that), so a cancellation reaches the call within about that interval.
 */
final class Heartbeats {
    private static final long MIN_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private Heartbeats() {}

    /**
     * Makes the call on this thread, heartbeating for the activity until it returns (a local activity's call is made
     * as it is: it cannot heartbeat).
     *
     * @param context the activity's context, on its thread
     * @param call the model's or tool's call
     * @param <T> its value
     * @return its value
     * @throws ActivityCompletionException when Temporal ended the activity and the call then failed (interrupted), or
     *     the worker interrupted the call as it shut down ({@link ActivityWorkerShutdownException})
     * @throws Exception what the call threw otherwise
     */
    static <T extends @Nullable Object> T around(ActivityExecutionContext context, Callable<T> call) throws Exception {
        if (context.getInfo().isLocal()) {
            // a local activity does not heartbeat: its workflow task is its lease
            try {
                return call.call();
            } catch (Exception e) {
                throw interruptedByItsWorker(e) ? new ActivityWorkerShutdownException(context.getInfo()) : e;
            }
        }
        Beat beat = new Beat(context, Thread.currentThread(), period(context.getInfo().getHeartbeatTimeout()));
        Thread.ofVirtual().name("terminus-heartbeat-" + context.getInfo().getActivityId()).start(beat);
        T value;
        try {
            value = call.call();
        } catch (Exception e) {
            ActivityCompletionException ended = beat.end();
            if (ended != null) {
                // what the interrupted call threw is Temporal's ending, which the worker reports (a cancellation)
                throw ended;
            }
            throw interruptedByItsWorker(e) ? new ActivityWorkerShutdownException(context.getInfo()) : e;
        } catch (Error e) {
            beat.end();
            throw e;
        }
        beat.end();
        return value;
    }

    /**
     * Whether a call failed because its thread was interrupted by someone other than its heartbeat: on an activity's
     * thread that is the worker, which interrupts its activities when it shuts down now. Such a failure is not the
     * model's or the tool's: told as one, the workflow would read an interrupt of its caller into it. It ends as the
     * worker's shutdown ({@link ActivityWorkerShutdownException}, which keeps no cause), a call lost with its worker.
     */
    private static boolean interruptedByItsWorker(Exception e) {
        return e instanceof InterruptedException || e.getCause() instanceof InterruptedException
                || Thread.currentThread().isInterrupted();
    }

    /** An eighth of the heartbeat timeout, kept between 10 and 500 ms (500 ms without a heartbeat timeout). */
    static long period(Duration heartbeatTimeout) {
        if (heartbeatTimeout.isZero() || heartbeatTimeout.isNegative()) {
            return MAX_PERIOD_NANOS;
        }
        long eighth = heartbeatTimeout.toNanos() / 8;
        return Math.max(MIN_PERIOD_NANOS, Math.min(MAX_PERIOD_NANOS, eighth));
    }

    /** The heartbeating loop of one call; interrupts the call's thread at most once, and only while the call runs. */
    private static final class Beat implements Runnable {
        private final ActivityExecutionContext context;
        private final Thread caller;
        private final long periodNanos;
        private final CountDownLatch over = new CountDownLatch(1);
        private boolean running = true;
        private @Nullable ActivityCompletionException ended;

        Beat(ActivityExecutionContext context, Thread caller, long periodNanos) {
            this.context = context;
            this.caller = caller;
            this.periodNanos = periodNanos;
        }

        @Override
        public void run() {
            try {
                // the first heartbeat goes at once: the server hears from the activity as soon as the call starts
                do {
                    try {
                        context.heartbeat(null);
                    } catch (ActivityCompletionException e) {
                        stop(e);
                        return;
                    }
                } while (!over.await(periodNanos, TimeUnit.NANOSECONDS));
            } catch (InterruptedException e) {
                // nothing interrupts this thread but the JVM's end: stop beating
            }
        }

        private synchronized void stop(ActivityCompletionException e) {
            if (running) {
                ended = e;
                caller.interrupt();
            }
        }

        /** Stops beating; clears the interrupt this beat gave the call's thread. @return why Temporal ended it */
        synchronized @Nullable ActivityCompletionException end() {
            running = false;
            over.countDown();
            if (ended != null) {
                Thread.interrupted();
            }
            return ended;
        }
    }
}
