package dev.terminus.langchain4j.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A whole OpenAI chat completion sent to a streaming request, by a server or gateway that ignored
 * {@code "stream": true}, as the events of a stream that carries all of it in one piece: one
 * {@code chat.completion.chunk} whose {@code delta} is the completion's {@code message} (its text, its tool calls,
 * each with the {@code index} a chunk's tool call has) with the completion's finish reason and usage, then
 * {@code [DONE]}. LangChain4j's streaming client reads them as it reads any stream, so the answer, its tool calls,
 * usage and finish reason are those a streamed answer of the same content has, and its text reaches the run as one
 * piece.
 */
final class UnstreamedAnswer {
    private UnstreamedAnswer() {}

    /**
     * @param body the response's body
     * @return the events' {@code data:} payloads, or null when the body is no chat completion (no {@code choices})
     */
    static @Nullable List<String> asOpenAiEvents(String body) {
        if (!(Json.readTree(body) instanceof ObjectNode completion)
                || !(completion.get("choices") instanceof ArrayNode choices)) {
            return null;
        }
        completion.put("object", "chat.completion.chunk");
        for (JsonNode choice : choices) {
            if (choice instanceof ObjectNode whole && whole.remove("message") instanceof ObjectNode message) {
                if (message.get("tool_calls") instanceof ArrayNode calls) {
                    indexed(calls);
                }
                whole.set("delta", message);
            }
        }
        return List.of(Json.write(completion), "[DONE]");
    }

    /** Gives each tool call the index a streamed chunk's has, unless it has one. */
    private static void indexed(ArrayNode calls) {
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i) instanceof ObjectNode call && !call.has("index")) {
                call.put("index", i);
            }
        }
    }
}
