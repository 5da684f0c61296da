package dev.terminus.agent.spi;

import dev.terminus.Preconditions;
import dev.terminus.JsonTrees;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A tool as offered to the model: its name, what it does, and the JSON Schema of its arguments.
 *
 * @param name the tool's name; letters, digits, {@code _} and {@code -}, 1 to 64 characters
 * @param description what the tool does, for the model
 * @param parameters the JSON Schema of the arguments object, as plain Java values
 */
public record ToolSpec(String name, String description, Map<String, @Nullable Object> parameters) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /** An arguments schema for a tool that takes no arguments. */
    public static final Map<String, @Nullable Object> NO_PARAMETERS = Map.of("type", "object", "properties", Map.of());

    /** Validates the name and deep-copies the schema. */
    public ToolSpec {
        Preconditions.notNull(name, "ToolSpec.name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("ToolSpec.name must match [A-Za-z0-9_-]{1,64}, was \"" + name + "\"");
        }
        Preconditions.notNull(description, "ToolSpec.description");
        parameters = JsonTrees.copyObject(parameters, "ToolSpec.parameters");
    }
}
