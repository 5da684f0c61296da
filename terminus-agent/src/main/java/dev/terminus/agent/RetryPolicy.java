package dev.terminus.agent;

import dev.terminus.Preconditions;
import java.time.Duration;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * How the loop retries a model call that failed transiently (429, 5xx, timeout): up to {@code maxRetries} more
 * times, waiting an exponentially growing, jittered backoff that never passes the run's deadline. When the provider
 * said how long to wait ({@code Retry-After}), the wait is the longer of the two
 * ({@link #delayNanos(int, RandomGenerator, Duration)}), and a wait that would pass the deadline is not begun: the run
 * ends at once, as if its retries were used up.
 *
 * @param maxRetries retries after the first attempt; 0 disables retrying
 * @param initialBackoff the wait before the first retry
 * @param maxBackoff the longest wait
 * @param jitter the random fraction, in [0, 1], taken off each wait (0.5: a wait of 50% to 100% of the backoff)
 */
public record RetryPolicy(int maxRetries, Duration initialBackoff, Duration maxBackoff, double jitter) {

    /** The longest duration a long of nanoseconds holds, ~292 years. */
    private static final Duration MAX_NANOS = Duration.ofNanos(Long.MAX_VALUE);

    /** Validates every setting, naming the bad value. */
    public RetryPolicy {
        Preconditions.nonNegative(maxRetries, "RetryPolicy.maxRetries");
        Preconditions.notNull(initialBackoff, "RetryPolicy.initialBackoff");
        Preconditions.notNull(maxBackoff, "RetryPolicy.maxBackoff");
        if (initialBackoff.isNegative()) {
            throw new IllegalArgumentException("RetryPolicy.initialBackoff must be >= 0, was " + initialBackoff);
        }
        if (maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("RetryPolicy.maxBackoff must be >= initialBackoff ("
                    + initialBackoff + "), was " + maxBackoff);
        }
        if (!(jitter >= 0 && jitter <= 1)) {
            throw new IllegalArgumentException("RetryPolicy.jitter must be in [0, 1], was " + jitter);
        }
    }

    /** @return 3 retries, 250 ms doubling to 4 s, 50% jitter */
    public static RetryPolicy ofDefaults() {
        return new RetryPolicy(3, Duration.ofMillis(250), Duration.ofSeconds(4), 0.5);
    }

    /** @return no retries */
    public static RetryPolicy none() {
        return new RetryPolicy(0, Duration.ZERO, Duration.ZERO, 0);
    }

    /**
     * Retries at once, without a backoff: for work whose failures do not come from load on a shared service (and for
     * tests, which do not wait).
     *
     * @param maxRetries retries after the first attempt, >= 0
     * @return that many retries, each at once
     */
    public static RetryPolicy immediate(int maxRetries) {
        return new RetryPolicy(maxRetries, Duration.ZERO, Duration.ZERO, 0);
    }

    /**
     * The backoff before a retry, before jitter.
     *
     * @param retry the retry's number, from 1
     * @return {@code initialBackoff * 2^(retry-1)}, at most {@code maxBackoff} (zero when {@code initialBackoff} is
     *     zero); exact even for durations beyond the nanosecond range of a long
     * @throws IllegalArgumentException when {@code retry} is below 1
     */
    public Duration backoff(int retry) {
        if (retry < 1) {
            throw new IllegalArgumentException("retry must be >= 1, was " + retry);
        }
        if (initialBackoff.isZero()) {
            return Duration.ZERO;
        }
        int shift = retry - 1;
        if (maxBackoff.compareTo(MAX_NANOS) < 0) {
            // The common case: every value fits in a long of nanoseconds (initial <= max < Long.MAX_VALUE).
            // initial > (max >> shift) exactly when initial << shift would pass max, so that one test both caps
            // the backoff and keeps the shift from overflowing.
            long initial = initialBackoff.toNanos();
            long max = maxBackoff.toNanos();
            return shift >= Long.SIZE - 1 || initial > (max >> shift) ? maxBackoff : Duration.ofNanos(initial << shift);
        }
        // A cap beyond ~292 years: double in Duration arithmetic, which cannot overflow below the cap. The loop
        // ends within ~94 rounds, as a positive backoff of at least 1 ns reaches any Duration by then.
        Duration backoff = initialBackoff;
        Duration half = maxBackoff.dividedBy(2);
        for (int i = 0; i < shift; i++) {
            if (backoff.compareTo(half) > 0) {
                return maxBackoff;
            }
            backoff = backoff.multipliedBy(2);
        }
        return backoff;
    }

    /**
     * The wait before a retry: the {@linkplain #backoff backoff} less a random part of at most {@code jitter} of it.
     *
     * @param retry the retry's number, from 1
     * @param random where the random part comes from
     * @return the wait in nanoseconds; {@link Long#MAX_VALUE} for a backoff beyond ~292 years
     * @throws IllegalArgumentException when {@code retry} is below 1
     */
    public long delayNanos(int retry, RandomGenerator random) {
        Duration backoff = backoff(retry);
        long nanos = backoff.compareTo(MAX_NANOS) >= 0 ? Long.MAX_VALUE : backoff.toNanos();
        if (jitter > 0 && nanos > 0) {
            nanos -= (long) (nanos * jitter * random.nextDouble());
        }
        return nanos;
    }

    /**
     * The wait before a retry the provider gave a hint for: the longer of the jittered backoff and the provider's
     * {@code Retry-After}, so the policy never calls sooner than the provider asked and never sooner than its own
     * backoff. The hint is not jittered: it is the earliest time the provider will take the call.
     *
     * @param retry the retry's number, from 1
     * @param random where the backoff's random part comes from
     * @param retryAfter how long the provider asked to wait, or null when it did not say
     * @return the wait in nanoseconds; {@link Long#MAX_VALUE} for a wait beyond ~292 years
     * @throws IllegalArgumentException when {@code retry} is below 1
     */
    public long delayNanos(int retry, RandomGenerator random, @Nullable Duration retryAfter) {
        long backoff = delayNanos(retry, random);
        if (retryAfter == null || retryAfter.isNegative()) {
            return backoff;
        }
        long hint = retryAfter.compareTo(MAX_NANOS) >= 0 ? Long.MAX_VALUE : retryAfter.toNanos();
        return Math.max(backoff, hint);
    }
}
