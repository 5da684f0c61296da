package dev.terminus.agent.internal;

import dev.terminus.Termination;
import org.jspecify.annotations.Nullable;

/**
 * The outside decisions that stop a run: cancellation and the deadline. Written by the caller's and the
 * timer's threads, read by the run's.
 *
 * <p>The run's thread checks often (before every model call and every tool call), so a check that finds nothing is
 * one volatile read: the deadline's timer {@linkplain #expire() marks the run expired} when it fires (before it
 * interrupts the run's thread), and the clock is compared with the deadline only where the loop has read it anyway,
 * at the start of each iteration ({@link #interruptionAt(long)}).
 */
final class RunControl {
    static final long NO_DEADLINE = Long.MAX_VALUE;

    private final long startNanos;
    private final long deadlineNanos;
    private final long limitMs;
    /** Whether the run was cancelled or ran out of time: the only field a check that finds nothing reads. */
    private volatile boolean stopped;
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
            stopped = true;
        }
    }

    /**
     * The run's thread was found interrupted while it waited for a call made on another thread. Unless the run is
     * already stopping (the deadline's timer, a cancel, which set the flag before they interrupt), the interrupt came
     * from the run's caller: it cancels the run, recorded now so that a deadline passing while the call is given its
     * grace does not turn the cancellation into {@code TimeBudgetExhausted}.
     */
    synchronized void interruptedWhileWaiting() {
        if (!stopped) {
            cancel(Termination.Cancelled.THREAD_INTERRUPT);
        }
    }

    /** @return whether the run was cancelled (not only out of time) */
    boolean cancelled() {
        return cancelled;
    }

    /** The deadline's timer fired: the run is out of time. Called before the run's thread is interrupted. */
    void expire() {
        if (deadlineNanos != NO_DEADLINE) {
            stopped = true; // not cancelled, so out of time
        }
    }

    boolean hasDeadline() {
        return deadlineNanos != NO_DEADLINE;
    }

    long remainingNanos() {
        return deadlineNanos == NO_DEADLINE ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
    }

    /**
     * The termination an outside decision calls for now, or null when the run may go on. Reads the clock only when
     * there is one (for the elapsed time of {@code TimeBudgetExhausted}): the deadline is noticed once its timer fired.
     */
    @Nullable Termination interruption() {
        return stopped ? decided(System.nanoTime()) : null;
    }

    /**
     * As {@link #interruption()}, and the deadline compared with a time the caller has just read.
     *
     * @param nowNanos {@link System#nanoTime()}, read by the caller just before
     */
    @Nullable Termination interruptionAt(long nowNanos) {
        if (stopped) {
            return decided(nowNanos);
        }
        if (deadlineNanos != NO_DEADLINE && nowNanos - deadlineNanos >= 0) {
            return timeUp(nowNanos);
        }
        return null;
    }

    private Termination decided(long nowNanos) {
        if (cancelled) {
            return new Termination.Cancelled(cancelledBy);
        }
        return timeUp(nowNanos);
    }

    private Termination timeUp(long nowNanos) {
        return new Termination.TimeBudgetExhausted((nowNanos - startNanos) / 1_000_000, limitMs);
    }
}
