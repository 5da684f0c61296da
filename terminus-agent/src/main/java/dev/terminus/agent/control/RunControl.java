package dev.terminus.agent.control;

import dev.terminus.Termination;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The outside decisions that stop a run, and its time: cancellation (the first request wins) and the deadline of
 * its time budget, read on its {@link RunClock}. Written by any thread (a handle's {@code cancel}, a timer), read by
 * the run's.
 *
 * <p>A run checks often (before every model, tool or agent call), so a check that finds nothing is one volatile
 * read: cancellation and the deadline's timer ({@link #expire()}) set one flag, and the clock is compared with the
 * deadline only where the run reads the time anyway ({@link #interruptionAt(long)}) or asks for it
 * ({@link #check()}). Whatever must stop running work when the run stops (interrupt a thread, cancel an inner run)
 * registers with {@link #onStop(Runnable)}.
 *
 * {@snippet :
 * RunControl control = RunControl.start(RunClock.system(), Duration.ofSeconds(30));
 * Termination stop = control.check(); // null while the run may go on
 * }
 */
public final class RunControl {
    private static final long NO_BUDGET = -1;

    private final RunClock clock;
    private final long startNanos;
    private final Duration before;
    private final long beforeNanos;
    private final long budgetNanos;
    /** The budget left when the run started or resumed: the deadline is {@code startNanos + leftAtStart}. */
    private final long leftAtStart;
    private final long limitMs;
    /** Guards the first cancellation and the hooks; private, so that no code of a user's can hold it. */
    private final Object lock = new Object();
    /** Made on the first registration: most runs register none, and the loop's allocation per run is a feature. */
    private final StopHooks stopHooks = new StopHooks();
    /** Whether the run was cancelled or ran out of time: the only field a check that finds nothing reads. */
    private volatile boolean stopped;
    private volatile boolean cancelled;
    private volatile @Nullable String cancelledBy;
    /** Set when the run's engine, not its caller, owns its thread's interrupts; read on the interrupt path only. */
    private volatile @Nullable Supplier<? extends Error> engineInterrupt;
    /** The control of the run this one serves ({@link #child}), whose stop stops this one; null for a root run. */
    private final @Nullable RunControl parent;
    private volatile @Nullable Registration followsParent;

    private RunControl(RunClock clock, long startNanos, Duration before, @Nullable Duration budget) {
        this(clock, startNanos, before, budget, null);
    }

    private RunControl(RunClock clock, long startNanos, Duration before, @Nullable Duration budget,
            @Nullable RunControl parent) {
        this.parent = parent;
        this.clock = Objects.requireNonNull(clock, "clock");
        if (before.isNegative()) {
            throw new IllegalArgumentException("the time a run used before it resumed must be >= 0, was " + before);
        }
        if (budget != null && budget.isNegative()) {
            throw new IllegalArgumentException("the time budget must be >= 0, was " + budget);
        }
        this.startNanos = startNanos;
        this.before = before;
        this.beforeNanos = saturatedNanos(before);
        this.budgetNanos = budget == null ? NO_BUDGET : saturatedNanos(budget);
        this.leftAtStart = budget == null ? Long.MAX_VALUE : Math.max(0, budgetNanos - beforeNanos);
        this.limitMs = budget == null ? 0 : saturatedMillis(budget);
    }

    /**
     * @param clock the run's clock
     * @param budget the run's time budget, or null for none
     * @return the control of a run that starts now
     */
    public static RunControl start(RunClock clock, @Nullable Duration budget) {
        return new RunControl(clock, clock.nanoTime(), Duration.ZERO, budget);
    }

    /**
     * @param clock the run's clock
     * @param before the time the run used before it paused, which counts against its budget
     * @param budget the run's time budget, or null for none
     * @return the control of a run that resumes now
     */
    public static RunControl resume(RunClock clock, Duration before, @Nullable Duration budget) {
        return new RunControl(clock, clock.nanoTime(), Objects.requireNonNull(before, "before"), budget);
    }

    /**
     * The control of a run this run waits for (an agent called as one of its tools), started now: its deadline is the
     * earlier of its own budget's and this run's, and when this run stops (cancelled, out of time) the child stops
     * the same way, cancelled by the same requester or out of time. Call {@link #detach()} on the child once its run
     * has ended.
     *
     * @param clock the child's clock (its agent's)
     * @param budget the child's own time budget, or null for none
     * @return the child's control
     */
    public RunControl child(RunClock clock, @Nullable Duration budget) {
        return child(clock, budget, Duration.ZERO);
    }

    /**
     * As {@link #child(RunClock, Duration)}, for a child resumed from a checkpoint: its own budget counts on from the
     * time it used before, its parent's from now.
     *
     * @param clock the child's clock (its agent's)
     * @param budget the child's own time budget, or null for none
     * @param before the time the child used before it paused
     * @return the child's control
     */
    public RunControl child(RunClock clock, @Nullable Duration budget, Duration before) {
        Objects.requireNonNull(before, "before");
        Duration effective = budget;
        if (hasDeadline()) {
            long cap = saturatedNanos(before) + Math.max(0, remainingNanos());
            if (cap < 0) {
                cap = Long.MAX_VALUE;
            }
            if (effective == null || saturatedNanos(effective) > cap) {
                effective = Duration.ofNanos(cap);
            }
        }
        RunControl child = new RunControl(clock, clock.nanoTime(), before, effective, this);
        child.followsParent = onStop(child::followParent);
        return child;
    }

    /**
     * Stops a {@linkplain #child child} run its parent no longer waits for: the way an ancestor stopped, when one has
     * (its stop may not have come down the tree yet); out of time when its deadline has passed on the clock (a parent
     * that read its deadline as passed ends out of time before its timer fires, and so does the child); else
     * cancelled by {@code by}.
     *
     * @param by who cancels, when no ancestor has stopped and the deadline has not passed
     */
    public void cutByParent(String by) {
        if (followStoppedAncestor()) {
            return;
        }
        if (budgetNanos != NO_BUDGET && remainingNanos() <= 0) {
            stop();
        } else {
            cancel(by);
        }
    }

    /** Ends what ties a {@linkplain #child child} run's control to its parent's: call once the child's run ended. */
    public void detach() {
        Registration link = followsParent;
        if (link != null) {
            link.close();
        }
    }

    /**
     * Stops this run the way its nearest stopped ancestor stopped, each run between them first: an interrupt that a
     * root's stop delivers to a thread its grandchild runs on may come before the stop has gone down the tree.
     *
     * @return whether an ancestor had stopped
     */
    private boolean followStoppedAncestor() {
        RunControl p = parent;
        if (p == null || !p.stopped && !p.followStoppedAncestor()) {
            return false;
        }
        followParent();
        return true;
    }

    /** The parent stopped: this run stops the same way. */
    private void followParent() {
        RunControl p = Objects.requireNonNull(parent, "parent");
        if (p.cancelled) {
            cancel(p.cancelledBy);
        } else {
            stop();
        }
    }

    /** @return the run's clock */
    public RunClock clock() {
        return clock;
    }

    /**
     * Cancels the run and runs the {@linkplain #onStop stop hooks}. The first request wins: a later one changes
     * neither the flag nor who asked.
     *
     * @param by who cancels, reported in {@code Cancelled}; may be null
     * @return whether this request cancelled the run (false when it was already cancelled)
     */
    public boolean cancel(@Nullable String by) {
        synchronized (lock) {
            if (cancelled) {
                return false;
            }
            cancelledBy = by;
            cancelled = true;
        }
        stop();
        return true;
    }

    /**
     * The run is out of time (its deadline's timer fired): sets the flag checks read and runs the stop hooks. Does
     * nothing without a time budget, or once the run was stopped.
     */
    public void expire() {
        if (budgetNanos != NO_BUDGET) {
            stop();
        }
    }

    /**
     * The run's thread was found interrupted. Unless the run is already stopping (cancellation and the deadline set
     * their flag before they interrupt anything), the interrupt came from the run's caller: it cancels the run, with
     * {@link Termination.Cancelled#THREAD_INTERRUPT}, recorded now so that a deadline passing later does not turn it
     * into {@code TimeBudgetExhausted}; or, when {@linkplain #interruptsAreTheEngines the thread is the engine's},
     * from the engine taking its thread back: the engine's error is thrown.
     */
    public void interruptedWhileWaiting() {
        if (stopped) {
            return;
        }
        if (followStoppedAncestor()) { // an ancestor's stop interrupted the thread before it reached this run
            return;
        }
        Supplier<? extends Error> engine = engineInterrupt;
        if (engine != null) {
            throw engine.get();
        }
        cancel(Termination.Cancelled.THREAD_INTERRUPT);
    }

    /**
     * Says that the run's thread is its engine's: an interrupt that nothing stopping the run sent is the engine taking
     * the thread back, not the caller cancelling. Temporal, for one, interrupts a workflow's thread when it destroys
     * that copy of the workflow (its worker shuts down, or evicts it); the run must then neither end nor publish an
     * end, since another copy replays it elsewhere. Such an interrupt throws the error made by {@code reclaimed}
     * through the run instead of cancelling it: the loop handles exceptions, never errors, so it unwinds to the engine
     * with nothing published. Call before the run starts.
     *
     * @param reclaimed makes the error thrown where the run finds its thread interrupted
     */
    public void interruptsAreTheEngines(Supplier<? extends Error> reclaimed) {
        this.engineInterrupt = Objects.requireNonNull(reclaimed, "reclaimed");
    }

    /**
     * As {@link #interruptedWhileWaiting()} when the current thread is interrupted; its interrupt is left as it is.
     *
     * @return whether the current thread is interrupted
     */
    public boolean noteInterrupt() {
        if (Thread.currentThread().isInterrupted()) {
            interruptedWhileWaiting();
            return true;
        }
        return false;
    }

    /** @return whether the run was cancelled (not only out of time) */
    public boolean isCancelled() {
        return cancelled;
    }

    /** @return whether the run was cancelled or its deadline's timer fired */
    public boolean isStopped() {
        return stopped;
    }

    /** @return who cancelled the run; null when nobody said, or it was not cancelled */
    public @Nullable String cancelledBy() {
        return cancelledBy;
    }

    /** @return whether the run was cancelled by an interrupt of its caller's thread */
    public boolean cancelledByInterrupt() {
        return cancelled && Termination.Cancelled.THREAD_INTERRUPT.equals(cancelledBy);
    }

    /** @return the cancellation as a termination (meaningful once {@linkplain #isCancelled() cancelled}) */
    public Termination.Cancelled cancellation() {
        return new Termination.Cancelled(cancelledBy);
    }

    /** @return whether the run has a time budget */
    public boolean hasDeadline() {
        return budgetNanos != NO_BUDGET;
    }

    /** @return the nanoseconds left before the deadline (0 or less once past it); {@link Long#MAX_VALUE} without one */
    public long remainingNanos() {
        return budgetNanos == NO_BUDGET ? Long.MAX_VALUE : leftAtStart - (clock.nanoTime() - startNanos);
    }

    /** @return the time the run used before it resumed under this control (zero for a run that starts) */
    Duration before() {
        return before;
    }

    /** @return the clock's time when the run started or resumed */
    public long startNanos() {
        return startNanos;
    }

    /**
     * @param nowNanos a time of the run's clock
     * @return the run's time until then, its time before a resume included (at most {@link Long#MAX_VALUE})
     */
    public long elapsedNanosAt(long nowNanos) {
        long since = nowNanos - startNanos;
        long sum = beforeNanos + since;
        return ((beforeNanos ^ sum) & (since ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    /** @return the run's time so far, its time before a resume included (exact, even past a long of nanoseconds) */
    public Duration elapsed() {
        try {
            return before.plusNanos(clock.nanoTime() - startNanos);
        } catch (ArithmeticException e) {
            return before;
        }
    }

    /**
     * The termination an outside decision calls for now, or null when the run may go on. One volatile read when
     * nothing was decided; the deadline is noticed once its timer fired.
     *
     * @return {@code Cancelled}, {@code TimeBudgetExhausted}, or null
     */
    public @Nullable Termination interruption() {
        return stopped ? decided(clock.nanoTime()) : null;
    }

    /**
     * As {@link #interruption()}, and the deadline compared with a time the caller has just read.
     *
     * @param nowNanos the run's clock, read by the caller just before
     * @return {@code Cancelled}, {@code TimeBudgetExhausted}, or null
     */
    public @Nullable Termination interruptionAt(long nowNanos) {
        if (stopped) {
            // decided at the clock's time: the caller's time may be older than the stop (a timer that fired since)
            return decided(clock.nanoTime());
        }
        if (budgetNanos != NO_BUDGET && nowNanos - startNanos >= leftAtStart) {
            return timeUpAt(nowNanos);
        }
        return null;
    }

    /** @return {@link #interruptionAt(long)} at the clock's time now */
    public @Nullable Termination check() {
        return interruptionAt(clock.nanoTime());
    }

    /**
     * The check between the steps of a run whose thread's interrupt cancels it (a coordinator's): an interrupt of the
     * current thread is {@linkplain #noteInterrupt() noted} first, then {@link #check()}.
     *
     * @return {@code Cancelled}, {@code TimeBudgetExhausted}, or null
     */
    public @Nullable Termination checkBetweenSteps() {
        noteInterrupt();
        return check();
    }

    /** @return the time-budget termination at this moment */
    public Termination.TimeBudgetExhausted timeUp() {
        return timeUpAt(clock.nanoTime());
    }

    /**
     * Runs {@code hook} when the run is cancelled or its deadline's timer fires, on the thread that stops it; at
     * once, on this thread, when the run has stopped already.
     *
     * @param hook what stops the running work (must not block)
     * @return the registration, to close when the work has ended
     */
    public Registration onStop(Runnable hook) {
        Registration registered = stopHooks.add(Objects.requireNonNull(hook, "hook"));
        if (registered != null) {
            return registered;
        }
        hook.run();
        return Registration.NONE;
    }

    /**
     * Schedules {@link #expire()} at the deadline on the run's clock.
     *
     * {@snippet :
     * RunClock.Scheduled deadline = control.armDeadline();
     * try {
     *     result = AgentEngine.of(agent).run(task, control);
     * } finally {
     *     deadline.cancel(); // a run that ended early leaves no timer behind
     * }
     * }
     *
     * @return the timer, to cancel when the run has ended; a no-op without a time budget
     */
    public RunClock.Scheduled armDeadline() {
        if (budgetNanos == NO_BUDGET) {
            return Registration.NONE::close;
        }
        return clock.schedule(remainingNanos(), this::expire);
    }

    /**
     * Waits {@code nanos} on the run's clock (a retry's backoff), cut short at the deadline and when the run stops.
     *
     * @param nanos how long to wait
     * @return how the run must stop now, or null to go on
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public @Nullable Termination pause(long nanos) throws InterruptedException {
        long wait = Math.min(nanos, Math.max(0, remainingNanos()));
        if (wait > 0 && !stopped) {
            CompletableFuture<@Nullable Void> stop = new CompletableFuture<>();
            Registration hook = onStop(() -> stop.complete(null));
            try {
                clock.await(stop, wait); // a timed wait of the clock's own: a workflow engine's clock waits there
            } catch (TimeoutException e) {
                // the backoff is over
            } catch (ExecutionException e) {
                throw new IllegalStateException("a wake-up cannot fail", e);
            } finally {
                hook.close();
            }
        }
        // a wait cut to the deadline ends at it, maybe before the deadline's timer has fired: ask the clock
        return check();
    }

    /** Sets the flag, then runs every hook still registered (see {@link StopHooks#closeAndRun}). */
    private void stop() {
        stopHooks.closeAndRun(() -> stopped = true);
    }

    private Termination decided(long nowNanos) {
        return cancelled ? new Termination.Cancelled(cancelledBy) : timeUpAt(nowNanos);
    }

    private Termination.TimeBudgetExhausted timeUpAt(long nowNanos) {
        return new Termination.TimeBudgetExhausted(elapsedNanosAt(nowNanos) / 1_000_000, limitMs);
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

    /** Something registered with a run's control, unregistered by {@link #close()}. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        /** A registration with nothing to undo. */
        Registration NONE = () -> { };

        @Override
        void close();
    }
}
