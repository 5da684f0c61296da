package dev.terminus.benchmarks;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Informational: what the JDK alone charges for what {@code TimeBudgetEnforcement.SUPERVISED_THREAD} adds to a run,
 * measured from a platform thread like {@link AgentLoopBenchmark#terminus()}: start a virtual thread and wait for its
 * result ({@link #virtualThreadHandoff()}), and what every run with a time budget does: schedule then cancel a deadline
 * timer on a one-thread {@code ScheduledThreadPoolExecutor} with remove-on-cancel ({@link #deadlineTimer()}). Run in
 * the same JMH run as {@link AgentLoopBenchmark} to attribute its fixed cost.
 */
public class SupervisionFloorBenchmark extends SampledLatencyBenchmark {
    private static final Object VALUE = new Object();

    private ScheduledThreadPoolExecutor timers;

    /** A timer thread like {@code RunTask}'s. */
    @Setup
    public void setUp() {
        timers = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "bench-timers");
            thread.setDaemon(true);
            return thread;
        });
        timers.setRemoveOnCancelPolicy(true);
    }

    /** Stops the timer thread. */
    @TearDown
    public void tearDown() {
        timers.shutdownNow();
    }

    /**
     * @return the value computed on a new virtual thread, awaited by this (platform) thread
     * @throws Exception never
     */
    @Benchmark
    public Object virtualThreadHandoff() throws InterruptedException, ExecutionException {
        FutureTask<Object> task = new FutureTask<>(() -> VALUE);
        Thread.ofVirtual().start(task);
        return task.get();
    }

    /** @return whether a 60 s timer, scheduled then cancelled, was cancelled */
    @Benchmark
    public boolean deadlineTimer() {
        ScheduledFuture<?> timer = timers.schedule(() -> { }, 60, TimeUnit.SECONDS);
        return timer.cancel(false);
    }
}
