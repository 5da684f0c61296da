package dev.terminus.agent.spi;

import dev.terminus.Message;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the loop asks a model. The lists are read-only views owned by the loop and valid for the duration of the
 * call: a model that keeps them must copy them.
 *
 * @param messages the transcript so far, system prompt first
 * @param tools the tools offered in this call (empty when none are)
 * @param maxOutputTokens the output cap, if configured
 * @param responseSchema the JSON Schema the final answer must match (structured output), or null; a provider that
 *     supports native structured output may pass it on
 */
public record ModelRequest(List<Message> messages, List<ToolSpec> tools, @Nullable Integer maxOutputTokens,
        @Nullable Map<String, @Nullable Object> responseSchema) {

    /**
     * A request without a response schema.
     *
     * @param messages the transcript so far
     * @param tools the tools offered
     * @param maxOutputTokens the output cap, or null
     */
    public ModelRequest(List<Message> messages, List<ToolSpec> tools, @Nullable Integer maxOutputTokens) {
        this(messages, tools, maxOutputTokens, null);
    }
}
