package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class ModelExceptionTest {

    private static final IOException CAUSE = new IOException("connection reset");

    @Test
    void authenticationFailureIsNotRetryableAndKeepsTheStatus() {
        // when
        var e = new ModelException.AuthenticationFailed(401, "invalid api key", CAUSE);

        // then
        assertThat(e.isRetryable()).isFalse();
        assertThat(e.status()).isEqualTo(401);
        assertThat(e).hasMessage("invalid api key").hasCause(CAUSE);
    }

    @Test
    void rateLimitingIsRetryable() {
        // when
        var e = new ModelException.RateLimited("slow down", null);

        // then
        assertThat(e.isRetryable()).isTrue();
        assertThat(e).hasMessage("slow down").hasNoCause();
    }

    @Test
    void serverErrorIsRetryableAndKeepsTheStatus() {
        // when
        var e = new ModelException.ServerError(503, "overloaded", CAUSE);

        // then
        assertThat(e.isRetryable()).isTrue();
        assertThat(e.status()).isEqualTo(503);
        assertThat(e).hasCause(CAUSE);
    }

    @Test
    void timeoutIsRetryable() {
        // when
        var e = new ModelException.Timeout("read timed out", CAUSE);

        // then
        assertThat(e.isRetryable()).isTrue();
        assertThat(e).hasMessage("read timed out");
    }

    @Test
    void contextLengthExceededIsNotRetryableAndKeepsTheSizes() {
        // when
        var e = new ModelException.ContextLengthExceeded(130_000L, 128_000L, "prompt too long", null);

        // then
        assertThat(e.isRetryable()).isFalse();
        assertThat(e.promptTokens()).isEqualTo(130_000L);
        assertThat(e.contextWindow()).isEqualTo(128_000L);
    }

    @Test
    void contextLengthExceededAllowsUnknownSizes() {
        // when
        var e = new ModelException.ContextLengthExceeded(null, null, "prompt too long", null);

        // then
        assertThat(e.promptTokens()).isNull();
        assertThat(e.contextWindow()).isNull();
    }

    @Test
    void refusalIsNotRetryableAndKeepsTheReason() {
        // when
        var e = new ModelException.Refused("content_filter", "blocked", null);

        // then
        assertThat(e.isRetryable()).isFalse();
        assertThat(e.reason()).isEqualTo("content_filter");
        assertThat(e).hasMessage("blocked");
    }

    @Test
    void everyModelExceptionIsUnchecked() {
        // when
        ModelException e = new ModelException.Timeout("t", null);

        // then
        assertThat(e).isInstanceOf(RuntimeException.class);
    }
}
