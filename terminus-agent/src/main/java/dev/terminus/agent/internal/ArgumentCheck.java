package dev.terminus.agent.internal;

import dev.terminus.agent.spi.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The loop's own check of tool arguments against the top level of a tool's JSON Schema: required properties are
 * present and top-level properties have the declared JSON type. Deeper validation belongs to the tool (or to the
 * JSON Schema module); this catches the common mistakes before a tool runs, at no cost for tools without a schema.
 *
 * <p>A schema is {@linkplain #compile compiled} once (when the agent is built): the required names as an array, the
 * declared type of each property as an enum, so a call's check walks no schema map.
 */
final class ArgumentCheck {
    private ArgumentCheck() {}

    /**
     * @return what is wrong, for the model, or null when the arguments pass
     */
    static @Nullable String problem(Map<String, @Nullable Object> schema, Map<String, @Nullable Object> arguments) {
        return compile(schema).problem(arguments);
    }

    /**
     * @param schema a tool's arguments schema
     * @return its top-level checks
     */
    static Schema compile(Map<String, @Nullable Object> schema) {
        List<String> required = new ArrayList<>();
        if (schema.get("required") instanceof List<?> names) {
            for (Object name : names) {
                if (name instanceof String key) {
                    required.add(key);
                }
            }
        }
        // the schema's order: with few typed properties, the first wrong one in that order is reported
        Map<String, JsonType> types = new LinkedHashMap<>();
        if (schema.get("properties") instanceof Map<?, ?> properties && !properties.isEmpty()) {
            for (Map.Entry<?, ?> property : properties.entrySet()) {
                if (property.getKey() instanceof String name && property.getValue() instanceof Map<?, ?> declared
                        && declared.get("type") instanceof String type) {
                    JsonType checked = JsonType.of(type);
                    if (checked != null) {
                        types.put(name, checked);
                    }
                }
            }
        }
        String[] names = types.keySet().toArray(String[]::new);
        JsonType[] declared = new JsonType[names.length];
        for (int i = 0; i < names.length; i++) {
            declared[i] = types.get(names[i]);
        }
        return new Schema(schema, required.toArray(String[]::new), names.length <= SMALL ? names : null,
                names.length <= SMALL ? declared : null, types.isEmpty() ? null : types);
    }

    /** Up to this many typed properties, a call's arguments are looked up by a scan rather than hashing. */
    private static final int SMALL = 8;

    /**
     * A tool with its schema's compiled check.
     *
     * @param tool the tool
     * @param check the check of its arguments schema, as the schema was when the agent was built
     */
    record Compiled(dev.terminus.agent.Tool tool, Schema check) {}

    /**
     * A compiled schema.
     *
     * @param source the schema it was compiled from
     * @param required the required names, in the schema's order
     * @param names the properties with a checkable declared type, when they are few; else null
     * @param declared their types, in the order of {@code names}; null when {@code names} is
     * @param types the checkable declared type of each property, or null when none is
     */
    record Schema(Map<String, @Nullable Object> source, String[] required, String @Nullable [] names,
            JsonType @Nullable [] declared, @Nullable Map<String, JsonType> types) {

        /** @return what is wrong, for the model, or null when the arguments pass */
        @Nullable String problem(Map<String, @Nullable Object> arguments) {
            if (!arguments.isEmpty() && arguments.containsKey(Model.INVALID_ARGUMENTS)) {
                return "the arguments are not a JSON object: " + arguments.get(Model.INVALID_ARGUMENTS);
            }
            for (String key : required) {
                if (arguments.get(key) == null) {
                    return "missing required argument \"" + key + "\"";
                }
            }
            String[] small = names;
            if (small != null) {
                // few typed properties: look each up (no iteration over the arguments, nothing allocated)
                for (int i = 0; i < small.length; i++) {
                    Object value = arguments.get(small[i]);
                    if (value != null && !declared[i].has(value)) {
                        return "argument \"" + small[i] + "\" must be of type " + declared[i].name + ", was " + value;
                    }
                }
            } else if (types != null && !arguments.isEmpty()) {
                for (Map.Entry<String, @Nullable Object> argument : arguments.entrySet()) {
                    Object value = argument.getValue();
                    if (value != null) {
                        JsonType type = types.get(argument.getKey());
                        if (type != null && !type.has(value)) {
                            return "argument \"" + argument.getKey() + "\" must be of type " + type.name + ", was "
                                    + value;
                        }
                    }
                }
            }
            return null;
        }
    }

    /** The JSON types the check knows; any other declared type passes every value. */
    enum JsonType {
        STRING("string"), INTEGER("integer"), NUMBER("number"), BOOLEAN("boolean"), ARRAY("array"), OBJECT("object");

        final String name;

        JsonType(String name) {
            this.name = name;
        }

        static @Nullable JsonType of(String name) {
            for (JsonType type : values()) {
                if (type.name.equals(name)) {
                    return type;
                }
            }
            return null;
        }

        boolean has(Object value) {
            return switch (this) {
                case STRING -> value instanceof String;
                case INTEGER -> value instanceof Integer || value instanceof Long || value instanceof java.math.BigInteger
                        || (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()));
                case NUMBER -> value instanceof Number;
                case BOOLEAN -> value instanceof Boolean;
                case ARRAY -> value instanceof List;
                case OBJECT -> value instanceof Map;
            };
        }
    }
}
