package dev.terminus.converge.internal;

import dev.terminus.Termination;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A run's clock, deadline and cancellation. Cancellation is requested once (the first request wins) and interrupts
 * the coordinating thread, which then stops the agent running; the coordinating thread reads the flag and the clock
 * between steps.
 */
public final class RunControl {
    private final long startNanos;
    private final Duration before;
    private final long beforeNanos;
    private final long budgetNanos;
    private final long budgetMs;
    private volatile boolean cancelled;
    private volatile @Nullable String requestedBy;
    private volatile @Nullable Thread coordinator;

    /**
     * @param startNanos when the run started, by {@link System#nanoTime()}
     * @param budget the time budget, or null
     */
    public RunControl(long startNanos, @Nullable Duration budget) {
        this(startNanos, Duration.ZERO, budget);
    }

    /**
     * @param startNanos when the run started or resumed, by {@link System#nanoTime()}
     * @param before the run's time before it resumed (a pause's), which counts against the budget; not negative
     * @param budget the time budget, or null
     */
    public RunControl(long startNanos, Duration before, @Nullable Duration budget) {
        this.startNanos = startNanos;
        this.before = before;
        this.beforeNanos = saturatedNanos(before);
        this.budgetNanos = budget == null ? -1 : saturatedNanos(budget);
        this.budgetMs = budget == null ? -1 : saturatedMillis(budget);
    }

    /** @param thread the thread that coordinates the run; cancellation interrupts it */
    public void coordinator(Thread thread) {
        this.coordinator = thread;
    }

    /**
     * Requests cancellation and interrupts the coordinating thread; does nothing once requested.
     *
     * @param by who cancels
     */
    public void cancel(@Nullable String by) {
        synchronized (this) {
            if (cancelled) {
                return;
            }
            requestedBy = by;
            cancelled = true;
        }
        Thread thread = coordinator;
        if (thread != null && thread != Thread.currentThread()) {
            thread.interrupt();
        }
    }

    /** @return whether the run was cancelled because its coordinating thread was interrupted from outside */
    public boolean cancelledByInterrupt() {
        return cancelled && Termination.Cancelled.THREAD_INTERRUPT.equals(requestedBy);
    }

    /** @return the cancellation, once requested */
    public Termination.Cancelled cancellation() {
        return new Termination.Cancelled(requestedBy);
    }

    /**
     * The check between steps: cancellation (an interrupt of the coordinating thread counts as one), then the deadline.
     *
     * @return how the run must stop, or null to go on
     */
    public Termination.@Nullable Cancelled cancelled() {
        if (!cancelled && Thread.currentThread() == coordinator && Thread.currentThread().isInterrupted()) {
            cancel(Termination.Cancelled.THREAD_INTERRUPT);
        }
        return cancelled ? cancellation() : null;
    }

    /** @return how the run must stop (cancelled, out of time), or null to go on */
    public @Nullable Termination check() {
        Termination stop = cancelled();
        if (stop != null) {
            return stop;
        }
        return budgetNanos >= 0 && elapsedNanos() >= budgetNanos ? timeUp() : null;
    }

    /** @return whether the run has a time budget */
    public boolean hasDeadline() {
        return budgetNanos >= 0;
    }

    /** @return the nanoseconds left before the deadline (0 when past it); only with a time budget */
    public long remainingNanos() {
        return Math.max(0, budgetNanos - elapsedNanos());
    }

    /** @return the run's time so far, in nanoseconds (its time before a resume included; at most Long.MAX_VALUE) */
    public long elapsedNanos() {
        long since = System.nanoTime() - startNanos;
        long sum = beforeNanos + since;
        return ((beforeNanos ^ sum) & (since ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    /** @return the run's time so far (its time before a resume included) */
    public Duration elapsed() {
        try {
            return before.plusNanos(System.nanoTime() - startNanos);
        } catch (ArithmeticException e) {
            return before;
        }
    }

    /** @return the time-budget termination at this moment */
    public Termination.TimeBudgetExhausted timeUp() {
        return new Termination.TimeBudgetExhausted(elapsedNanos() / 1_000_000, budgetMs);
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static long saturatedMillis(Duration duration) {
        try {
            return duration.toMillis();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
