package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.anthropic.internal.api.AnthropicStreamingException;
import dev.terminus.agent.spi.ModelException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StreamErrorEventsTest {
    private static final String KEY = "sk-secret-0123456789";

    @ParameterizedTest
    @CsvSource({"overloaded_error, ServerError", "api_error, ServerError", "rate_limit_error, RateLimited"})
    void anAnthropicErrorEventMidStreamIsClassifiedAsTheSameErrorsStatusAndRetried(String type, String expected) {
        // given: what LangChain4j's Anthropic client hands the handler for an event: error
        RuntimeException error = new AnthropicStreamingException("Overloaded", type);

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified.getClass().getSimpleName()).isEqualTo(expected);
        assertThat(((ModelException) classified).isRetryable()).isTrue();
        assertThat(classified).hasMessage("the provider's stream sent an error event (" + type + "): Overloaded")
                .hasCause(error);
    }

    @Test
    void anErrorEventOfAnotherTypeIsLeftAsItWasThrown() {
        // given
        RuntimeException error = new AnthropicStreamingException("messages: field required", "invalid_request_error");

        // when
        Exception classified = Errors.classify(error, null);

        // then
        assertThat(classified).isSameAs(error);
    }

    @Test
    void theApiKeyIsCutOutOfAnErrorEventsMessage() {
        // given
        RuntimeException error = new AnthropicStreamingException("bad key " + KEY, "overloaded_error");

        // when
        Exception classified = Errors.classify(error, KEY);

        // then
        assertThat(classified.getMessage()).doesNotContain(KEY).contains("[redacted]");
        assertThat(classified.getCause()).isNull();
    }
}
