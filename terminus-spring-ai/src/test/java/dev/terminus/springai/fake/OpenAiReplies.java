package dev.terminus.springai.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.springai.fake.LoopbackOpenAi.Reply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenAI's answers as its API sends them: completions ({@code choices[0].message} with {@code content},
 * {@code refusal} or {@code tool_calls}, {@code finish_reason}, {@code usage}), errors
 * ({@code {"error": {"message", "type", "code"}}} with the HTTP status), and streams of
 * {@code chat.completion.chunk}s ending with a usage chunk and {@code [DONE]}.
 */
public final class OpenAiReplies {
    private OpenAiReplies() {}

    /**
     * Token usage as OpenAI reports it.
     *
     * @param prompt prompt tokens, cached ones included
     * @param completion completion tokens
     * @param cached the cached part of the prompt
     */
    public record Tokens(int prompt, int completion, int cached) {
        Map<String, Object> json() {
            return Map.of("prompt_tokens", prompt, "completion_tokens", completion, "total_tokens", prompt + completion,
                    "prompt_tokens_details", Map.of("cached_tokens", cached));
        }
    }

    /** A text answer. */
    public static Reply text(String content, String finishReason, Tokens tokens) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", "assistant");
        message.put("content", content);
        return completion(message, finishReason, tokens);
    }

    /** A refusal: no content, the refusal's text in {@code message.refusal}. */
    public static Reply refusal(String refusal, Tokens tokens) {
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
    public static Reply toolCalls(Tokens tokens, String... calls) {
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
    public static Reply error(int status, String message, String type, String code) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type);
        error.put("param", null);
        error.put("code", code);
        return new Reply(status, json(Map.of("error", error)), null, false);
    }

    /**
     * A streamed text answer: one chunk per piece, a last chunk with the finish reason, a usage chunk (no choices),
     * then {@code [DONE]}.
     */
    public static Reply streamedText(String finishReason, Tokens tokens, String... pieces) {
        List<String> events = new ArrayList<>();
        events.add(chunk(Map.of("role", "assistant", "content", ""), null));
        for (String piece : pieces) {
            events.add(chunk(Map.of("content", piece), null));
        }
        events.add(chunk(Map.of(), finishReason));
        Map<String, Object> usage = head();
        usage.put("choices", List.of());
        usage.put("usage", tokens.json());
        events.add(json(usage));
        events.add("[DONE]");
        return new Reply(200, "", events, false);
    }

    /** The first pieces of a streamed text answer, with no end: stall it to keep its connection open. */
    public static Reply streamedStart(String... pieces) {
        List<String> events = new ArrayList<>();
        events.add(chunk(Map.of("role", "assistant", "content", ""), null));
        for (String piece : pieces) {
            events.add(chunk(Map.of("content", piece), null));
        }
        return new Reply(200, "", events, false);
    }

    private static String chunk(Map<String, Object> delta, String finishReason) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finishReason);
        Map<String, Object> chunk = head();
        chunk.put("choices", List.of(choice));
        return json(chunk);
    }

    private static Map<String, Object> head() {
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("id", "chatcmpl-1");
        head.put("object", "chat.completion.chunk");
        head.put("created", 1_700_000_000);
        head.put("model", "gpt-4o-mini");
        return head;
    }

    private static Reply completion(Map<String, Object> message, String finishReason, Tokens tokens) {
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
        return new Reply(200, json(body), null, false);
    }

    private static String json(Object value) {
        try {
            return LoopbackOpenAi.JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
