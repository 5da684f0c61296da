package dev.terminus.test;

import dev.terminus.agent.control.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs work that waits on a {@link ManualClock} (deadlines, backoffs, graces, timeouts, sleeps of its own), moving
 * the clock to its next due action whenever the work has gone quiet: runs whose waits would take seconds take
 * microseconds, and a wait never ends before its time on the clock.
 *
 * <p>The work runs on a virtual thread of its own. "Quiet" means that this thread, and every thread that has
 * {@linkplain #participate() joined} the work (the thread a run is started on, a tool's own thread: whoever runs the
 * work's models, tools and listeners), and every thread the clock's actions {@linkplain ManualClock#handOff handed
 * work off to} (a run's abandonment after its grace), is not runnable, and stays so for a short real-time window. A thread the
 * work hands off to that never joins is not watched; the clock may then move while it is busy, which changes which
 * of its timed ends the work meets first, never whether it meets one.
 *
 * {@snippet :
 * // given: Model hangingModel
 * ManualClock clock = new ManualClock();
 * VirtualTime time = new VirtualTime(clock);
 * Agent agent = Agent.builder(hangingModel).clock(clock).timeBudget(Duration.ofSeconds(30))
 *         .listener(event -> time.participate()).build();
 * RunResult result = time.drive(() -> agent.run("task")); // TimeBudgetExhausted, at once
 * }
 */
public final class VirtualTime {
    /** How long the work's thread must stay blocked before the clock moves. */
    private static final long QUIET_NANOS = TimeUnit.MICROSECONDS.toNanos(300);

    /** How long, in real time, the work may take in all: past it the work is reported as stuck. */
    private static final Duration REAL_TIME_LIMIT = Duration.ofSeconds(30);

    private final ManualClock clock;
    private final Set<Thread> participants = ConcurrentHashMap.newKeySet();

    /** @param clock the clock the work waits on */
    public VirtualTime(ManualClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Watches the calling thread too: the clock moves only while it is not runnable. */
    public void participate() {
        participants.add(Thread.currentThread());
    }

    /**
     * Runs {@code work} to its end, advancing the clock while it waits. One work at a time.
     *
     * @param work what to run
     * @param <T> its result
     * @return its result
     * @throws ExecutionException when the work threw (the exception is the cause)
     * @throws IllegalStateException when the work has not ended after 30 s of real time with nothing due on the
     *     clock, naming the clock's state and the work thread's stack
     * @throws InterruptedException when the calling thread is interrupted
     */
    public <T> T drive(Callable<T> work) throws ExecutionException, InterruptedException {
        CompletableFuture<T> done = new CompletableFuture<>();
        Thread worker = Thread.ofVirtual().name("terminus-virtual-time").unstarted(() -> {
            try {
                done.complete(work.call());
            } catch (Throwable failure) {
                done.completeExceptionally(failure);
            }
        });
        participants.add(worker);
        worker.start();
        long realEnd = System.nanoTime() + REAL_TIME_LIMIT.toNanos();
        long quietSince = -1;
        while (true) {
            try {
                return done.get(QUIET_NANOS / 3, TimeUnit.NANOSECONDS);
            } catch (TimeoutException stillRunning) {
                // below: move the clock when the work has been blocked for the quiet window
            }
            long now = System.nanoTime();
            if (anyRunnable()) {
                quietSince = -1;
            } else if (quietSince < 0) {
                quietSince = now;
            } else if (now - quietSince >= QUIET_NANOS && advanceToNext(clock)) {
                quietSince = -1;
                realEnd = now + REAL_TIME_LIMIT.toNanos();
            }
            if (now > realEnd) {
                throw stuck(clock, worker);
            }
        }
    }

    private boolean anyRunnable() {
        for (Thread thread : participants) {
            if (thread.getState() == Thread.State.RUNNABLE) {
                return true;
            }
        }
        for (Thread thread : clock.handOffs()) {
            if (thread.getState() == Thread.State.RUNNABLE) {
                return true;
            }
        }
        return false;
    }

    /** @return whether an action was due and the clock moved to it */
    private static boolean advanceToNext(ManualClock clock) {
        List<Duration> pending = clock.pendingDelays();
        if (pending.isEmpty()) {
            return false;
        }
        clock.advance(pending.getFirst());
        return true;
    }

    private static IllegalStateException stuck(ManualClock clock, Thread worker) {
        StringBuilder stack = new StringBuilder();
        for (StackTraceElement frame : worker.getStackTrace()) {
            stack.append(System.lineSeparator()).append("  at ").append(frame);
        }
        return new IllegalStateException("work on " + clock + " has not ended within " + REAL_TIME_LIMIT
                + " of real time with nothing due on the clock; the work's thread is " + worker.getState() + stack);
    }
}
