package dev.terminus.langchain4j.internal;

import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One JSON Schema (a property, an array's items, a definition) as a LangChain4j {@link JsonSchemaElement}, faithfully:
 *
 * <ul>
 *   <li>typed when LangChain4j's type says exactly what the schema says: {@code string} (with {@code enum} of strings:
 *       an enum), {@code integer}, {@code number}, {@code boolean}, {@code null}, {@code array} with its
 *       {@code items}, {@code object} with {@code properties}, {@code required} and a boolean
 *       {@code additionalProperties}, an {@code enum} of strings without a type, {@code anyOf}; each with its
 *       {@code description};</li>
 *   <li>as raw JSON ({@link JsonRawSchema}, sent as written) when it says more than the types can hold
 *       ({@code format}, {@code minimum}, {@code pattern}, {@code default}, {@code $ref}, a list of types, ...), so
 *       no constraint is lost on the way;</li>
 *   <li>refused when it is malformed: not an object, an unknown type, {@code properties} that is not an object,
 *       {@code required} that is not a list of names, and so on; the message names the owner, the property and the
 *       bad value.</li>
 * </ul>
 */
final class SchemaElements {
    private static final Set<String> TYPES = Set.of("string", "integer", "number", "boolean", "array", "object", "null");
    private static final Set<String> SCALAR = Set.of("type", "description");
    private static final Set<String> STRING = Set.of("type", "description", "enum");
    private static final Set<String> ARRAY = Set.of("type", "description", "items");
    private static final Set<String> OBJECT = Set.of("type", "description", "properties", "required",
            "additionalProperties");
    private static final Set<String> ENUM = Set.of("description", "enum");
    private static final Set<String> ANY_OF = Set.of("description", "anyOf");

    private SchemaElements() {}

    /**
     * @param schema the schema, as plain Java values
     * @param owner who it belongs to, for messages ({@code tool "search"})
     * @param path where it is, dotted ({@code filters.from}); empty for a root
     * @return the element
     * @throws IllegalArgumentException when the schema is malformed, naming owner, path and value
     */
    static JsonSchemaElement of(@Nullable Object schema, String owner, String path) {
        if (!(schema instanceof Map<?, ?> map)) {
            throw bad(owner, path, "must be a JSON Schema object, was " + Json.write(schema));
        }
        checkShape(map, owner, path);
        String description = (String) map.get("description");
        Set<?> keys = map.keySet();
        Object type = map.get("type");
        if (type == null) {
            if (map.containsKey("anyOf") && ANY_OF.containsAll(keys)) {
                List<JsonSchemaElement> options = new ArrayList<>();
                List<?> anyOf = (List<?>) map.get("anyOf");
                for (int i = 0; i < anyOf.size(); i++) {
                    options.add(of(anyOf.get(i), owner, child(path, "anyOf[" + i + "]")));
                }
                return JsonAnyOfSchema.builder().description(description).anyOf(options).build();
            }
            if (map.containsKey("enum") && ENUM.containsAll(keys) && strings(map.get("enum")) != null) {
                return JsonEnumSchema.builder().description(description).enumValues(strings(map.get("enum"))).build();
            }
            return raw(map);
        }
        if (!(type instanceof String name)) {
            return raw(map); // a list of types: only raw JSON says it
        }
        return switch (name) {
            case "string" -> !STRING.containsAll(keys) ? raw(map)
                    : map.containsKey("enum")
                            ? strings(map.get("enum")) == null ? raw(map)
                                    : JsonEnumSchema.builder().description(description)
                                            .enumValues(strings(map.get("enum"))).build()
                            : JsonStringSchema.builder().description(description).build();
            case "integer" -> SCALAR.containsAll(keys) ? JsonIntegerSchema.builder().description(description).build()
                    : raw(map);
            case "number" -> SCALAR.containsAll(keys) ? JsonNumberSchema.builder().description(description).build()
                    : raw(map);
            case "boolean" -> SCALAR.containsAll(keys) ? JsonBooleanSchema.builder().description(description).build()
                    : raw(map);
            case "null" -> keys.equals(Set.of("type")) ? new JsonNullSchema() : raw(map);
            case "array" -> ARRAY.containsAll(keys) && (map.get("items") == null || map.get("items") instanceof Map)
                    ? JsonArraySchema.builder().description(description)
                            .items(map.get("items") == null ? null : of(map.get("items"), owner, path + "[]"))
                            .build()
                    : raw(map);
            default -> { // "object", the only other known type
                if (!OBJECT.containsAll(keys) || (map.containsKey("additionalProperties")
                        && !(map.get("additionalProperties") instanceof Boolean))) {
                    yield raw(map);
                }
                JsonObjectSchema.Builder builder = JsonObjectSchema.builder();
                objectBody(builder, map, owner, path);
                yield builder.build();
            }
        };
    }

