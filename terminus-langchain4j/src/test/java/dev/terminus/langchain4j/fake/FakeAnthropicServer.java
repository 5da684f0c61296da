package dev.terminus.langchain4j.fake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Anthropic's Messages API on loopback: {@code POST /v1/messages}, answered with queued messages (content blocks
 * {@code text} and {@code tool_use}, {@code stop_reason}, {@code usage} with the cache counts) or errors
 * ({@code {"type": "error", "error": {"type", "message"}}} with the HTTP status).
 */
public final class FakeAnthropicServer extends FakeServer {
    /** The path LangChain4j's Anthropic client posts to, under the base URL {@link #baseUrl()}. */
    public static final String PATH = "/v1/messages";

    public FakeAnthropicServer() {
        super(PATH);
    }

    /** @return the base URL to give the client: {@code http://127.0.0.1:PORT/v1/} */
    public String baseUrl() {
        return origin() + "/v1/";
    }

    /**
     * Token usage as Anthropic reports it: {@code input_tokens} leaves the cache out.
     *
     * @param input the input tokens neither read from nor written to the cache
     * @param output the output tokens
     * @param cacheRead the input tokens read from the cache
     * @param cacheCreation the input tokens written to the cache
     */
    public record Tokens(int input, int output, int cacheRead, int cacheCreation) {
        Map<String, Object> json() {
            return Map.of("input_tokens", input, "output_tokens", output, "cache_read_input_tokens", cacheRead,
                    "cache_creation_input_tokens", cacheCreation);
        }
    }

    /** A text answer. */
    public static Canned text(String text, String stopReason, Tokens tokens) {
        return message(List.of(Map.of("type", "text", "text", text)), stopReason, tokens);
    }

    /**
     * An answer that calls tools.
     *
     * @param calls id, name and input (JSON text of an object) of each call, three strings each
     */
    public static Canned toolUses(Tokens tokens, String... calls) {
        List<Map<String, Object>> content = new ArrayList<>();
        for (int i = 0; i < calls.length; i += 3) {
            Object input;
            try {
                input = JSON.readValue(calls[i + 2], Object.class);
            } catch (Exception e) {
                throw new IllegalArgumentException("not JSON: " + calls[i + 2], e);
            }
            content.add(Map.of("type", "tool_use", "id", calls[i], "name", calls[i + 1], "input", input));
        }
        return message(content, "tool_use", tokens);
    }

    /** An error, as Anthropic sends it. */
    public static Canned error(int status, String type, String message) {
        return new Canned(status, json(Map.of("type", "error", "error", Map.of("type", type, "message", message))), 0);
    }

    private static Canned message(List<Map<String, Object>> content, String stopReason, Tokens tokens) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", "msg_1");
        body.put("type", "message");
        body.put("role", "assistant");
        body.put("model", "claude-sonnet-4-5");
        body.put("content", content);
        body.put("stop_reason", stopReason);
        body.put("stop_sequence", null);
        body.put("usage", tokens.json());
        return new Canned(200, json(body), 0);
    }
}
