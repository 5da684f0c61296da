package dev.terminus.temporal.internal;

import dev.terminus.agent.control.RunClock;
import dev.terminus.temporal.wire.TranscriptPage;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * The transcript query of one call's workflow, asked again when it fails, until the call's own time runs out (ADR
 * 0039): a query fails while the workflow's worker restarts or deploys, times out while a worker replays a long
 * history, and goes to a worker that just died. Between tries it pauses (100 ms, doubling, at most 2 s) on the
 * activity's thread, whose heartbeats go on and which they interrupt when Temporal ends the activity. A query still
 * failing when the next try would pass the call's deadline fails with {@link TranscriptUnavailableException}, which
 * crosses to the workflow as a lost call: never as the run's own failure. Every failed try is logged (a warning of
 * {@code System.Logger} {@value #LOGGER}) with the workflow, the try's number and its failure, so an operator sees a
 * call waiting for its workflow's worker.
 */
final class TranscriptQueries implements TranscriptCache.Source {
    static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    static final Duration LONGEST_PAUSE = Duration.ofSeconds(2);
    /** The logger's name. */
    static final String LOGGER = "dev.terminus.temporal.internal.TranscriptQueries";
    private static final System.Logger LOG = System.getLogger(LOGGER);

    /** The time the tries are measured with, and the pause between two tries. */
    interface Time {
        /** @return a monotonic instant, in nanoseconds */
        long nanoTime();

        /**
         * Waits before the next try.
         *
         * @param nanos how long
         * @throws InterruptedException when the activity ended meanwhile
         */
        void pause(long nanos) throws InterruptedException;

        /** The system's, read through {@link RunClock#system()} as every engine file reads it. */
        Time SYSTEM = new Time() {
            @Override
            public long nanoTime() {
                return RunClock.system().nanoTime();
            }

            @Override
            public void pause(long nanos) throws InterruptedException {
                RunClock.system().sleep(nanos);
            }
        };
    }

    private final TranscriptCache.Source query;
    private final String workflow;
    private final long deadlineNanos;
    private final Time time;

    /**
     * @param query the workflow's transcript query
     * @param workflow the workflow's id and run, as its failed tries are logged
     * @param deadlineNanos the instant ({@link Time#nanoTime()}) past which no try starts
     * @param time the time it is measured with
     */
    TranscriptQueries(TranscriptCache.Source query, String workflow, long deadlineNanos, Time time) {
        this.query = query;
        this.workflow = workflow;
        this.deadlineNanos = deadlineNanos;
        this.time = time;
    }

    /**
     * The deadline of a call that started now: its start-to-close timeout less a margin for its last try, a tenth of
     * the timeout and at most 2 s, so the call fails itself before Temporal times it out.
     *
     * @param startToClose the call's start-to-close timeout
     * @param time the time it is measured with
     * @return the instant past which no try starts
     */
    static long deadline(Duration startToClose, Time time) {
        long timeout = startToClose.toNanos();
        return time.nanoTime() + timeout - Math.min(timeout / 10, LONGEST_PAUSE.toNanos());
    }

    @Override
    public TranscriptPage page(long generation, int from) throws Exception {
        return retried("transcript", "the run's transcript", workflow, () -> query.page(generation, from),
                deadlineNanos, time);
    }

    /**
     * Asks a query of a call's workflow, again while it fails, until the call's deadline.
     *
     * @param name the query's name, as its failed tries are logged
     * @param what what the query reads, as the failure's message names it
     * @param workflow the workflow's id and run, as its failed tries are logged
     * @param query the query
     * @param deadlineNanos the instant ({@link Time#nanoTime()}) past which no try starts
     * @param time the time it is measured with
     * @param <P> its answer
     * @return its answer
     * @throws TranscriptUnavailableException when it still fails when the next try would pass the deadline
     * @throws InterruptedException when the activity ended meanwhile
     */
    static <P> P retried(String name, String what, String workflow, Callable<P> query, long deadlineNanos, Time time)
            throws Exception {
        long pause = FIRST_PAUSE.toNanos();
        int failures = 0;
        while (true) {
            try {
                return query.call();
            } catch (InterruptedException e) {
                throw e; // the activity ended
            } catch (Exception e) {
                failures++;
                boolean last = time.nanoTime() + pause > deadlineNanos;
                LOG.log(System.Logger.Level.WARNING, "the " + name + " query of " + workflow + " failed (try "
                        + failures + "), " + (last ? "the call's time is up" : "asked again in "
                        + Duration.ofNanos(pause).toMillis() + " ms") + ": " + e);
                if (last) {
                    throw new TranscriptUnavailableException(what + " could not be read from its"
                            + " workflow within the call's time (" + failures + (failures == 1 ? " try" : " tries")
                            + "), last: " + e, e);
                }
                time.pause(pause);
                pause = Math.min(pause * 2, LONGEST_PAUSE.toNanos());
            }
        }
    }

    /** A call's transcript that its workflow did not give within the call's time. */
    static final class TranscriptUnavailableException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TranscriptUnavailableException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
