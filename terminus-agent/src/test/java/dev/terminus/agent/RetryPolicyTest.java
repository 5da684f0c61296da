package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetryPolicyTest {

    @Test
    void defaultsAreThreeRetriesFrom250MillisTo4SecondsWithHalfJitter() {
        // when
        RetryPolicy policy = RetryPolicy.ofDefaults();

        // then
        assertThat(policy.maxRetries()).isEqualTo(3);
        assertThat(policy.initialBackoff()).isEqualTo(Duration.ofMillis(250));
        assertThat(policy.maxBackoff()).isEqualTo(Duration.ofSeconds(4));
        assertThat(policy.jitter()).isEqualTo(0.5);
    }

    @Test
    void noneDoesNotRetryAndDoesNotWait() {
        // when
        RetryPolicy policy = RetryPolicy.none();

        // then
        assertThat(policy.maxRetries()).isZero();
        assertThat(policy.backoff(1)).isZero();
        assertThat(policy.backoff(10)).isZero();
    }

    @Test
    void backoffDoublesFromTheInitialBackoff() {
        // given
        RetryPolicy policy = new RetryPolicy(10, Duration.ofMillis(100), Duration.ofHours(1), 0);

        // when / then
        assertThat(policy.backoff(1)).isEqualTo(Duration.ofMillis(100));
        assertThat(policy.backoff(2)).isEqualTo(Duration.ofMillis(200));
        assertThat(policy.backoff(3)).isEqualTo(Duration.ofMillis(400));
        assertThat(policy.backoff(4)).isEqualTo(Duration.ofMillis(800));
    }

    @Test
    void backoffIsCappedAtMaxBackoff() {
        // given
        RetryPolicy policy = RetryPolicy.ofDefaults();

        // when / then: 250, 500, 1000, 2000, 4000, then capped
        assertThat(policy.backoff(5)).isEqualTo(Duration.ofSeconds(4));
        assertThat(policy.backoff(6)).isEqualTo(Duration.ofSeconds(4));
        assertThat(policy.backoff(20)).isEqualTo(Duration.ofSeconds(4));
    }

    @Test
    void backoffBetweenDoublingsIsCappedExactlyAtMaxBackoff() {
        // given: 1 s, 2 s, 3 s cap
        RetryPolicy policy = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(3), 0);

        // when / then
        assertThat(policy.backoff(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(policy.backoff(3)).isEqualTo(Duration.ofSeconds(3));
    }

    @ParameterizedTest
    @ValueSource(ints = {30, 31, 32, 62, 63, 64, 100, 1_000, Integer.MAX_VALUE})
    void backoffDoesNotOverflowForLargeRetryNumbers(int retry) {
        // given
        RetryPolicy policy = new RetryPolicy(Integer.MAX_VALUE, Duration.ofMillis(250), Duration.ofSeconds(30), 0);

        // when
        Duration backoff = policy.backoff(retry);

        // then
        assertThat(backoff).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void backoffDoesNotOverflowWhenTheInitialBackoffIsLarge() {
        // given: 2^(retry-1) times a day passes Long.MAX_VALUE nanoseconds long before retry 63
        RetryPolicy policy = new RetryPolicy(100, Duration.ofDays(1), Duration.ofDays(100_000), 0);

        // when / then
        assertThat(policy.backoff(1)).isEqualTo(Duration.ofDays(1));
        assertThat(policy.backoff(17)).isEqualTo(Duration.ofDays(65_536));
        assertThat(policy.backoff(18)).isEqualTo(Duration.ofDays(100_000));
        assertThat(policy.backoff(40)).isEqualTo(Duration.ofDays(100_000));
    }

    @Test
    void zeroInitialBackoffNeverWaits() {
        // given
        RetryPolicy policy = new RetryPolicy(5, Duration.ZERO, Duration.ofSeconds(1), 0);

        // when / then
        assertThat(policy.backoff(1)).isZero();
        assertThat(policy.backoff(64)).isZero();
    }

    @Test
    void aRetryNumberBelowOneIsRefusedNamingIt() {
        // given
        RetryPolicy policy = RetryPolicy.ofDefaults();

        // when / then
        assertThatThrownBy(() -> policy.backoff(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retry must be >= 1, was 0");
    }

    @Test
    void aMaxBackoffBeyondTheNanosecondRangeDoesNotOverflow() {
        // given: a cap meaning "no cap"
        RetryPolicy policy = new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofDays(200_000), 0);

        // when
        Duration backoff = policy.backoff(2);

        // then
        assertThat(backoff).isEqualTo(Duration.ofSeconds(2));
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, Integer.MIN_VALUE})
    void aNegativeRetryNumberIsRefusedNamingIt(int retry) {
        // given
        RetryPolicy policy = RetryPolicy.none();

        // when / then
        assertThatThrownBy(() -> policy.backoff(retry))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retry must be >= 1, was " + retry);
    }

    @Test
    void aMaxBackoffBeyondTheNanosecondRangeStillCapsTheBackoff() {
        // given: one second doubling to a cap of ~548 years
        RetryPolicy policy = new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofDays(200_000), 0);

        // when / then
        assertThat(policy.backoff(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(policy.backoff(35)).isEqualTo(Duration.ofSeconds(1L << 34)); // ~198,841 days
        assertThat(policy.backoff(36)).isEqualTo(Duration.ofDays(200_000));
        assertThat(policy.backoff(Integer.MAX_VALUE)).isEqualTo(Duration.ofDays(200_000));
    }

    @Test
    void backoffsBeyondTheNanosecondRangeAreExact() {
        // given: both bounds beyond ~292 years
        RetryPolicy policy = new RetryPolicy(3, Duration.ofDays(150_000), Duration.ofDays(500_000), 0);

        // when / then
        assertThat(policy.backoff(1)).isEqualTo(Duration.ofDays(150_000));
        assertThat(policy.backoff(2)).isEqualTo(Duration.ofDays(300_000));
        assertThat(policy.backoff(3)).isEqualTo(Duration.ofDays(500_000));
    }

    @Test
    void theLongestDurationsDoNotOverflow() {
        // given
        Duration longest = Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);
        RetryPolicy policy = new RetryPolicy(3, Duration.ofNanos(1), longest, 0);
        RetryPolicy flat = new RetryPolicy(3, longest, longest, 0);

        // when / then
        assertThat(policy.backoff(64)).isEqualTo(Duration.ofNanos(1L << 62).multipliedBy(2));
        assertThat(policy.backoff(Integer.MAX_VALUE)).isEqualTo(longest);
        assertThat(flat.backoff(1)).isEqualTo(longest);
        assertThat(flat.backoff(Integer.MAX_VALUE)).isEqualTo(longest);
    }

    @Test
    void zeroInitialBackoffNeverWaitsWhateverTheCap() {
        // given
        RetryPolicy policy = new RetryPolicy(5, Duration.ZERO, Duration.ofDays(200_000), 0);

        // when / then
        assertThat(policy.backoff(1)).isZero();
        assertThat(policy.backoff(Integer.MAX_VALUE)).isZero();
    }

    @Property
    void backoffIsMonotonicAndCapped(@ForAll @IntRange(min = 1, max = 200) int retry,
            @ForAll @LongRange(min = 0, max = 10_000_000_000L) long initialNanos,
            @ForAll @LongRange(min = 0, max = 100_000_000_000L) long extraNanos) {
        // given
        Duration initial = Duration.ofNanos(initialNanos);
        Duration max = initial.plusNanos(extraNanos);
        RetryPolicy policy = new RetryPolicy(3, initial, max, 0.5);

        // when
        Duration current = policy.backoff(retry);
        Duration next = policy.backoff(retry + 1);

        // then
        assertThat(current).isBetween(initial, max);
        assertThat(next).isGreaterThanOrEqualTo(current).isLessThanOrEqualTo(max);
        assertThat(next).isIn(max, current.multipliedBy(2));
    }

    @Property
    void backoffIsInitialTimesAPowerOfTwoUntilTheCap(@ForAll @IntRange(min = 1, max = 40) int retry,
            @ForAll @LongRange(min = 1, max = 1_000_000_000L) long initialNanos) {
        // given
        RetryPolicy policy = new RetryPolicy(3, Duration.ofNanos(initialNanos), Duration.ofDays(1000), 0);
        java.math.BigInteger uncapped = java.math.BigInteger.valueOf(initialNanos).shiftLeft(retry - 1);
        java.math.BigInteger cap = java.math.BigInteger.valueOf(Duration.ofDays(1000).toNanos());

        // when
        Duration backoff = policy.backoff(retry);

        // then
        assertThat(java.math.BigInteger.valueOf(backoff.toNanos())).isEqualTo(uncapped.min(cap));
    }

    @Test
    void negativeMaxRetriesIsRefusedNamingTheFieldAndValue() {
        // when / then
        assertThatThrownBy(() -> new RetryPolicy(-1, Duration.ZERO, Duration.ZERO, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("RetryPolicy.maxRetries must be >= 0, was -1");
    }

    @Test
    void negativeInitialBackoffIsRefusedNamingTheFieldAndValue() {
        // when / then
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ofMillis(-5), Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("RetryPolicy.initialBackoff must be >= 0, was PT-0.005S");
    }

    @Test
    void maxBackoffBelowInitialBackoffIsRefusedNamingBoth() {
        // when / then
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ofSeconds(2), Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("RetryPolicy.maxBackoff must be >= initialBackoff (PT2S), was PT1S");
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.01, 1.01, Double.NaN, Double.POSITIVE_INFINITY})
    void jitterOutsideZeroToOneIsRefusedNamingTheValue(double jitter) {
        // when / then
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ZERO, Duration.ZERO, jitter))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("RetryPolicy.jitter must be in [0, 1], was " + jitter);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, 1.0})
    void jitterAtTheBoundsIsAccepted(double jitter) {
        // when
        RetryPolicy policy = new RetryPolicy(1, Duration.ZERO, Duration.ZERO, jitter);

        // then
        assertThat(policy.jitter()).isEqualTo(jitter);
    }

    @Test
    void nullDurationsAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new RetryPolicy(1, null, Duration.ZERO, 0))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("RetryPolicy.initialBackoff must not be null");
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ZERO, null, 0))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("RetryPolicy.maxBackoff must not be null");
    }

    @Test
    void aRetryAfterLongerThanTheBackoffIsTheWait() {
        // given: a backoff of 100 ms without jitter
        RetryPolicy policy = new RetryPolicy(3, Duration.ofMillis(100), Duration.ofMillis(100), 0);

        // when
        long wait = policy.delayNanos(1, new java.util.SplittableRandom(1), Duration.ofSeconds(2));

        // then
        assertThat(wait).isEqualTo(Duration.ofSeconds(2).toNanos());
    }

    @Test
    void aRetryAfterShorterThanTheBackoffLeavesTheBackoff() {
        // given
        RetryPolicy policy = new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofSeconds(1), 0);

        // when
        long wait = policy.delayNanos(1, new java.util.SplittableRandom(1), Duration.ofMillis(10));

        // then
        assertThat(wait).isEqualTo(Duration.ofSeconds(1).toNanos());
    }

    @Test
    void noRetryAfterIsTheJitteredBackoff() {
        // given: the same seed twice
        RetryPolicy policy = new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofSeconds(4), 0.5);

        // when
        long withoutHint = policy.delayNanos(2, new java.util.SplittableRandom(7), null);
        long plain = policy.delayNanos(2, new java.util.SplittableRandom(7));

        // then
        assertThat(withoutHint).isEqualTo(plain).isBetween(Duration.ofSeconds(1).toNanos(), Duration.ofSeconds(2).toNanos());
    }

    @Test
    void aRetryAfterBeyondTheNanosecondRangeIsTheLongestWait() {
        // given
        RetryPolicy policy = RetryPolicy.ofDefaults();

        // when
        long wait = policy.delayNanos(1, new java.util.SplittableRandom(1), Duration.ofDays(200_000));

        // then
        assertThat(wait).isEqualTo(Long.MAX_VALUE);
    }
}
