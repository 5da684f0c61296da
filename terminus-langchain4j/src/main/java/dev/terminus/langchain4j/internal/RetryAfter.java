package dev.terminus.langchain4j.internal;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads how long a provider asked to wait before the next call, from the response headers of an error:
 * {@code retry-after-ms} (milliseconds, which OpenAI sends beside the other), else {@code Retry-After} as seconds
 * ({@code 20}, or {@code 1.5} as some servers send) or as an HTTP date (RFC 9110). A date in the past is no wait;
 * a value that is neither is ignored, as if the header were absent.
 */
final class RetryAfter {
    private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Long.MAX_VALUE / 1_000_000_000L);

    private RetryAfter() {}

    /**
     * @param headers the response headers (names in any case)
     * @param now the time a date is counted from
     * @return the wait, or null when the headers ask for none that can be read
     */
    static @Nullable Duration of(Map<String, List<String>> headers, Instant now) {
        String millis = header(headers, "retry-after-ms");
        Duration wait = millis == null ? null : number(millis, BigDecimal.valueOf(1_000));
        if (wait != null) {
            return wait;
        }
        String value = header(headers, "retry-after");
        if (value == null) {
            return null;
        }
        Duration seconds = number(value, BigDecimal.ONE);
        return seconds != null ? seconds : date(value, now);
    }

    private static @Nullable String header(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            if (header.getKey() != null && header.getKey().equalsIgnoreCase(name) && !header.getValue().isEmpty()) {
                return header.getValue().getFirst().strip();
            }
        }
        return null;
    }

    /** A non-negative number of units per second, or null. */
    private static @Nullable Duration number(String text, BigDecimal perSecond) {
        if (text.isEmpty() || text.length() > 32 || !text.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9')) {
            return null;
        }
        try {
            BigDecimal seconds = new BigDecimal(text).divide(perSecond);
            return seconds.compareTo(MAX_SECONDS) > 0 ? Duration.ofSeconds(MAX_SECONDS.longValueExact())
                    : Duration.ofNanos(seconds.movePointRight(9).longValue());
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static @Nullable Duration date(String text, Instant now) {
        try {
            Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
