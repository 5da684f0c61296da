package dev.terminus.agent.control;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * The one place an engine reads time and waits for it. Every timed wait of a run (a deadline, a grace period, a
 * retry's backoff, a per-call timeout) is {@linkplain #schedule scheduled} on its clock, so a clock that is driven by
 * hand, or by a workflow engine's timers, drives all of them.
 *
 * <p>An implementation must be safe for use by many threads, and {@link #nanoTime()} must be monotonic, as
 * {@link System#nanoTime()} is (only differences between its values have a meaning).
 *
 * {@snippet :
 * Agent agent = Agent.builder(model)
 *         .clock(RunClock.system()) // the default
 *         .build();
 * }
 */
public interface RunClock {

    /** @return the clock every engine uses unless told otherwise: {@link System#nanoTime()} and one daemon timer */
    static RunClock system() {
        return SystemClock.INSTANCE;
    }

    /** @return the current time in nanoseconds, comparable only with other values of this clock */
    long nanoTime();

    /**
     * Runs {@code action} once, {@code delayNanos} from now, on a thread of the clock's. Actions must be short: they
     * hand work off rather than do it.
     *
     * @param delayNanos how long from now; 0 or less runs it as soon as possible
     * @param action what to run
     * @return the scheduled action, to cancel when it is no longer wanted
     */
    Scheduled schedule(long delayNanos, Runnable action);

    /**
     * Starts work that an action of this clock hands off, so that the clock's thread is not held up, on a virtual
     * thread of its own. A clock driven by hand knows these threads, so whoever drives it can tell when the work
     * has gone quiet.
     *
     * @param threadName the thread's name
     * @param work what to run
     */
    default void handOff(String threadName, Runnable work) {
        Thread.ofVirtual().name(threadName).start(work);
    }

    /**
     * The randomness a run draws (a retry's jitter, a gate's id), which must be as repeatable as the clock: a
     * workflow engine's clock gives the engine's deterministic random, a manual clock a seeded one.
     *
     * @return the random source; by default the current thread's
     */
    default RandomGenerator random() {
        return ThreadLocalRandom.current();
    }

    /**
     * @return a version 4 (random) UUID drawn from {@link #random()}: as repeatable as the clock, where
     *     {@link UUID#randomUUID()} is not
     */
    default UUID randomUuid() {
        RandomGenerator random = random();
        long high = random.nextLong() & ~0xF000L | 0x4000L;
        long low = random.nextLong() & ~(0x3L << 62) | 1L << 63;
        return new UUID(high, low);
    }

    /**
     * Waits {@code nanos} of this clock's time.
     *
     * @param nanos how long; 0 or less returns at once
     * @throws InterruptedException when the waiting thread is interrupted
     */
    default void sleep(long nanos) throws InterruptedException {
        if (nanos <= 0) {
            return;
        }
        CountDownLatch woken = new CountDownLatch(1);
        Scheduled wake = schedule(nanos, woken::countDown);
        try {
            woken.await();
        } finally {
            wake.cancel();
        }
    }

    /**
     * Waits for {@code future} at most {@code nanos} of this clock's time.
     *
     * @param future what to wait for
     * @param nanos how long at most; {@link Long#MAX_VALUE} waits without a limit
     * @param <T> the future's value
     * @return its value
     * @throws InterruptedException when the waiting thread is interrupted
     * @throws TimeoutException when the time passed first
     * @throws ExecutionException when the future completed exceptionally
     */
    default <T extends @Nullable Object> T await(CompletableFuture<T> future, long nanos)
            throws InterruptedException, TimeoutException, ExecutionException {
        if (nanos == Long.MAX_VALUE || future.isDone()) {
            return future.get();
        }
        CompletableFuture<@Nullable Void> late = new CompletableFuture<>();
        Scheduled timer = schedule(nanos, () -> late.complete(null));
        try {
            CompletableFuture.anyOf(future, late).get();
        } catch (ExecutionException e) {
            // the future failed: reported below by its own get()
        } finally {
            timer.cancel();
        }
        if (!future.isDone()) {
            throw new TimeoutException("not done within " + nanos + " ns");
        }
        return future.get();
    }

    /** An action waiting on a clock. */
    @FunctionalInterface
    interface Scheduled {
        /** Cancels the action if it has not run yet; does nothing after that. */
        void cancel();
    }
}
