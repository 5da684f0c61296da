package dev.terminus.langchain4j.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Answers as the providers stream them, in server-sent events: OpenAI's {@code chat.completion.chunk}s ending with
 * {@code data: [DONE]}, and Anthropic's {@code message_start}, {@code content_block_*}, {@code message_delta} and
 * {@code message_stop}. Each event is one string, its blank line included. A whole answer of
 * {@link FakeOpenAiServer} or {@link FakeAnthropicServer} streams as {@link #of(String, String)} makes it: its text
 * in pieces of a word, a tool call's arguments in three pieces.
 */
public final class Sse {
    private Sse() {}

    /** A part of an answer: text, or a tool call. */
    sealed interface Block {}

    /** Text, in the pieces it streams in. */
    record Text(List<String> pieces) implements Block {}

    /** A tool call, its arguments (JSON text) in the pieces they stream in. */
    record ToolCall(String id, String name, List<String> arguments) implements Block {}

    /**
     * A streamed answer.
     *
     * @param blocks its text and tool calls, in order
     * @param finish why it ended, as the wire says it ({@code stop}, {@code end_turn}, ...)
     * @param usage the usage object as the wire's whole answer has it, or null for none
     */
    record Answer(List<Block> blocks, String finish, @Nullable JsonNode usage) {}

    /**
     * The events of a whole answer, streamed.
     *
     * @param path the path it was asked on ({@code /v1/messages} for Anthropic, else OpenAI's)
     * @param body the whole answer's JSON; text that is not JSON streams as one malformed chunk
     * @return the events
     */
    public static List<String> of(String path, String body) {
        boolean anthropic = path.endsWith("/messages");
        JsonNode tree;
        try {
            tree = FakeServer.JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return List.of(anthropic ? anthropicEvent("content_block_delta", body) : "data: " + body + "\n\n");
        }
        return anthropic ? anthropic(anthropicAnswer(tree)) : openAi(openAiAnswer(tree));
    }

    /** @return the text split before each space: {@code "Wear a coat."} as {@code "Wear", " a", " coat."} */
    static List<String> words(String text) {
        return text.isEmpty() ? List.of() : Arrays.asList(text.split("(?= )"));
    }

    /** @return JSON text in three pieces */
    static List<String> thirds(String json) {
        int third = Math.max(1, json.length() / 3);
        if (json.length() < 3) {
            return List.of(json);
        }
        return List.of(json.substring(0, third), json.substring(third, 2 * third), json.substring(2 * third));
    }

    private static Answer openAiAnswer(JsonNode completion) {
        JsonNode choice = completion.path("choices").path(0);
        JsonNode message = choice.path("message");
        List<Block> blocks = new ArrayList<>();
        if (message.path("content").isTextual()) {
            blocks.add(new Text(words(message.get("content").asText())));
        }
        for (JsonNode call : message.path("tool_calls")) {
            blocks.add(new ToolCall(call.get("id").asText(), call.at("/function/name").asText(),
                    thirds(call.at("/function/arguments").asText())));
        }
        return new Answer(blocks, choice.path("finish_reason").asText("stop"), completion.get("usage"));
    }

    private static Answer anthropicAnswer(JsonNode message) {
        List<Block> blocks = new ArrayList<>();
        for (JsonNode block : message.path("content")) {
            if ("text".equals(block.path("type").asText())) {
                blocks.add(new Text(words(block.get("text").asText())));
            } else if ("tool_use".equals(block.path("type").asText())) {
                blocks.add(new ToolCall(block.get("id").asText(), block.get("name").asText(),
                        thirds(block.get("input").toString())));
            }
        }
        return new Answer(blocks, message.path("stop_reason").asText("end_turn"), message.get("usage"));
    }

    /** @return the answer as OpenAI streams it, with the usage in a last chunk of no choices when it has some */
    static List<String> openAi(Answer answer) {
        List<String> events = new ArrayList<>();
        Map<String, Object> role = new LinkedHashMap<>();
        role.put("role", "assistant");
        role.put("content", "");
        events.add(openAiChunk(role, null));
        int call = 0;
        for (Block block : answer.blocks()) {
            switch (block) {
                case Text text -> text.pieces().forEach(piece -> events.add(openAiChunk(Map.of("content", piece), null)));
                case ToolCall tool -> {
                    int index = call++;
                    events.add(openAiChunk(Map.of("tool_calls", List.of(Map.of("index", index, "id", tool.id(),
                            "type", "function", "function", Map.of("name", tool.name(), "arguments", "")))), null));
                    for (String piece : tool.arguments()) {
                        events.add(openAiChunk(Map.of("tool_calls", List.of(Map.of("index", index,
                                "function", Map.of("arguments", piece)))), null));
                    }
                }
            }
        }
        events.add(openAiChunk(Map.of(), answer.finish()));
        if (answer.usage() != null) {
            Map<String, Object> last = new LinkedHashMap<>(head());
            last.put("choices", List.of());
            last.put("usage", answer.usage());
            events.add("data: " + FakeServer.json(last) + "\n\n");
        }
        events.add("data: [DONE]\n\n");
        return events;
    }

    /** @return a chunk of OpenAI's stream whose data is cut off inside the answer: not JSON */
    static String openAiMalformed() {
        return "data: {\"id\": \"chatcmpl-1\", \"object\": \"chat.completion.chunk\", \"choices\": [{\"index\": 0, "
                + "\"delta\": {\"content\": \"Wear a co\n\n";
    }

    private static Map<String, Object> head() {
        Map<String, Object> chunk = new LinkedHashMap<>();
        chunk.put("id", "chatcmpl-1");
        chunk.put("object", "chat.completion.chunk");
        chunk.put("created", 1_700_000_000);
        chunk.put("model", "gpt-4o-mini");
        return chunk;
    }

    private static String openAiChunk(Map<String, Object> delta, @Nullable String finish) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finish);
        Map<String, Object> chunk = new LinkedHashMap<>(head());
        chunk.put("choices", List.of(choice));
        return "data: " + FakeServer.json(chunk) + "\n\n";
    }

    /** @return the answer as Anthropic streams it: the input usage in {@code message_start}, the output at the end */
    static List<String> anthropic(Answer answer) {
        List<String> events = new ArrayList<>();
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("id", "msg_1");
        message.put("type", "message");
        message.put("role", "assistant");
        message.put("content", List.of());
        message.put("model", "claude-sonnet-4-5");
        message.put("stop_reason", null);
        message.put("stop_sequence", null);
        JsonNode usage = answer.usage();
        if (usage != null) {
            Map<String, Object> input = new LinkedHashMap<>();
            usage.fields().forEachRemaining(field -> input.put(field.getKey(), field.getValue()));
            input.put("output_tokens", 1);
            message.put("usage", input);
        }
        events.add(anthropicEvent("message_start", Map.of("type", "message_start", "message", message)));
        int index = 0;
        for (Block block : answer.blocks()) {
            int at = index++;
            Map<String, Object> start;
            List<Map<String, Object>> deltas = new ArrayList<>();
            switch (block) {
                case Text text -> {
                    start = Map.of("type", "text", "text", "");
                    text.pieces().forEach(piece -> deltas.add(Map.of("type", "text_delta", "text", piece)));
                }
                case ToolCall tool -> {
                    start = Map.of("type", "tool_use", "id", tool.id(), "name", tool.name(), "input", Map.of());
                    tool.arguments().forEach(piece -> deltas.add(Map.of("type", "input_json_delta", "partial_json", piece)));
                }
            }
            events.add(anthropicEvent("content_block_start",
                    Map.of("type", "content_block_start", "index", at, "content_block", start)));
            if (at == 0) {
                events.add(anthropicEvent("ping", Map.of("type", "ping")));
            }
            for (Map<String, Object> delta : deltas) {
                events.add(anthropicEvent("content_block_delta",
                        Map.of("type", "content_block_delta", "index", at, "delta", delta)));
            }
            events.add(anthropicEvent("content_block_stop", Map.of("type", "content_block_stop", "index", at)));
        }
        Map<String, Object> stop = new LinkedHashMap<>();
        stop.put("stop_reason", answer.finish());
        stop.put("stop_sequence", null);
        Map<String, Object> delta = new LinkedHashMap<>();
        delta.put("type", "message_delta");
        delta.put("delta", stop);
        if (usage != null) {
            delta.put("usage", Map.of("output_tokens", usage.path("output_tokens").asInt()));
        }
        events.add(anthropicEvent("message_delta", delta));
        events.add(anthropicEvent("message_stop", Map.of("type", "message_stop")));
        return events;
    }

    /** @return a {@code content_block_delta} of Anthropic's stream whose data is cut off inside the text: not JSON */
    static String anthropicMalformed() {
        return anthropicEvent("content_block_delta", "{\"type\": \"content_block_delta\", \"index\": 0, \"delta\": "
                + "{\"type\": \"text_delta\", \"text\": \"Wear a co");
    }

    /**
     * @param type the error's type ({@code overloaded_error}, {@code api_error}, ...)
     * @param message its message
     * @return Anthropic's error event, which ends a stream that failed after it started
     */
    public static String anthropicError(String type, String message) {
        return anthropicEvent("error", Map.of("type", "error", "error", Map.of("type", type, "message", message)));
    }

    private static String anthropicEvent(String type, Object data) {
        return "event: " + type + "\ndata: " + (data instanceof String text ? text : FakeServer.json(data)) + "\n\n";
    }
}
