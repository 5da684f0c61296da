package dev.terminus.agent;

import dev.terminus.internal.Checks;
import java.time.Duration;

/**
 * How the loop retries a model call that failed transiently (429, 5xx, timeout): up to {@code maxRetries} more
 * times, waiting an exponentially growing, jittered backoff that never passes the run's deadline.
 *
 * @param maxRetries retries after the first attempt; 0 disables retrying
 * @param initialBackoff the wait before the first retry
 * @param maxBackoff the longest wait
 * @param jitter the random fraction, in [0, 1], taken off each wait (0.5: a wait of 50% to 100% of the backoff)
 */
public record RetryPolicy(int maxRetries, Duration initialBackoff, Duration maxBackoff, double jitter) {

    /** Validates every setting, naming the bad value. */
    public RetryPolicy {
        Checks.nonNegative(maxRetries, "RetryPolicy.maxRetries");
        Checks.notNull(initialBackoff, "RetryPolicy.initialBackoff");
        Checks.notNull(maxBackoff, "RetryPolicy.maxBackoff");
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
     * The backoff before a retry, before jitter.
     *
     * @param retry the retry's number, from 1
     * @return {@code initialBackoff * 2^(retry-1)}, at most {@code maxBackoff}
     */
    public Duration backoff(int retry) {
        long initial = initialBackoff.toNanos();
        long nanos = retry >= 63 || initial > (Long.MAX_VALUE >> (retry - 1)) ? Long.MAX_VALUE : initial << (retry - 1);
        return nanos >= maxBackoff.toNanos() ? maxBackoff : Duration.ofNanos(nanos);
    }
}
