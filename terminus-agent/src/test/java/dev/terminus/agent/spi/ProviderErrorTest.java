package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A provider's error body, read leniently, and the failure it means to the loop. */
class ProviderErrorTest {

    @Test
    void openAisErrorObjectGivesItsMessageTypeAndCode() {
        // given
        String body = "{\"error\": {\"message\": \"Rate limit reached\", \"type\": \"requests\", \"code\": \"rate_limit_exceeded\"}}";

        // when
        ProviderError error = ProviderError.parse(body);

        // then
        assertThat(error).isEqualTo(new ProviderError("Rate limit reached", "requests", "rate_limit_exceeded"));
        assertThat(error.summary()).isEqualTo(" (requests/rate_limit_exceeded): Rate limit reached");
    }

    @Test
    void aBareErrorStringAMessageFieldAndPlainTextAreEachItsMessage() {
        // when / then
        assertThat(ProviderError.parse("{\"error\": \"model not found\"}").message()).isEqualTo("model not found");
        assertThat(ProviderError.parse("{\"message\": \"bad gateway\"}").message()).isEqualTo("bad gateway");
        assertThat(ProviderError.parse("  upstream timed out \n").message()).isEqualTo("upstream timed out");
        assertThat(ProviderError.parse("{\"a\":1}{\"b\":2}").message()).isEqualTo("{\"a\":1}{\"b\":2}");
        assertThat(ProviderError.parse(null).summary()).isEmpty();
        assertThat(ProviderError.parse("x".repeat(600)).message()).hasSize(503).endsWith("...");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "401, AuthenticationFailed", "403, AuthenticationFailed", "429, RateLimited", "408, Timeout",
        "500, ServerError", "529, ServerError", "413, ContextLengthExceeded", "404, ClientError", "422, ClientError"})
    void aStatusMeansItsFailure(int status, String failure) {
        // given
        ProviderError error = ProviderError.parse("{\"error\": {\"message\": \"no\"}}");

        // when
        ModelException classified = error.forStatus(status, "HTTP " + status, null, null);

        // then
        assertThat(classified).isNotNull();
        assertThat(classified.getClass().getSimpleName()).isEqualTo(failure);
        assertThat(classified).hasMessage("HTTP " + status);
    }

    @Test
    void aRateLimitAndAServerErrorKeepTheProvidersRetryAfterAndAStatusBelow400MeansNothing() {
        // given
        ProviderError error = ProviderError.parse("slow down");
        RuntimeException thrown = new RuntimeException("client");

        // when / then
        assertThat(error.forStatus(429, "HTTP 429", Duration.ofSeconds(3), thrown).retryAfter())
                .isEqualTo(Duration.ofSeconds(3));
        assertThat(error.forStatus(503, "HTTP 503", Duration.ofSeconds(1), thrown)).hasCause(thrown)
                .extracting(ModelException::retryAfter).isEqualTo(Duration.ofSeconds(1));
        assertThat(error.forStatus(200, "HTTP 200", null, thrown)).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens|130532|128000",
        "This model's maximum context length is 8,192 tokens, you requested 9,000 tokens (8000 in the messages, 1000 in the completion)|8000|8192",
        "prompt is too long: 208491 tokens > 200000 maximum|208491|200000",
        "input length and `max_tokens` exceed context limit: 197626 + 8192 > 200000|197626|200000"})
    void aPromptTooLongIsAContextLengthFailureWithTheNumbersItsMessageGives(String message, long prompt, long window) {
        // given
        ProviderError error = new ProviderError(message, "invalid_request_error", null);

        // when
        ModelException classified = error.forStatus(400, "HTTP 400", null, null);

        // then
        assertThat(classified).isInstanceOfSatisfying(ModelException.ContextLengthExceeded.class, tooLong -> {
            assertThat(tooLong.promptTokens()).isEqualTo(prompt);
            assertThat(tooLong.contextWindow()).isEqualTo(window);
        });
    }

    @Test
    void aContentFilterIsARefusalAndAnUnknownMessageIsNoContextLengthFailure() {
        // when / then
        assertThat(new ProviderError("blocked", null, "content_filter").forStatus(400, "HTTP 400", null, null))
                .isInstanceOfSatisfying(ModelException.Refused.class,
                        refused -> assertThat(refused.reason()).isEqualTo("content_filter"));
        assertThat(ProviderError.contextLengthExceeded("unknown model", null, "HTTP 400", null)).isNull();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "server_error, ServerError", "api_error, ServerError", "overloaded_error, ServerError",
        "rate_limit_error, RateLimited", "rate_limit_exceeded, RateLimited"})
    void aStreamsErrorEventMeansWhatTheSameErrorDoesAsAStatus(String type, String failure) {
        // when
        ModelException classified = new ProviderError("oops", type, null).forStreamEvent("event", null);

        // then
        assertThat(classified).isNotNull();
        assertThat(classified.getClass().getSimpleName()).isEqualTo(failure);
    }

    @Test
    void anOverloadedStreamIsAServerErrorOfItsOwnStatusAndAnUnknownEventIsLeftToTheAdapter() {
        // when / then
        assertThat(new ProviderError("busy", "overloaded_error", null).forStreamEvent("event", null))
                .isInstanceOfSatisfying(ModelException.ServerError.class, e -> assertThat(e.status()).isEqualTo(529));
        assertThat(new ProviderError("odd", "something_else", null).forStreamEvent("event", null)).isNull();
    }

    @Test
    void aNullMessageIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> new ProviderError(null, null, null))
                .hasMessageContaining("ProviderError.message");
    }
}
