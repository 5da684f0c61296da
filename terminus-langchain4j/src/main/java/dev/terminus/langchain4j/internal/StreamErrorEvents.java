package dev.terminus.langchain4j.internal;

import dev.langchain4j.model.anthropic.internal.api.AnthropicStreamingException;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ProviderError;
import org.jspecify.annotations.Nullable;

/**
 * An error event in the middle of a provider's stream, classified as the same error is when it comes as a whole
 * answer's status: Anthropic's {@code event: error} with {@code overloaded_error} as its 529 ({@link
 * ModelException.ServerError}), {@code api_error} as its 500, {@code rate_limit_error} as its 429
 * ({@link ModelException.RateLimited}). LangChain4j's Anthropic client hands such an event to the handler as an
 * {@code AnthropicStreamingException}; it is recognized by its name, so that nothing here loads
 * {@code langchain4j-anthropic}, an optional dependency, unless one was thrown.
 */
final class StreamErrorEvents {
    private static final String ANTHROPIC = "dev.langchain4j.model.anthropic.internal.api.AnthropicStreamingException";
    private static final int MAX_DEPTH = 32;

    private StreamErrorEvents() {}

    /**
     * @param error what the provider's client handed the handler
     * @param secret the API key to keep out of the message, or null
     * @return the classified failure, or null when it is no error event this knows
     */
    static @Nullable ModelException classify(Throwable error, @Nullable String secret) {
        int depth = 0;
        for (Throwable e = error; e != null && depth < MAX_DEPTH; e = e.getCause(), depth++) {
            if (e.getClass().getName().equals(ANTHROPIC)) {
                String type = Anthropic.type(e);
                String message = Errors.redact("the provider's stream sent an error event (" + type + "): "
                        + e.getMessage(), secret);
                String text = e.getMessage() == null ? "" : e.getMessage();
                return new ProviderError(text, type, null).forStreamEvent(message, Errors.causeOf(error, secret));
            }
        }
        return null;
    }

    /** Reads Anthropic's exception; loaded only when one was thrown. */
    private static final class Anthropic {
        static @Nullable String type(Throwable error) {
            return ((AnthropicStreamingException) error).type();
        }
    }
}
