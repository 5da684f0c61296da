package dev.terminus.springai.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParseException;
import dev.terminus.agent.spi.ModelException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.ai.retry.NonTransientAiException;
import org.springframework.ai.retry.TransientAiException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.HttpServerErrorException;

/**
 * What the clients on Spring's {@code RestClient} throw, classified; the OpenAI SDK's exceptions are classified in
 * the end-to-end tests, which make the real client throw them.
 */
class ErrorsTest {

    private static HttpClientErrorException clientError(HttpStatus status, String body) {
        return HttpClientErrorException.create(status, status.getReasonPhrase(), HttpHeaders.EMPTY,
                body.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    private static String openAiError(String message, String type, String code) {
        return "{\"error\":{\"message\":\"" + message + "\",\"type\":\"" + type + "\",\"code\":\"" + code + "\"}}";
    }

    @Test
    void aRestClient401IsAnAuthenticationFailureNamingTheStatusAndTheProvidersMessage() {
        // when
        Exception classified = Errors.classify(clientError(HttpStatus.UNAUTHORIZED,
                "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}"));

        // then
        assertThat(classified).isInstanceOf(ModelException.AuthenticationFailed.class)
                .hasMessage("HTTP 401 (authentication_error): invalid x-api-key");
        assertThat(((ModelException.AuthenticationFailed) classified).status()).isEqualTo(401);
    }

    @Test
    void aRestClient429IsRateLimitedAndA503AServerErrorBothRetryable() {
        // when
        Exception limited = Errors.classify(clientError(HttpStatus.TOO_MANY_REQUESTS, "slow down"));
        Exception unavailable = Errors.classify(HttpServerErrorException.create(HttpStatus.SERVICE_UNAVAILABLE,
                "Service Unavailable", HttpHeaders.EMPTY, new byte[0], StandardCharsets.UTF_8));

        // then
        assertThat(limited).isInstanceOf(ModelException.RateLimited.class);
        assertThat(((ModelException) limited).isRetryable()).isTrue();
        assertThat(unavailable).isInstanceOf(ModelException.ServerError.class);
        assertThat(((ModelException.ServerError) unavailable).status()).isEqualTo(503);
    }

    @Test
    void aPromptTooLongIsAContextLengthErrorWithTheProvidersNumbers() {
        // when
        Exception classified = Errors.classify(clientError(HttpStatus.BAD_REQUEST, openAiError(
                "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 "
                        + "tokens.", "invalid_request_error", "context_length_exceeded")));

        // then
        assertThat(classified).isInstanceOfSatisfying(ModelException.ContextLengthExceeded.class, tooLong -> {
            assertThat(tooLong.promptTokens()).isEqualTo(130532L);
            assertThat(tooLong.contextWindow()).isEqualTo(128000L);
        });
    }

    @Test
    void aContentFilterErrorIsARefusalAndAnUnknownModelAClientError() {
        // when
        Exception filtered = Errors.classify(clientError(HttpStatus.BAD_REQUEST,
                openAiError("The response was filtered", "invalid_request_error", "content_filter")));
        Exception unknownModel = Errors.classify(clientError(HttpStatus.NOT_FOUND,
                openAiError("The model gpt-9 does not exist", "invalid_request_error", "model_not_found")));

        // then
        assertThat(filtered).isInstanceOfSatisfying(ModelException.Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo("content_filter"));
        assertThat(unknownModel).isInstanceOfSatisfying(ModelException.ClientError.class,
                error -> assertThat(error.status()).isEqualTo(404));
        assertThat(unknownModel).hasMessageContaining("The model gpt-9 does not exist");
    }

    @Test
    void springAiRetrysExceptionsAreClassifiedByTheStatusTheirMessageStartsWith() {
        // when: what Spring AI's error handler for RestClient throws, "<status> - <body>"
        Exception auth = Errors.classify(new NonTransientAiException("403 - " + openAiError("forbidden",
                "invalid_request_error", "unsupported_country")));
        Exception server = Errors.classify(new TransientAiException("502 - Bad Gateway"));

        // then
        assertThat(auth).isInstanceOfSatisfying(ModelException.AuthenticationFailed.class,
                failed -> assertThat(failed.status()).isEqualTo(403));
        assertThat(server).isInstanceOfSatisfying(ModelException.ServerError.class,
                failed -> assertThat(failed.status()).isEqualTo(502));
    }

    @Test
    void aStatusAmongTheCausesIsFoundAndABrokenConnectionIsATimeout() {
        // when
        Exception wrapped = Errors.classify(new IllegalStateException("call failed",
                clientError(HttpStatus.UNAUTHORIZED, "nope")));
        Exception refused = Errors.classify(new RuntimeException("I/O error",
                new ConnectException("Connection refused")));

        // then
        assertThat(wrapped).isInstanceOf(ModelException.AuthenticationFailed.class);
        assertThat(refused).isInstanceOf(ModelException.Timeout.class)
                .hasMessageContaining("ConnectException: Connection refused");
    }

    @Test
    void anInterruptIsAnInterruptedExceptionAndAnythingElseIsReturnedAsItWas() {
        // given
        IllegalStateException unrelated = new IllegalStateException("a bug", new JsonParseException(null, "bad"));

        // when
        Exception interrupted = Errors.classify(new RuntimeException(new InterruptedException("stop")));
        Exception asItWas = Errors.classify(unrelated);

        // then
        assertThat(interrupted).isInstanceOf(InterruptedException.class);
        assertThat(asItWas).isSameAs(unrelated);
    }
}
