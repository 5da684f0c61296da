package dev.terminus.agent.spi;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.time.Duration;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A provider's error, read leniently from its body, and the {@link ModelException} it means: for {@link Model}s over
 * an HTTP client, so that every provider adapter classifies a status and an error body the same way. Reads OpenAI's
 * {@code {"error": {"message", "type", "code"}}}, Anthropic's {@code {"type": "error", "error": {"type", "message"}}},
 * a bare {@code {"error": "..."}} or {@code {"message": ...}} (other OpenAI-compatible servers), or plain text.
 *
 * {@snippet :
 * // given: int status; String body; Throwable thrown
 * ProviderError error = ProviderError.parse(body);
 * ModelException classified = error.forStatus(status, "HTTP " + status + error.summary(), null, thrown);
 * }
 *
 * @param message the provider's message; the body itself (cut at 500 characters) when it is not JSON
 * @param type the error's type ({@code rate_limit_error}, {@code invalid_request_error}, ...), if any
 * @param code the error's code ({@code context_length_exceeded}, {@code content_filter}, ...), if any
 */
public record ProviderError(String message, @Nullable String type, @Nullable String code) {
    private static final int MAX_TEXT = 500;
    /** Trailing tokens are refused, so {@code {"a":1}{"b":2}} is not read as its first object. */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

    /** Validates the message. */
    public ProviderError {
        if (message == null) {
            throw new IllegalArgumentException("ProviderError.message must not be null");
        }
    }

    /**
     * @param body the HTTP response body (or a stream's error event), or null
     * @return what it says
     */
    public static ProviderError parse(@Nullable String body) {
        JsonNode tree = readTree(body);
        if (body == null || tree == null || !tree.isObject()) {
            return new ProviderError(body == null ? "" : cut(body.strip()), null, null);
        }
        JsonNode error = tree.get("error");
        if (error != null && error.isObject()) {
            String message = text(error, "message");
            return new ProviderError(message == null ? cut(body.strip()) : message, text(error, "type"),
                    text(error, "code"));
        }
        if (error != null && error.isTextual()) {
            return new ProviderError(error.asText(), null, null);
        }
        String message = text(tree, "message");
        return new ProviderError(message == null ? cut(body.strip()) : message, null, null);
    }

    /** @return {@code " (type/code): message"}, or {@code ": message"}, or empty, to follow the status */
    public String summary() {
        String kind = type != null && code != null ? type + "/" + code : type != null ? type : code;
        return (kind == null ? "" : " (" + kind + ")") + (message.isEmpty() ? "" : ": " + message);
    }

    /** @return whether the provider blocked the prompt or the answer with its content filter */
    public boolean isContentFilter() {
        return "content_filter".equals(code) || "content_policy_violation".equals(code)
                || "content_filter".equals(type)
                || message.toLowerCase(Locale.ROOT).contains("content management policy");
    }

    /**
     * What an HTTP error status with this body means to the loop: 401/403 {@link ModelException.AuthenticationFailed},
     * 429 {@link ModelException.RateLimited}, 408 {@link ModelException.Timeout}, 5xx
     * {@link ModelException.ServerError}, a prompt too long for the context window (by code or the providers' words,
     * or 413) {@link ModelException.ContextLengthExceeded} with the numbers the message gives, a content filter
     * {@link ModelException.Refused} ({@code content_filter}), any other 4xx {@link ModelException.ClientError}.
     *
     * @param status the HTTP status
     * @param text the exception's message (the adapter's, e.g. with a secret cut out)
     * @param retryAfter the provider's Retry-After, or null
     * @param cause what the client threw, or null
     * @return the classified failure, or null for a status below 400
     */
    public @Nullable ModelException forStatus(int status, String text, @Nullable Duration retryAfter,
            @Nullable Throwable cause) {
        if (status < 400) {
            return null;
        }
        if (status == 401 || status == 403) {
            return new ModelException.AuthenticationFailed(status, text, cause);
        }
        if (status == 429) {
            return new ModelException.RateLimited(text, retryAfter, cause);
        }
        if (status == 408) {
            return new ModelException.Timeout(text, cause);
        }
        if (status >= 500) {
            return new ModelException.ServerError(status, text, retryAfter, cause);
        }
        ModelException.ContextLengthExceeded tooLong = contextLengthExceeded(message, code, text, cause);
        if (tooLong != null) {
            return tooLong;
        }
        if (status == 413) {
            return new ModelException.ContextLengthExceeded(null, null, text, cause);
        }
        if (isContentFilter()) {
            return new ModelException.Refused("content_filter", text, cause);
        }
        return new ModelException.ClientError(status, text, cause);
    }

    /**
     * What an error event in a stream that began {@code 200 OK} means, as the same error does when it comes as a
     * status: a prompt too long and a content filter as their 400s, OpenAI's {@code server_error} and Anthropic's
     * {@code api_error} as a 500, Anthropic's {@code overloaded_error} as its 529, a rate limit as a 429.
     *
     * @param text the exception's message
     * @param cause what the client threw, or null
     * @return the classified failure, or null for an error this does not know
     */
    public @Nullable ModelException forStreamEvent(String text, @Nullable Throwable cause) {
        ModelException.ContextLengthExceeded tooLong = contextLengthExceeded(message, code, text, cause);
        if (tooLong != null) {
            return tooLong;
        }
        if (isContentFilter()) {
            return new ModelException.Refused("content_filter", text, cause);
        }
        String kind = type != null ? type : code != null ? code : "";
        return switch (kind) {
            case "server_error", "api_error" -> new ModelException.ServerError(500, text, cause);
            case "overloaded_error" -> new ModelException.ServerError(529, text, cause);
            case "rate_limit_error", "rate_limit_exceeded", "requests", "tokens" ->
                    new ModelException.RateLimited(text, cause);
            default -> null;
        };
    }

    /**
     * A provider's refusal of a prompt too long for the model's context window, with the numbers its message gives
     * (OpenAI's and compatible servers' words and code, Anthropic's words).
     *
     * @param providerMessage the provider's error message, or null
     * @param providerCode the provider's error code, or null
     * @param text the exception's message
     * @param cause what the client threw, or null
     * @return the failure, or null when the error is not about the context window
     */
    public static ModelException.@Nullable ContextLengthExceeded contextLengthExceeded(@Nullable String providerMessage,
            @Nullable String providerCode, String text, @Nullable Throwable cause) {
        ContextLength tooLong = ContextLength.of(providerMessage, providerCode);
        return tooLong == null ? null
                : new ModelException.ContextLengthExceeded(tooLong.promptTokens(), tooLong.contextWindow(), text,
                        cause);
    }

    private static @Nullable JsonNode readTree(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return MAPPER.readTree(text);
        } catch (JacksonException e) {
            return null;
        }
    }

    private static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && (value.isTextual() || value.isNumber()) ? value.asText() : null;
    }

    private static String cut(String text) {
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT) + "...";
    }
}
