package dev.terminus.agent.internal;

import dev.terminus.Termination;
import org.jspecify.annotations.Nullable;

/**
 * The outside decisions that stop a run: cancellation and the deadline. Written by the caller's and the
 * scheduler's threads, read by the run's.
 */
final class RunControl {
    static final long NO_DEADLINE = Long.MAX_VALUE;

    private final long startNanos;
    private final long deadlineNanos;
    private final long limitMs;
    private volatile boolean cancelled;
    private volatile @Nullable String cancelledBy;

    RunControl(long startNanos, long budgetNanos) {
        this.startNanos = startNanos;
        this.deadlineNanos = budgetNanos == NO_DEADLINE ? NO_DEADLINE : startNanos + budgetNanos;
        this.limitMs = budgetNanos == NO_DEADLINE ? 0 : budgetNanos / 1_000_000;
    }

    /** The first request wins: a later one changes neither the flag nor who asked. */
    synchronized void cancel(@Nullable String requestedBy) {
        if (!cancelled) {
            cancelledBy = requestedBy;
            cancelled = true;
        }
    }

    boolean hasDeadline() {
        return deadlineNanos != NO_DEADLINE;
    }

    long remainingNanos() {
        return deadlineNanos == NO_DEADLINE ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
    }

    /** The termination an outside decision calls for now, or null when the run may go on. */
    @Nullable Termination interruption() {
        if (cancelled) {
            return new Termination.Cancelled(cancelledBy);
        }
        if (deadlineNanos != NO_DEADLINE) {
            long now = System.nanoTime();
            if (now - deadlineNanos >= 0) {
                return new Termination.TimeBudgetExhausted((now - startNanos) / 1_000_000, limitMs);
            }
        }
        return null;
    }
}
