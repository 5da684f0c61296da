package dev.terminus.temporal.wire;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.ModelCallSequence;
import dev.terminus.temporal.TranscriptReference;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A model call of a registered agent: its {@link ModelRequest} as it crosses the wire. An activity's call refers to
 * the transcript the workflow holds ({@code transcript}) instead of carrying it, so the run's history does not hold
 * it again at every call; a local activity's call, which its history does not record, carries it ({@code messages}).
 *
 * @param agentName the agent: a registered agent's name, or a defined agent's {@link AgentRecipes#key key}
 * @param sequence which of the run's model calls it is, from 0 (see {@link ModelCallSequence})
 * @param messages the transcript so far when the call carries it; empty when it refers to it
 * @param transcript the transcript so far as a reference to the workflow's, or null when the call carries it
 * @param tools the tools offered
 * @param maxOutputTokens the output cap, or null
 * @param responseSchema the structured output's schema, or null
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record ModelCall(String agentName, long sequence, List<Message> messages,
        @Nullable TranscriptReference transcript, List<ToolSpec> tools,
        @Nullable Integer maxOutputTokens, @Nullable Map<String, @Nullable Object> responseSchema, int wireVersion) {

    /** Validates and copies the lists. */
    public ModelCall {
        Preconditions.notNull(agentName, "ModelCall.agentName");
        if (sequence < 0) {
            throw new IllegalArgumentException("ModelCall.sequence must be >= 0, was " + sequence);
        }
        messages = Preconditions.immutableList(messages, "ModelCall.messages");
        if (transcript != null && !messages.isEmpty()) {
            throw new IllegalArgumentException("ModelCall carries its messages or refers to a transcript, not both:"
                    + " it carries " + messages.size() + " and refers to " + transcript);
        }
        tools = Preconditions.immutableList(tools, "ModelCall.tools");
        wireVersion = WireVersion.read(wireVersion, "ModelCall.wireVersion");
    }

    /**
     * A call of this build's {@link WireVersion}.
     *
     * @param agentName the agent
     * @param sequence which of the run's model calls it is, from 0
     * @param messages the transcript so far when the call carries it; empty when it refers to it
     * @param transcript the transcript so far as a reference to the workflow's, or null when the call carries it
     * @param tools the tools offered
     * @param maxOutputTokens the output cap, or null
     * @param responseSchema the structured output's schema, or null
     */
    public ModelCall(String agentName, long sequence, List<Message> messages, @Nullable TranscriptReference transcript,
            List<ToolSpec> tools, @Nullable Integer maxOutputTokens,
            @Nullable Map<String, @Nullable Object> responseSchema) {
        this(agentName, sequence, messages, transcript, tools, maxOutputTokens, responseSchema, WireVersion.CURRENT);
    }

    /**
     * @param agentName the agent
     * @param sequence which of the run's model calls it is, from 0
     * @param request the loop's request
     * @return the call, carrying the request's messages
     */
    public static ModelCall of(String agentName, long sequence, ModelRequest request) {
        return new ModelCall(agentName, sequence, request.messages(), null, request.tools(),
                request.maxOutputTokens(), request.responseSchema());
    }

    /**
     * @param agentName the agent
     * @param sequence which of the run's model calls it is, from 0
     * @param request the loop's request
     * @param transcript the reference to the request's messages as the workflow holds them
     * @return the call, referring to the request's messages
     */
    public static ModelCall of(String agentName, long sequence, ModelRequest request, TranscriptReference transcript) {
        Preconditions.notNull(transcript, "transcript");
        return new ModelCall(agentName, sequence, List.of(), transcript, request.tools(), request.maxOutputTokens(),
                request.responseSchema());
    }

    /**
     * @param messages the transcript: {@link #messages()}, or what {@link #transcript()} refers to
     * @return the request the real model gets
     */
    public ModelRequest request(List<Message> messages) {
        return new ModelRequest(messages, tools, maxOutputTokens, responseSchema);
    }
}
