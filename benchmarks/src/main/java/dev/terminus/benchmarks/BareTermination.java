package dev.terminus.benchmarks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.terminus.Category;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An informational second baseline of {@link WireFormatBenchmark}: the same annotated records as
 * {@link AnnotatedTermination}, but without compact constructors, so reading them neither checks nor copies
 * anything. It shows how much of a decode is the values' own invariants (which the framework's records
 * have, and {@link AnnotatedTermination} mirrors) rather than the codec. Not the target's baseline.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "$kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = BareTermination.NaturalCompletion.class, name = "NaturalCompletion"),
    @JsonSubTypes.Type(value = BareTermination.MaxIterationsReached.class, name = "MaxIterationsReached"),
    @JsonSubTypes.Type(value = BareTermination.NoProgress.class, name = "NoProgress"),
    @JsonSubTypes.Type(value = BareTermination.Custom.class, name = "Custom"),
})
public sealed interface BareTermination {

    /** No fields. */
    record NaturalCompletion() implements BareTermination {}

    /**
     * Unchecked.
     *
     * @param limit the cap
     * @param iterationsUsed the iterations run
     */
    record MaxIterationsReached(int limit, int iterationsUsed) implements BareTermination {}

    /**
     * Not copied.
     *
     * @param unproductiveIterations the iterations without progress
     * @param snapshot the stuck messages
     */
    record NoProgress(int unproductiveIterations, List<Message> snapshot) implements BareTermination {}

    /**
     * Not copied.
     *
     * @param reason the cause
     * @param properties the facts of the stop
     * @param category what the caller should do next
     */
    record Custom(String reason, Map<String, @Nullable Object> properties, Category category)
            implements BareTermination {}

    /** A transcript message, as {@link AnnotatedMessage} without its constructors. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "role")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Message.System.class, name = "system"),
        @JsonSubTypes.Type(value = Message.User.class, name = "user"),
        @JsonSubTypes.Type(value = Message.Assistant.class, name = "assistant"),
        @JsonSubTypes.Type(value = Message.ToolResult.class, name = "tool"),
    })
    sealed interface Message {
        /** @param content the instructions */
        record System(String content) implements Message {}

        /** @param content the text */
        record User(String content) implements Message {}

        /**
         * @param content the text
         * @param toolCalls the tool calls
         */
        record Assistant(String content, List<ToolCall> toolCalls) implements Message {}

        /**
         * @param toolCallId the id of the call it answers
         * @param toolName the tool's name; omitted when null
         * @param content the result
         * @param error whether the call failed; omitted when false
         */
        record ToolResult(
                String toolCallId,
                @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String toolName,
                String content,
                @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean error) implements Message {}
    }

    /**
     * @param id the call's id
     * @param name the tool's name
     * @param arguments the arguments
     */
    record ToolCall(String id, String name, Map<String, @Nullable Object> arguments) {}
}
