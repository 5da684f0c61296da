package dev.terminus.springai.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A provider's error, read leniently from its body: OpenAI's {@code {"error": {"message", "type", "code"}}},
 * Anthropic's {@code {"type": "error", "error": {"type", "message"}}}, a bare {@code {"error": "..."}} or
 * {@code {"message": ...}}, or plain text.
 *
 * @param message the provider's message; the body itself (cut at 500 characters) when it is not JSON
 * @param type the error's type ({@code rate_limit_error}, {@code invalid_request_error}, ...), if any
 * @param code the error's code ({@code context_length_exceeded}, {@code content_filter}, ...), if any
 */
record ProviderError(String message, @Nullable String type, @Nullable String code) {
    private static final int MAX_TEXT = 500;

    /**
     * @param body the HTTP response body, or null
     * @return what it says
     */
    static ProviderError parse(@Nullable String body) {
        JsonNode tree = Json.readTree(body);
        if (body == null || tree == null || !tree.isObject()) {
            return new ProviderError(body == null ? "" : cut(body.strip()), null, null);
        }
        JsonNode error = tree.get("error");
        if (error != null && error.isObject()) {
            String message = Json.text(error, "message");
            return new ProviderError(message == null ? cut(body.strip()) : message, Json.text(error, "type"),
                    Json.text(error, "code"));
        }
        if (error != null && error.isTextual()) {
            return new ProviderError(error.asText(), null, null);
        }
        String message = Json.text(tree, "message");
        return new ProviderError(message == null ? cut(body.strip()) : message, null, null);
    }

    /** @return {@code " (type/code): message"}, or {@code ": message"}, or empty, to follow the status */
    String summary() {
        String kind = type != null && code != null ? type + "/" + code : type != null ? type : code;
        return (kind == null ? "" : " (" + kind + ")") + (message.isEmpty() ? "" : ": " + message);
    }

    /** @return whether the provider blocked the prompt or the answer with its content filter */
    boolean isContentFilter() {
        return "content_filter".equals(code) || "content_policy_violation".equals(code)
                || "content_filter".equals(type)
                || message.toLowerCase(Locale.ROOT).contains("content management policy");
    }

    private static String cut(String text) {
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT) + "...";
    }
}
