package dev.terminus.langchain4j.fake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenAI's chat completions API on loopback: {@code POST /v1/chat/completions}, answered with queued completions
 * ({@code choices[0].message} with {@code content} or {@code tool_calls}, {@code finish_reason}, {@code usage} with
 * its token details) or errors ({@code {"error": {"message", "type", "code"}}} with the HTTP status).
 */
public final class FakeOpenAiServer extends FakeServer {
    /** The path LangChain4j's OpenAI client posts to, under the base URL {@link #baseUrl()}. */
    public static final String PATH = "/v1/chat/completions";

    public FakeOpenAiServer() {
        super(PATH);
    }

    /** @return the base URL to give the client: {@code http://127.0.0.1:PORT/v1} */
    public String baseUrl() {
        return origin() + "/v1";
    }

    /**
     * Token usage as OpenAI reports it.
     *
     * @param prompt prompt tokens, cached ones included
     * @param completion completion tokens, reasoning ones included
     * @param cached the cached part of the prompt
     * @param reasoning the reasoning part of the completion
     */
    public record Tokens(int prompt, int completion, int cached, int reasoning) {
        Map<String, Object> json() {
            return Map.of("prompt_tokens", prompt, "completion_tokens", completion, "total_tokens", prompt + completion,
                    "prompt_tokens_details", Map.of("cached_tokens", cached),
                    "completion_tokens_details", Map.of("reasoning_tokens", reasoning));
        }
    }

    /** A text answer. */
    public static Canned text(String content, String finishReason, Tokens tokens) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", "assistant");
        message.put("content", content);
        return completion(message, finishReason, tokens);
    }

    /** A refusal (structured outputs): no content, the refusal's text in {@code message.refusal}. */
    public static Canned refusal(String refusal, Tokens tokens) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", "assistant");
        message.put("content", null);
        message.put("refusal", refusal);
        return completion(message, "stop", tokens);
    }

    /**
     * An answer that calls tools.
     *
     * @param calls id, name and arguments (JSON text) of each call, three strings each
     */
    public static Canned toolCalls(Tokens tokens, String... calls) {
        List<Map<String, Object>> toolCalls = new ArrayList<>();
        for (int i = 0; i < calls.length; i += 3) {
            toolCalls.add(Map.of("id", calls[i], "type", "function",
                    "function", Map.of("name", calls[i + 1], "arguments", calls[i + 2])));
        }
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", "assistant");
        message.put("content", null);
        message.put("tool_calls", toolCalls);
        return completion(message, "tool_calls", tokens);
    }

    /** An error, as OpenAI sends it. */
    public static Canned error(int status, String message, String type, String code) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type);
        error.put("param", null);
        error.put("code", code);
        return new Canned(status, json(Map.of("error", error)), 0);
    }

    private static Canned completion(Map<String, Object> message, String finishReason, Tokens tokens) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("message", message);
        choice.put("finish_reason", finishReason);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", "chatcmpl-1");
        body.put("object", "chat.completion");
        body.put("created", 1_700_000_000);
        body.put("model", "gpt-4o-mini");
        body.put("choices", List.of(choice));
        body.put("usage", tokens.json());
        return new Canned(200, json(body), 0);
    }
}
