package dev.terminus.agent.internal;

import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A run on its own virtual thread, supervised: at the deadline (and on cancellation) its thread is interrupted; if it
 * does not end within the grace period after that, the run is ended from outside with what it has, and its thread
 * is left to finish on its own, its result discarded. One shared daemon thread keeps the timers.
 */
public final class RunTask implements RunHandle {
    private static final ScheduledExecutorService TIMERS = timers();

    private final AgentRun run;
    private final long graceNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ended = lock.newCondition();
    private @Nullable RunResult result;
    private @Nullable Thread worker;
    private @Nullable ScheduledFuture<?> deadlineTimer;
    private @Nullable ScheduledFuture<?> graceTimer;

    private RunTask(AgentRun run, long graceNanos) {
        this.run = run;
        this.graceNanos = graceNanos;
    }

    /**
     * Starts a run on a new virtual thread.
     *
     * @param spec the agent
     * @param task the task
     * @return its handle
     */
    public static RunTask start(AgentSpec spec, String task) {
        return start(spec, System.nanoTime(), run -> run.execute(task));
    }

    /**
     * Resumes a paused run on a new virtual thread; its time budget counts on from the checkpoint's elapsed time.
     *
     * @param spec the agent
     * @param checkpoint the paused run
     * @param decision the decision on its pending call
     * @return its handle
     */
    public static RunTask resume(AgentSpec spec, Checkpoint checkpoint, GateDecision decision) {
        return start(spec, System.nanoTime() - Resumption.elapsedNanos(checkpoint), run -> run.resume(checkpoint, decision));
    }

    private static RunTask start(AgentSpec spec, long start, Function<AgentRun, RunResult> body) {
        long budget = spec.config().timeBudget().map(Duration::toNanos).orElse(RunControl.NO_DEADLINE);
        RunTask handle = new RunTask(new AgentRun(spec, start, budget, true), spec.config().interruptGrace().toNanos());
        handle.run.begin(); // on the caller's thread: listeners see the caller's context
        handle.lock.lock();
        try {
            handle.worker = Thread.ofVirtual().name("terminus-run-" + spec.config().name())
                    .start(() -> handle.complete(body.apply(handle.run)));
            if (budget != RunControl.NO_DEADLINE) {
                long left = Math.max(0, start + budget - System.nanoTime());
                handle.deadlineTimer = TIMERS.schedule(handle::onDeadline, left, TimeUnit.NANOSECONDS);
            }
        } finally {
            handle.lock.unlock();
        }
        return handle;
    }

    /**
     * Runs on the calling thread. With a time budget, the shared timer interrupts this thread at the deadline (and
     * never after the run has ended); an interrupt the timer delivered is cleared before returning.
     *
     * @param spec the agent
     * @param task the task
     * @return the result
     */
    public static RunResult runInline(AgentSpec spec, String task) {
        return inline(spec, System.nanoTime(), run -> run.execute(task));
    }

    /**
     * Resumes a paused run on the calling thread, as {@link #runInline} runs one.
     *
     * @param spec the agent
     * @param checkpoint the paused run
     * @param decision the decision on its pending call
     * @return the result
     */
    public static RunResult resumeInline(AgentSpec spec, Checkpoint checkpoint, GateDecision decision) {
        return inline(spec, System.nanoTime() - Resumption.elapsedNanos(checkpoint),
                run -> run.resume(checkpoint, decision));
    }

    private static RunResult inline(AgentSpec spec, long start, Function<AgentRun, RunResult> body) {
        long budget = spec.config().timeBudget().map(Duration::toNanos).orElse(RunControl.NO_DEADLINE);
        AgentRun run = new AgentRun(spec, start, budget, false);
        if (budget == RunControl.NO_DEADLINE) {
            return body.apply(run);
        }
        CallerInterrupt interrupt = new CallerInterrupt(Thread.currentThread(), run.control());
        interrupt.arm(Math.max(0, start + budget - System.nanoTime()));
        try {
            return body.apply(run);
        } finally {
            interrupt.disarm();
        }
    }

    /** Interrupts a caller's thread at its run's deadline, unless the run has ended first. */
    private static final class CallerInterrupt {
        private final Thread caller;
        private final RunControl control;
        private final ReentrantLock lock = new ReentrantLock();
        private @Nullable ScheduledFuture<?> timer;
        private boolean ended;
        private boolean fired;

        CallerInterrupt(Thread caller, RunControl control) {
            this.caller = caller;
            this.control = control;
        }

        void arm(long budgetNanos) {
            timer = TIMERS.schedule(this::fire, budgetNanos, TimeUnit.NANOSECONDS);
        }

        /**
         * Marks the run expired and interrupts the caller, unless the run has ended or was cancelled. A caller that is
         * already interrupted (its own interrupt, not yet seen by the run) is not interrupted again, so the interrupt
         * it keeps is its own and {@link #disarm()} does not clear it.
         */
        private void fire() {
            lock.lock();
            try {
                if (!ended && !control.cancelled()) {
                    control.expire();
                    if (!caller.isInterrupted()) {
                        fired = true;
                        caller.interrupt();
                    }
                }
            } finally {
                lock.unlock();
            }
        }

        void disarm() {
            lock.lock();
            try {
                ended = true;
                if (timer != null) {
                    timer.cancel(false);
                }
                if (fired) {
                    Thread.interrupted();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    private void onDeadline() {
        run.control().expire();
        interruptAndWaitGrace();
    }

    @Override
    public void cancel(@Nullable String requestedBy) {
        run.control().cancel(requestedBy);
        interruptAndWaitGrace();
    }

    private void interruptAndWaitGrace() {
        lock.lock();
        try {
            if (result != null || graceTimer != null) {
                return;
            }
            if (worker != null) {
                worker.interrupt();
            }
            // The timer thread only hands off: abandoning publishes to listeners, which must not hold up other runs' timers.
            graceTimer = TIMERS.schedule(() -> Thread.ofVirtual().name("terminus-abandon").start(this::abandon),
                    graceNanos, TimeUnit.NANOSECONDS);
        } finally {
            lock.unlock();
        }
    }

    private void abandon() {
        if (!isDone()) {
            complete(run.abandon());
        }
    }

    private void complete(RunResult finished) {
        lock.lock();
        try {
            if (result == null) {
                result = run.published() != null ? run.published() : finished;
                if (deadlineTimer != null) {
                    deadlineTimer.cancel(false);
                }
                if (graceTimer != null) {
                    graceTimer.cancel(false);
                }
                ended.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public RunResult await() throws InterruptedException {
        lock.lock();
        try {
            while (result == null) {
                ended.await();
            }
            return result;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Optional<RunResult> await(Duration timeout) throws InterruptedException {
        long nanos = timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
        lock.lock();
        try {
            while (result == null && nanos > 0) {
                nanos = ended.awaitNanos(nanos);
            }
            return Optional.ofNullable(result);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean isDone() {
        lock.lock();
        try {
            return result != null;
        } finally {
            lock.unlock();
        }
    }

    private static ScheduledExecutorService timers() {
        ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "terminus-run-timers");
            thread.setDaemon(true);
            return thread;
        });
        timers.setRemoveOnCancelPolicy(true);
        return timers;
    }
}
