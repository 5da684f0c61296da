package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParseException;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.terminus.agent.spi.ModelException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ErrorsTest {
    private static final String KEY = "sk-secret-0123456789";

    /** What LangChain4j throws for an HTTP error: its typed exception around the status and the body. */
    private static RuntimeException http(int status, String body) {
        return new InvalidRequestException(new HttpException(status, body));
    }

    private static String openAi(String message, String type, String code) {
        return "{\"error\":{\"message\":\"" + message + "\",\"type\":\"" + type + "\",\"param\":null,\"code\":\""
                + code + "\"}}";
    }

    private static String anthropic(String type, String message) {
        return "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":\"" + message + "\"}}";
    }

    @ParameterizedTest
    @ValueSource(ints = {401, 403})
    void a401Or403IsAnAuthenticationFailureWithItsStatus(int status) {
        // given
        RuntimeException error = new AuthenticationException(new HttpException(status,
                anthropic("authentication_error", "invalid x-api-key")));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.AuthenticationFailed.class)
                .hasMessage("HTTP " + status + " (authentication_error): invalid x-api-key").hasCause(error);
        assertThat(((ModelException.AuthenticationFailed) classified).status()).isEqualTo(status);
    }

    @Test
    void theApiKeyIsCutOutOfTheMessageAndTheCauseThatHoldsItIsLeftOut() {
        // given
        RuntimeException error = new AuthenticationException(new HttpException(401,
                openAi("Incorrect API key provided: " + KEY + ".", "invalid_request_error", "invalid_api_key")));

        // when
        Exception classified = Errors.classify(error, KEY);

        // then
        assertThat(classified).hasMessage("HTTP 401 (invalid_request_error/invalid_api_key): Incorrect API key "
                + "provided: [redacted].").hasNoCause();
    }

    @Test
    void a429IsRateLimited() {
        // given
        RuntimeException error = new RateLimitException(new HttpException(429,
                anthropic("rate_limit_error", "slow down")));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.RateLimited.class)
                .hasMessage("HTTP 429 (rate_limit_error): slow down");
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 503, 529})
    void a5xxIsAServerErrorWithItsStatus(int status) {
        // given
        RuntimeException error = new InternalServerException(new HttpException(status,
                anthropic("overloaded_error", "Overloaded")));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.ServerError.class)
                .hasMessage("HTTP " + status + " (overloaded_error): Overloaded");
        assertThat(((ModelException.ServerError) classified).status()).isEqualTo(status);
    }

    @Test
    void aBodyThatIsNotJsonIsQuotedInTheMessage() {
        // given
        RuntimeException error = new InternalServerException(new HttpException(502, "<html>Bad gateway</html>"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).hasMessage("HTTP 502: <html>Bad gateway</html>");
    }

    @Test
    void aBareErrorStringIsTheMessage() {
        // given: what some OpenAI-compatible servers send
        RuntimeException error = new InternalServerException(new HttpException(500, "{\"error\":\"model crashed\"}"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).hasMessage("HTTP 500: model crashed");
    }

    @Test
    void a408IsATimeout() {
        // given
        RuntimeException error = new TimeoutException(new HttpException(408, "{\"message\":\"request timeout\"}"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.Timeout.class).hasMessage("HTTP 408: request timeout");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens.|130532|128000",
        "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion).|4000|4096",
        "Input tokens exceed the configured limit of 272000 tokens. Your messages resulted in 300000 tokens.|300000|272000",
        "Your input is too long.|-|-"
    })
    void anOpenAiContextLengthErrorCarriesTheNumbersItsMessageGives(String message, Long prompt, Long window) {
        // given
        RuntimeException error = http(400, openAi(message, "invalid_request_error", "context_length_exceeded"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.ContextLengthExceeded.class)
                .hasMessage("HTTP 400 (invalid_request_error/context_length_exceeded): " + message);
        ModelException.ContextLengthExceeded tooLong = (ModelException.ContextLengthExceeded) classified;
        assertThat(tooLong.promptTokens()).isEqualTo(prompt);
        assertThat(tooLong.contextWindow()).isEqualTo(window);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "prompt is too long: 208491 tokens > 200000 maximum|208491|200000",
        "input length and `max_tokens` exceed context limit: 197626 + 8192 > 200000, decrease input length|197626|200000"
    })
    void anAnthropicPromptTooLongErrorCarriesTheNumbersItsMessageGives(String message, long prompt, long window) {
        // given
        RuntimeException error = http(400, anthropic("invalid_request_error", message));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        ModelException.ContextLengthExceeded tooLong = (ModelException.ContextLengthExceeded) classified;
        assertThat(tooLong.promptTokens()).isEqualTo(prompt);
        assertThat(tooLong.contextWindow()).isEqualTo(window);
    }

    @Test
    void a413IsAPromptTooLongWithoutNumbers() {
        // given
        RuntimeException error = http(413, anthropic("request_too_large", "Request exceeds the maximum size"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.ContextLengthExceeded.class);
        assertThat(((ModelException.ContextLengthExceeded) classified).promptTokens()).isNull();
        assertThat(((ModelException.ContextLengthExceeded) classified).contextWindow()).isNull();
    }

    @Test
    void aContentFilterErrorIsARefusal() {
        // given
        RuntimeException error = http(400, openAi("The response was filtered", "invalid_request_error",
                "content_filter"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.Refused.class);
        assertThat(((ModelException.Refused) classified).reason()).isEqualTo("content_filter");
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 404, 422})
    void anotherClientErrorIsAClientErrorNamingItsStatus(int status) {
        // given
        RuntimeException error = new ModelNotFoundException(new HttpException(status,
                openAi("The model does not exist", "invalid_request_error", "model_not_found")));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.ClientError.class)
                .hasMessage("HTTP " + status + " (invalid_request_error/model_not_found): The model does not exist")
                .hasCause(error);
        assertThat(((ModelException.ClientError) classified).status()).isEqualTo(status);
    }

    @Test
    void aClientErrorWhoseBodyEchoesTheApiKeyHasItCutOut() {
        // given
        RuntimeException error = new ModelNotFoundException(new HttpException(404,
                openAi("The model gpt-5x does not exist or you do not have access to it with key " + KEY,
                        "invalid_request_error", "model_not_found")));

        // when
        Exception classified = Errors.classify(error, KEY);

        // then
        assertThat(classified).isInstanceOf(ModelException.ClientError.class)
                .hasMessage("HTTP 404 (invalid_request_error/model_not_found): The model gpt-5x does not exist or "
                        + "you do not have access to it with key [redacted]").hasNoCause();
    }

    @Test
    void anUnclassifiedStatusIsThrownAsItWasWhenItsTextDoesNotHoldTheKey() {
        // given: a redirect, which the client does not follow
        RuntimeException error = new RuntimeException(new HttpException(302, "moved"));

        // when
        Exception classified = Errors.classify(error, KEY);

        // then
        assertThat(classified).isSameAs(error);
    }

    @Test
    void anUnclassifiedErrorWhoseTextHoldsTheKeyIsReplacedByOneWithTheKeyCutOut() {
        // given
        RuntimeException error = new IllegalStateException("cannot read the answer to Bearer " + KEY,
                new HttpException(302, "moved, key " + KEY));

        // when
        Exception classified = Errors.classify(error, KEY);

        // then
        assertThat(classified).isExactlyInstanceOf(RuntimeException.class)
                .hasMessage("IllegalStateException: cannot read the answer to Bearer [redacted]").hasNoCause();
        assertThat(classified.getStackTrace()).isEqualTo(error.getStackTrace());
    }

    @Test
    void langChain4jsTypesWithoutAStatusAreClassifiedByType() {
        // given / when / then
        assertThat(Errors.classify(new AuthenticationException("bad key"), null))
                .isInstanceOf(ModelException.AuthenticationFailed.class)
                .hasMessage("AuthenticationException: bad key")
                .satisfies(e -> assertThat(((ModelException.AuthenticationFailed) e).status()).isEqualTo(401));
        assertThat(Errors.classify(new RateLimitException("slow down"), null))
                .isInstanceOf(ModelException.RateLimited.class);
        assertThat(Errors.classify(new InternalServerException("crashed"), null))
                .isInstanceOf(ModelException.ServerError.class)
                .satisfies(e -> assertThat(((ModelException.ServerError) e).status()).isEqualTo(500));
        assertThat(Errors.classify(new ContentFilteredException("I can't help with that."), null))
                .isInstanceOf(ModelException.Refused.class)
                .hasMessage("ContentFilteredException: I can't help with that.")
                .satisfies(e -> assertThat(((ModelException.Refused) e).reason()).isEqualTo("content_filter"));
        assertThat(Errors.classify(new InvalidRequestException("prompt is too long: 10 tokens > 5 maximum"), null))
                .isInstanceOf(ModelException.ContextLengthExceeded.class)
                .satisfies(e -> assertThat(((ModelException.ContextLengthExceeded) e).promptTokens()).isEqualTo(10));
    }

    @Test
    void anHttpTimeoutIsATimeoutNamingTheDeepestCause() {
        // given: what LangChain4j's JDK client throws when the request times out
        RuntimeException error = new TimeoutException(new HttpTimeoutException("request timed out"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.Timeout.class)
                .hasMessage("the call to the provider failed: HttpTimeoutException: request timed out")
                .hasCause(error);
    }

    @Test
    void aRefusedConnectionIsATimeout() {
        // given
        RuntimeException error = new RuntimeException(new ConnectException("Connection refused"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.Timeout.class)
                .hasMessage("the call to the provider failed: ConnectException: Connection refused");
    }

    @Test
    void anInterruptIsThrownAsTheInterruptedException() {
        // given
        InterruptedException interrupt = new InterruptedException();
        RuntimeException error = new RuntimeException(interrupt);

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isSameAs(interrupt);
    }

    @Test
    void aJsonFailureIsNotMistakenForATransportFailure() {
        // given
        RuntimeException error = new RuntimeException(new JsonParseException(null, "Unexpected character"));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isSameAs(error);
    }

    @Test
    void aModelExceptionAndAnUnknownExceptionAreThrownAsTheyWere() {
        // given
        ModelException.RateLimited limited = new ModelException.RateLimited("slow down", null);
        IllegalStateException bug = new IllegalStateException("boom");

        // when / then
        assertThat(Errors.classify(limited, KEY)).isSameAs(limited);
        assertThat(Errors.classify(bug, KEY)).isSameAs(bug);
    }

    @Test
    void aRetryAfterOfA429IsCarriedAndSaid() {
        // given: what LangChain4j throws around the adapter's own HTTP error
        RuntimeException error = new RateLimitException(new ProviderHttpException(429,
                anthropic("rate_limit_error", "slow down"), java.time.Duration.ofSeconds(20)));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.RateLimited.class)
                .hasMessage("HTTP 429 (rate_limit_error): slow down (Retry-After: 20000 ms)");
        assertThat(((ModelException) classified).retryAfter()).isEqualTo(java.time.Duration.ofSeconds(20));
    }

    @Test
    void aRetryAfterOfA503IsCarried() {
        // given
        RuntimeException error = new InternalServerException(new ProviderHttpException(503,
                anthropic("overloaded_error", "Overloaded"), java.time.Duration.ofMillis(1_500)));

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.ServerError.class);
        assertThat(((ModelException) classified).retryAfter()).isEqualTo(java.time.Duration.ofMillis(1_500));
    }

    @Test
    void aRefusedConnectionIsNamedByItsConnectExceptionNotTheChannelsClosing() {
        // given: the JDK client's refusal, a ConnectException around a ClosedChannelException
        java.net.ConnectException refused = new java.net.ConnectException();
        refused.initCause(new java.nio.channels.ClosedChannelException());
        RuntimeException error = new RuntimeException(refused);

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isInstanceOf(ModelException.Timeout.class)
                .hasMessage("the call to the provider failed: java.net.ConnectException");
    }
}