    /**
     * Fills an object schema's builder: its properties (converted one by one), required names, description and
     * boolean {@code additionalProperties}.
     */
    static void objectBody(JsonObjectSchema.Builder builder, Map<?, ?> schema, String owner, String path) {
        checkShape(schema, owner, path);
        if (schema.get("description") instanceof String description) {
            builder.description(description);
        }
        if (schema.get("properties") instanceof Map<?, ?> properties) {
            for (Map.Entry<?, ?> property : properties.entrySet()) {
                String name = String.valueOf(property.getKey());
                builder.addProperty(name, of(property.getValue(), owner, child(path, name)));
            }
        }
        if (schema.get("required") instanceof List<?> required) {
            builder.required(strings(required));
        }
        Object additional = schema.get("additionalProperties");
        if (additional != null) {
            if (!(additional instanceof Boolean allowed)) {
                throw bad(owner, path, "has \"additionalProperties\" that cannot be sent (only true or false can), was "
                        + Json.write(additional));
            }
            builder.additionalProperties(allowed);
        }
    }

    /** Refuses a malformed schema: the keywords this module reads must have their JSON types. */
    private static void checkShape(Map<?, ?> schema, String owner, String path) {
        Object type = schema.get("type");
        if (type != null) {
            List<?> names = type instanceof List<?> list ? list : List.of(type);
            for (Object name : names) {
                if (!(name instanceof String known) || !TYPES.contains(known)) {
                    throw bad(owner, path, "has an unknown type " + Json.write(name)
                            + " (expected string, integer, number, boolean, array, object or null)");
                }
            }
        }
        expect(schema, "description", String.class, "a string", owner, path);
        expect(schema, "properties", Map.class, "an object", owner, path);
        expect(schema, "enum", List.class, "a list", owner, path);
        expect(schema, "anyOf", List.class, "a list", owner, path);
        Object required = schema.get("required");
        if (required != null && strings(required) == null) {
            throw bad(owner, path, "must list its required property names as strings, was " + Json.write(required));
        }
        Object items = schema.get("items");
        if (items != null && !(items instanceof Map) && !(items instanceof List) && !(items instanceof Boolean)) {
            throw bad(owner, path, "must have \"items\" that is a schema, was " + Json.write(items));
        }
    }

    private static void expect(Map<?, ?> schema, String keyword, Class<?> kind, String what, String owner,
            String path) {
        Object value = schema.get(keyword);
        if (value != null && !kind.isInstance(value)) {
            throw bad(owner, path, "must have \"" + keyword + "\" that is " + what + ", was " + Json.write(value));
        }
    }

    private static @Nullable List<String> strings(@Nullable Object value) {
        if (!(value instanceof List<?> list)) {
            return null;
        }
        List<String> strings = new ArrayList<>(list.size());
        for (Object item : list) {
            if (!(item instanceof String s)) {
                return null;
            }
            strings.add(s);
        }
        return strings;
    }

    private static String child(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private static JsonSchemaElement raw(Map<?, ?> schema) {
        return JsonRawSchema.from(Json.write(schema));
    }

    private static IllegalArgumentException bad(String owner, String path, String problem) {
        String where = path.isEmpty() ? "the schema" : "property \"" + path + "\"";
        return new IllegalArgumentException(owner + ": " + where + " " + problem);
    }
}
