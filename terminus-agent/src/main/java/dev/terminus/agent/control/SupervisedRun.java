package dev.terminus.agent.control;

import dev.terminus.Preconditions;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A run on a virtual thread of its own, under its {@link RunControl}: the deadline is armed on the run's clock, and
 * when the run stops (cancelled through the handle, or out of time) its thread is {@linkplain #onStop told}; if the
 * run has not ended a grace period after that, it may be {@linkplain #abandon ended from outside} with what it has,
 * its thread left to finish on its own and its late result discarded. The first result wins.
 *
 * <p>Each engine's handle is a subclass: it says what stopping and abandoning mean for its runs. By default the
 * run's thread is interrupted and the run is never abandoned (it is trusted to end once interrupted).
 *
 * @param <R> the run's result
 */
public abstract class SupervisedRun<R> implements Handle<R> {
    private final RunControl control;
    private final long graceNanos;
    private final CompletableFuture<R> result = new CompletableFuture<>();
    private final ReentrantLock lock = new ReentrantLock();
    private @Nullable Thread worker;
    private RunClock.@Nullable Scheduled deadline;
    private RunClock.@Nullable Scheduled grace;
    private RunControl.@Nullable Registration stopHook;
    private boolean stopping;

    /**
     * @param control the run's control
     * @param grace how long the run may take to end once stopped before it is {@linkplain #abandon abandoned}
     */
    protected SupervisedRun(RunControl control, Duration grace) {
        this.control = Objects.requireNonNull(control, "control");
        Duration checked = Preconditions.nonNegative(grace, "grace");
        this.graceNanos = checked.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : checked.toNanos();
    }

    /** @return the run's control */
    protected final RunControl control() {
        return control;
    }

    /**
     * Starts the run: its body on a new virtual thread, its deadline on the run's clock. Call once.
     *
     * @param threadName the thread's name
     * @param body the run; an {@code Error} it throws is thrown again by {@link #await()}, anything else it throws
     *     fails {@link #await()} with an {@link IllegalStateException}; a null it returns leaves the result to
     *     {@link #abandon} (a body that knows it was abandoned returns null)
     */
    protected final void start(String threadName, Supplier<@Nullable R> body) {
        lock.lock();
        try {
            if (worker != null) {
                throw new IllegalStateException("the run was started already");
            }
            Thread thread = Thread.ofVirtual().name(threadName).unstarted(() -> {
                try {
                    R value = body.get();
                    if (value != null) {
                        complete(value);
                    }
                } catch (Throwable e) { // handed to the waiters: await() throws an Error again as it is
                    release();
                    // wrapped, so that a CancellationException the body threw is not read as the future's cancellation
                    result.completeExceptionally(new CompletionException(e));
                }
            });
            worker = thread;
            thread.start();
            deadline = control.armDeadline();
            stopHook = control.onStop(this::stopping);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The run was stopped while it runs: tell its thread. Called once, on the thread that stopped the run (a
     * canceller, the clock's timer); must not block. By default, interrupts it.
     *
     * @param worker the run's thread
     */
    protected void onStop(Thread worker) {
        worker.interrupt();
    }

    /**
     * The run was stopped and has not ended within the grace: its result from outside, or null to keep waiting for
     * the run's own. Called at most once, on a virtual thread of its own. By default, null.
     *
     * @param worker the run's thread
     * @return the result the run ends with now, or null
     */
    protected @Nullable R abandon(Thread worker) {
        return null;
    }

    /**
     * @return whether {@link #abandon} may give a result, so that a grace is timed when the run stops; by default
     *     false (the run is waited for)
     */
    protected boolean abandons() {
        return false;
    }

    /**
     * Ends the run with {@code value}, unless it has ended already.
     *
     * @param value the result
     * @return whether this value is the run's result
     */
    protected final boolean complete(R value) {
        release(); // before the result is seen: once await() returns, no timer or hook of the run is left
        return result.complete(value);
    }

    private void stopping() {
        lock.lock();
        try {
            Thread thread = worker;
            if (result.isDone() || stopping || thread == null) {
                return;
            }
            stopping = true;
            onStop(thread);
            if (abandons()) {
                // the timer's thread only hands off: abandoning publishes to listeners, which must not hold up others
                RunClock clock = control.clock();
                grace = clock.schedule(graceNanos, () -> clock.handOff("terminus-abandon", () -> abandonLate(thread)));
            }
        } finally {
            lock.unlock();
        }
    }

    private void abandonLate(Thread thread) {
        if (!result.isDone()) {
            R value = abandon(thread);
            if (value != null) {
                complete(value);
            }
        }
    }

    /** Cancels the timers and the stop hook, outside the lock: closing a hook waits for a run of it that began. */
    private void release() {
        RunClock.@Nullable Scheduled deadlineTimer;
        RunClock.@Nullable Scheduled graceTimer;
        RunControl.@Nullable Registration hook;
        lock.lock();
        try {
            deadlineTimer = deadline;
            graceTimer = grace;
            hook = stopHook;
        } finally {
            lock.unlock();
        }
        if (deadlineTimer != null) {
            deadlineTimer.cancel();
        }
        if (graceTimer != null) {
            graceTimer.cancel();
        }
        if (hook != null) {
            hook.close();
        }
    }

    @Override
    public void cancel(@Nullable String requestedBy) {
        if (!result.isDone()) {
            control.cancel(requestedBy);
        }
    }

    @Override
    public R await() throws InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw brokeDown(e);
        }
    }

    @Override
    public Optional<R> await(Duration timeout) throws InterruptedException {
        long nanos = timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE
                : Math.max(0, timeout.toNanos());
        try {
            return Optional.of(control.clock().await(result, nanos));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw brokeDown(e);
        }
    }

    /**
     * What the waiter of a run whose body threw gets: the body's {@code Error} as it is (the engines let Errors pass,
     * ADR 0022), anything else as a defect of the engine.
     */
    private static RuntimeException brokeDown(ExecutionException e) {
        if (e.getCause() instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("the run broke down", e.getCause());
    }

    @Override
    public boolean isDone() {
        return result.isDone();
    }
}
