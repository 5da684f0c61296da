package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A model call of a registered agent: its {@link ModelRequest} as it crosses the wire.
 *
 * @param agentName the agent
 * @param messages the transcript so far
 * @param tools the tools offered
 * @param maxOutputTokens the output cap, or null
 * @param responseSchema the structured output's schema, or null
 */
public record ModelCall(String agentName, List<Message> messages, List<ToolSpec> tools,
        @Nullable Integer maxOutputTokens, @Nullable Map<String, @Nullable Object> responseSchema) {

    /** Validates and copies the lists. */
    public ModelCall {
        Preconditions.notNull(agentName, "ModelCall.agentName");
        messages = Preconditions.immutableList(messages, "ModelCall.messages");
        tools = Preconditions.immutableList(tools, "ModelCall.tools");
    }

    /**
     * @param agentName the agent
     * @param request the loop's request
     * @return the call
     */
    public static ModelCall of(String agentName, ModelRequest request) {
        return new ModelCall(agentName, request.messages(), request.tools(), request.maxOutputTokens(),
                request.responseSchema());
    }

    /** @return the request the real model gets */
    public ModelRequest request() {
        return new ModelRequest(messages, tools, maxOutputTokens, responseSchema);
    }
}
