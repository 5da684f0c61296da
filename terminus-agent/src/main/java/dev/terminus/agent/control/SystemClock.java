package dev.terminus.agent.control;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/** {@link System#nanoTime()}, one shared daemon timer thread, and the JDK's own timed waits. */
final class SystemClock implements RunClock {
    static final SystemClock INSTANCE = new SystemClock();

    private final ScheduledThreadPoolExecutor timers;

    private SystemClock() {
        timers = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "terminus-run-timers");
            thread.setDaemon(true);
            return thread;
        });
        timers.setRemoveOnCancelPolicy(true);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Scheduled schedule(long delayNanos, Runnable action) {
        ScheduledFuture<?> future = timers.schedule(action, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    /** @return {@link UUID#randomUUID()}: gate ids stay unguessable where nothing asks them to repeat */
    @Override
    public UUID randomUuid() {
        return UUID.randomUUID();
    }

    @Override
    public void sleep(long nanos) throws InterruptedException {
        if (nanos > 0) {
            TimeUnit.NANOSECONDS.sleep(nanos);
        }
    }

    @Override
    public <T extends @Nullable Object> T await(CompletableFuture<T> future, long nanos)
            throws InterruptedException, TimeoutException, ExecutionException {
        return nanos == Long.MAX_VALUE ? future.get() : future.get(Math.max(0, nanos), TimeUnit.NANOSECONDS);
    }

    @Override
    public String toString() {
        return "RunClock.system()";
    }
}
