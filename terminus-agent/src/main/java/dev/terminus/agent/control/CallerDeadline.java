package dev.terminus.agent.control;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A run on its caller's thread, kept to its deadline: at the deadline the run's clock {@linkplain RunControl#expire()
 * expires} the run and interrupts the caller, unless the run has ended first. {@link #close()} disarms it and clears
 * an interrupt it delivered, so the caller keeps only an interrupt of its own.
 *
 * {@snippet :
 * // given: AgentEngine engine
 * try (CallerDeadline deadline = CallerDeadline.arm(control)) {
 *     result = engine.run(task, control);
 * }
 * }
 */
public final class CallerDeadline implements AutoCloseable {
    private final Thread caller;
    private final RunControl control;
    private final ReentrantLock lock = new ReentrantLock();
    private final RunClock.Scheduled timer;
    private boolean ended;
    private boolean fired;

    private CallerDeadline(Thread caller, RunControl control) {
        this.caller = caller;
        this.control = control;
        lock.lock();
        try {
            this.timer = control.clock().schedule(control.remainingNanos(), this::fire);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Arms the deadline of a run that goes on on the current thread.
     *
     * @param control the run's control; it must have a time budget
     * @return the armed deadline, to close when the run has ended
     */
    public static CallerDeadline arm(RunControl control) {
        if (!Objects.requireNonNull(control, "control").hasDeadline()) {
            throw new IllegalArgumentException("a run without a time budget has no deadline to arm");
        }
        return new CallerDeadline(Thread.currentThread(), control);
    }

    /**
     * Expires the run and interrupts the caller, unless the run has ended or was cancelled. A caller that is already
     * interrupted (its own interrupt, not yet seen by the run) is not interrupted again, so the interrupt it keeps is
     * its own and {@link #close()} does not clear it.
     */
    private void fire() {
        lock.lock();
        try {
            if (!ended && !control.isCancelled()) {
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

    /**
     * Disarms the deadline; clears the caller's interrupt when the deadline delivered it. Call on the caller's thread;
     * a second call does nothing.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            if (ended) {
                return;
            }
            ended = true;
            timer.cancel();
            if (fired) {
                Thread.interrupted();
            }
        } finally {
            lock.unlock();
        }
    }
}
