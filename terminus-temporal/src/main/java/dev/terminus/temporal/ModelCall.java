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
 * @param agentName the agent: a registered agent's name, or a defined agent's {@link AgentRecipes#key key}
 * @param sequence which of the run's model calls it is, from 0 (see {@link ModelCallSequence})
 * @param messages the transcript so far
 * @param tools the tools offered
 * @param maxOutputTokens the output cap, or null
 * @param responseSchema the structured output's schema, or null
 */
public record ModelCall(String agentName, long sequence, List<Message> messages, List<ToolSpec> tools,
        @Nullable Integer maxOutputTokens, @Nullable Map<String, @Nullable Object> responseSchema) {

    /** Validates and copies the lists. */
    public ModelCall {
        Preconditions.notNull(agentName, "ModelCall.agentName");
        if (sequence < 0) {
            throw new IllegalArgumentException("ModelCall.sequence must be >= 0, was " + sequence);
        }
        messages = Preconditions.immutableList(messages, "ModelCall.messages");
        tools = Preconditions.immutableList(tools, "ModelCall.tools");
    }

    /**
     * @param agentName the agent
     * @param sequence which of the run's model calls it is, from 0
     * @param request the loop's request
     * @return the call
     */
    public static ModelCall of(String agentName, long sequence, ModelRequest request) {
        return new ModelCall(agentName, sequence, request.messages(), request.tools(), request.maxOutputTokens(),
                request.responseSchema());
    }

    /** @return the request the real model gets */
    public ModelRequest request() {
        return new ModelRequest(messages, tools, maxOutputTokens, responseSchema);
    }
}
