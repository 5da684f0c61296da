package dev.terminus.benchmarks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.terminus.Preconditions;
import dev.terminus.JsonTrees;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The baseline's mirror of {@link dev.terminus.Message}: the wire form Terminus writes ({@code role} first,
 * then the role's fields; a tool result's {@code toolName} only when present and {@code error} only when
 * true), done with Jackson annotations.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "role")
@JsonSubTypes({
    @JsonSubTypes.Type(value = AnnotatedMessage.System.class, name = "system"),
    @JsonSubTypes.Type(value = AnnotatedMessage.User.class, name = "user"),
    @JsonSubTypes.Type(value = AnnotatedMessage.Assistant.class, name = "assistant"),
    @JsonSubTypes.Type(value = AnnotatedMessage.ToolResult.class, name = "tool"),
})
public sealed interface AnnotatedMessage {

    /**
     * Mirrors {@link dev.terminus.Message.System}.
     *
     * @param content the instructions
     */
    record System(String content) implements AnnotatedMessage {
        /** The same check as the framework's record. */
        public System {
            Preconditions.notNull(content, "System.content");
        }
    }

    /**
     * Mirrors {@link dev.terminus.Message.User}.
     *
     * @param content the text
     */
    record User(String content) implements AnnotatedMessage {
        /** The same check as the framework's record. */
        public User {
            Preconditions.notNull(content, "User.content");
        }
    }

    /**
     * Mirrors {@link dev.terminus.Message.Assistant}.
     *
     * @param content the text
     * @param toolCalls the tool calls
     */
    record Assistant(String content, List<ToolCall> toolCalls) implements AnnotatedMessage {
        /** The same check and copy as the framework's record. */
        public Assistant {
            Preconditions.notNull(content, "Assistant.content");
            toolCalls = Preconditions.immutableList(toolCalls, "Assistant.toolCalls");
        }
    }

    /**
     * Mirrors {@link dev.terminus.Message.ToolResult}.
     *
     * @param toolCallId the id of the call it answers
     * @param toolName the tool's name, when known; omitted from the JSON when null
     * @param content the result
     * @param error whether the call failed; omitted from the JSON when false
     */
    record ToolResult(
            String toolCallId,
            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String toolName,
            String content,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean error) implements AnnotatedMessage {
        /** The same checks as the framework's record. */
        public ToolResult {
            Preconditions.notNull(toolCallId, "ToolResult.toolCallId");
            Preconditions.notNull(content, "ToolResult.content");
        }
    }

    /**
     * Mirrors {@link dev.terminus.ToolCall}.
     *
     * @param id the call's id
     * @param name the tool's name
     * @param arguments the arguments, as plain Java JSON values
     */
    record ToolCall(String id, String name, Map<String, @Nullable Object> arguments) {
        /** The same checks and deep copy as the framework's record. */
        public ToolCall {
            Preconditions.notNull(id, "ToolCall.id");
            Preconditions.notBlank(name, "ToolCall.name");
            arguments = JsonTrees.copyObject(arguments, "ToolCall.arguments");
        }
    }
}
