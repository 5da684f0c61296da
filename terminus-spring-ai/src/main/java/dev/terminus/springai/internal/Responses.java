package dev.terminus.springai.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;

/**
 * A Spring AI {@link ChatResponse} as a Terminus {@link ModelResponse}: the first generation's text and tool calls,
 * its finish reason (see {@link FinishReasons}; an OpenAI answer whose {@code message.refusal} is set is a
 * {@link FinishReason#REFUSAL}), and the response's usage. A response with no generation (a provider that returned no
 * choices) is an empty answer that stopped for a reason Terminus does not know ({@link FinishReason#OTHER}).
 */
public final class Responses {
    /** The assistant-message property Spring AI's OpenAI client puts OpenAI's {@code message.refusal} in. */
    static final String REFUSAL = "refusal";

    private Responses() {}

    /**
     * @param response Spring AI's response
     * @return the Terminus response
     * @throws IllegalStateException when a tool call has no name, naming its id and arguments
     */
    public static ModelResponse toTerminus(ChatResponse response) {
        Generation generation = response.getResult();
        Usage usage = usage(response.getMetadata().getUsage());
        if (generation == null) {
            return new ModelResponse(Message.Assistant.of(""), usage, FinishReason.OTHER);
        }
        AssistantMessage output = generation.getOutput();
        List<ToolCall> calls = toolCalls(output.getToolCalls());
        String text = output.getText() == null ? "" : output.getText();
        FinishReason reason = refused(output) ? FinishReason.REFUSAL
                : FinishReasons.toTerminus(generation.getMetadata().getFinishReason(), !calls.isEmpty());
        return new ModelResponse(new Message.Assistant(text, calls), usage, reason);
    }

    private static boolean refused(AssistantMessage output) {
        return output.getMetadata().get(REFUSAL) instanceof String refusal && !refusal.isBlank();
    }

    /**
     * @param calls the tool calls of Spring AI's assistant message
     * @return the Terminus tool calls; an id is made up when the provider gave none
     * @throws IllegalStateException when a call has no name, naming its id and arguments
     */
    static List<ToolCall> toolCalls(List<AssistantMessage.ToolCall> calls) {
        List<ToolCall> out = new ArrayList<>(calls.size());
        for (AssistantMessage.ToolCall call : calls) {
            if (call.name() == null || call.name().isBlank()) {
                throw new IllegalStateException("the provider returned a tool call without a name (id " + call.id()
                        + ", arguments " + call.arguments() + ")");
            }
            String id = call.id() == null || call.id().isBlank() ? "call_" + UUID.randomUUID() : call.id();
            out.add(new ToolCall(id, call.name(), arguments(call.arguments())));
        }
        return out;
    }

    /**
     * @param json the arguments as the model wrote them, or null
     * @return the arguments as plain Java values: the object, the empty object for blank text, or the text kept under
     *     {@link Model#INVALID_ARGUMENTS} when it is not one JSON object
     */
    static Map<String, @Nullable Object> arguments(@Nullable String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        Map<String, @Nullable Object> parsed = Json.readObject(json);
        return parsed != null ? parsed : Map.of(Model.INVALID_ARGUMENTS, json);
    }

    /**
     * @param usage Spring AI's usage, or null
     * @return prompt, completion and cached-input tokens; none reported is zero
     */
    static Usage usage(org.springframework.ai.chat.metadata.@Nullable Usage usage) {
        if (usage == null) {
            return Usage.ZERO;
        }
        long input = count(usage.getPromptTokens());
        long output = count(usage.getCompletionTokens());
        Long cacheRead = usage.getCacheReadInputTokens();
        long cached = cacheRead == null ? 0 : Math.min(Math.max(cacheRead, 0), input);
        return new Usage(input, output, cached, 0);
    }

    private static long count(@Nullable Integer tokens) {
        return tokens == null ? 0 : Math.max(tokens, 0);
    }
}
