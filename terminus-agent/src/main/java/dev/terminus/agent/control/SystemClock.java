package dev.terminus.agent.control;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * {@link System#nanoTime()}, one shared daemon timer thread that a deadline armed later than its next wake-up does
 * not wake ({@link TimerThread}, ADR 0028), and the JDK's own timed waits.
 */
final class SystemClock implements RunClock {
    static final SystemClock INSTANCE = new SystemClock();

    private final TimerThread timers = new TimerThread("terminus-run-timers");

    private SystemClock() {}

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Scheduled schedule(long delayNanos, Runnable action) {
        return timers.schedule(delayNanos, action);
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
