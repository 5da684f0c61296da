package dev.terminus.agent.internal;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The loop's own check of tool arguments against the top level of a tool's JSON Schema: required properties are
 * present and top-level properties have the declared JSON type. Deeper validation belongs to the tool (or to the
 * JSON Schema module); this catches the common mistakes before a tool runs, at no cost for tools without a schema.
 */
final class ArgumentCheck {
    private ArgumentCheck() {}

    /**
     * @return what is wrong, for the model, or null when the arguments pass
     */
    static @Nullable String problem(Map<String, @Nullable Object> schema, Map<String, @Nullable Object> arguments) {
        if (schema.get("required") instanceof List<?> required) {
            for (Object name : required) {
                if (name instanceof String key && arguments.get(key) == null) {
                    return "missing required argument \"" + key + "\"";
                }
            }
        }
        if (schema.get("properties") instanceof Map<?, ?> properties && !properties.isEmpty()) {
            for (Map.Entry<String, @Nullable Object> argument : arguments.entrySet()) {
                if (properties.get(argument.getKey()) instanceof Map<?, ?> property
                        && property.get("type") instanceof String type
                        && argument.getValue() != null
                        && !hasType(argument.getValue(), type)) {
                    return "argument \"" + argument.getKey() + "\" must be of type " + type + ", was "
                            + argument.getValue();
                }
            }
        }
        return null;
    }

    private static boolean hasType(Object value, String type) {
        return switch (type) {
            case "string" -> value instanceof String;
            case "integer" -> value instanceof Integer || value instanceof Long || value instanceof java.math.BigInteger
                    || (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()));
            case "number" -> value instanceof Number;
            case "boolean" -> value instanceof Boolean;
            case "array" -> value instanceof List;
            case "object" -> value instanceof Map;
            default -> true;
        };
    }
}
