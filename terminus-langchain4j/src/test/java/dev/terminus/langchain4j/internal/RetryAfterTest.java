package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {
    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");

    @Test
    void secondsAreTheWait() {
        // when
        Duration wait = RetryAfter.of(Map.of("Retry-After", List.of("20")), NOW);

        // then
        assertThat(wait).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void fractionalSecondsAreKept() {
        // when
        Duration wait = RetryAfter.of(Map.of("retry-after", List.of("1.5")), NOW);

        // then
        assertThat(wait).isEqualTo(Duration.ofMillis(1_500));
    }

    @Test
    void retryAfterMsComesFirst() {
        // given: OpenAI's pair of headers
        Map<String, List<String>> headers = Map.of("retry-after-ms", List.of("250"), "retry-after", List.of("1"));

        // when
        Duration wait = RetryAfter.of(headers, NOW);

        // then
        assertThat(wait).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void anHttpDateIsTheTimeUntilThen() {
        // when
        Duration wait = RetryAfter.of(Map.of("Retry-After", List.of("Sun, 01 Jun 2025 12:00:30 GMT")), NOW);

        // then
        assertThat(wait).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void anHttpDateInThePastIsNoWait() {
        // when
        Duration wait = RetryAfter.of(Map.of("Retry-After", List.of("Sun, 01 Jun 2025 11:00:00 GMT")), NOW);

        // then
        assertThat(wait).isEqualTo(Duration.ZERO);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-5", "soon", "1e3", "1.2.3", ".", "99999999999999999999999999999999999"})
    void aValueThatIsNeitherSecondsNorADateIsIgnored(String value) {
        // when
        Duration wait = RetryAfter.of(Map.of("Retry-After", List.of(value)), NOW);

        // then
        assertThat(wait).isNull();
    }

    @Test
    void aHugeNumberOfSecondsIsCappedInsteadOfOverflowing() {
        // when
        Duration wait = RetryAfter.of(Map.of("Retry-After", List.of("99999999999999999999")), NOW);

        // then
        assertThat(wait).isEqualTo(Duration.ofSeconds(Long.MAX_VALUE / 1_000_000_000L));
    }

    @Test
    void noHeaderIsNoWait() {
        // when
        Duration wait = RetryAfter.of(Map.of("Content-Type", List.of("application/json")), NOW);

        // then
        assertThat(wait).isNull();
    }
}
