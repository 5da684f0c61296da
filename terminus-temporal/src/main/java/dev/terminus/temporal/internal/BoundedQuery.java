package dev.terminus.temporal.internal;

import io.grpc.Context;
import io.grpc.Deadline;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One try of a workflow query from an activity, bounded by a gRPC deadline: the client's query RPC timeout, or what is
 * left of the call's time when that is less. The SDK tries a query whose RPC timed out again by itself for up to a
 * minute; bounded, a query that no worker answers fails after one RPC timeout, so {@link TranscriptQueries} sees (and
 * logs) each failure and no try runs past the call's deadline.
 */
final class BoundedQuery {
    /** Cancels the deadlines' contexts when they pass; its one daemon thread starts with the first query. */
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private BoundedQuery() {}

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
                Thread.ofPlatform().daemon().name("terminus-query-deadlines").factory());
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /**
     * @param nanos how long the try may take; at least a nanosecond is given
     * @param query the query
     * @param <T> its answer
     * @return its answer
     * @throws Exception what the query threw: a {@code DEADLINE_EXCEEDED} status once the time passed
     */
    static <T> T within(long nanos, Callable<T> query) throws Exception {
        Context.CancellableContext bounded = Context.current().withDeadline(
                Deadline.after(Math.max(nanos, 1), TimeUnit.NANOSECONDS), TIMER);
        try {
            return bounded.call(query);
        } finally {
            bounded.cancel(null);
        }
    }
}
