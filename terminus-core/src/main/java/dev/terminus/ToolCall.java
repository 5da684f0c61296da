package dev.terminus;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A model's request to call a tool.
 *
 * @param id the call's id, unique within the transcript; the tool's result refers to it
 * @param name the tool's name
 * @param arguments the arguments, a JSON object held as plain Java values (see {@link Termination.Custom}
 *     for the value types); copied deeply and immutably
 */
public record ToolCall(String id, String name, Map<String, @Nullable Object> arguments) {
    /** Validates and deep-copies the arguments. */
    public ToolCall {
        Preconditions.notNull(id, "ToolCall.id");
        Preconditions.notBlank(name, "ToolCall.name");
        arguments = JsonTrees.copyObject(arguments, "ToolCall.arguments");
    }
}
