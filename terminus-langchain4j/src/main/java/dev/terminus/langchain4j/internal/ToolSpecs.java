package dev.terminus.langchain4j.internal;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.terminus.agent.spi.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Tool specifications and the response schema, from JSON Schema maps to LangChain4j's schema types.
 *
 * <p>The root of a tool's arguments schema becomes a {@link JsonObjectSchema}: {@code type} (absent or
 * {@code "object"}), {@code properties}, {@code required}, {@code description}, a boolean
 * {@code additionalProperties} and {@code $defs}; {@code $schema} and {@code title} are left out (they say nothing to
 * the model). Any other keyword at the root cannot be sent and is refused. Each property is converted by
 * {@link SchemaElements}: typed where LangChain4j's types say exactly the same, else passed on as raw JSON.
 */
public final class ToolSpecs {
    private static final Set<String> ROOT_KEYWORDS = Set.of("type", "properties", "required", "description",
            "additionalProperties", "$defs", "$schema", "title");
    /** The name LangChain4j and the providers give the response schema. */
    static final String RESPONSE_SCHEMA_NAME = "response";

    private ToolSpecs() {}

    /**
     * @param spec a tool as the loop offers it
     * @return the tool as LangChain4j sends it
     * @throws IllegalArgumentException when its schema cannot be sent, naming the tool, the property and the value
     */
    public static ToolSpecification toLangChain4j(ToolSpec spec) {
        String owner = "tool \"" + spec.name() + "\"";
        return ToolSpecification.builder()
                .name(spec.name())
                .description(spec.description().isEmpty() ? null : spec.description())
                .parameters(root(spec.parameters(), owner))
                .build();
    }

    /**
     * The response schema as a LangChain4j JSON response format, when it can be one: its root is an object
     * ({@code "type": "object"}), as the providers require, and it is well formed.
     *
     * @param schema the JSON Schema the final answer must match
     * @return the response format, or null when the schema cannot be sent (the loop still checks the answer)
     */
    public static @Nullable ResponseFormat responseFormat(Map<String, @Nullable Object> schema) {
        if (!"object".equals(schema.get("type"))) {
            return null;
        }
        Map<String, @Nullable Object> sent = new LinkedHashMap<>(schema);
        sent.remove("$schema");
        JsonSchemaElement root;
        try {
            root = SchemaElements.of(sent, "the response schema", "");
        } catch (IllegalArgumentException e) {
            return null;
        }
        return ResponseFormat.builder()
                .type(ResponseFormatType.JSON)
                .jsonSchema(JsonSchema.builder().name(RESPONSE_SCHEMA_NAME).rootElement(root).build())
                .build();
    }

    private static JsonObjectSchema root(Map<String, @Nullable Object> schema, String owner) {
        for (String keyword : schema.keySet()) {
            if (!ROOT_KEYWORDS.contains(keyword)) {
                throw new IllegalArgumentException(owner + ": keyword \"" + keyword + "\" of the arguments schema"
                        + " cannot be sent to the provider (the root must be a plain object schema), was "
                        + Json.write(schema.get(keyword)));
            }
        }
        Object type = schema.get("type");
        if (type != null && !"object".equals(type)) {
            throw new IllegalArgumentException(owner + ": the arguments schema must be of type \"object\", was "
                    + Json.write(type));
        }
        JsonObjectSchema.Builder builder = JsonObjectSchema.builder();
        SchemaElements.objectBody(builder, schema, owner, "");
        Object defs = schema.get("$defs");
        if (defs != null) {
            if (!(defs instanceof Map<?, ?> definitions)) {
                throw new IllegalArgumentException(owner + ": \"$defs\" must be an object, was " + Json.write(defs));
            }
            Map<String, JsonSchemaElement> converted = new LinkedHashMap<>();
            for (Map.Entry<?, ?> definition : definitions.entrySet()) {
                String name = String.valueOf(definition.getKey());
                converted.put(name, SchemaElements.of(definition.getValue(), owner, "$defs." + name));
            }
            builder.definitions(converted);
        }
        return builder.build();
    }

    /**
     * @param specs the tools offered in a call
     * @return them as LangChain4j sends them, in the same order
     * @throws IllegalArgumentException when one cannot be sent, naming it
     */
    public static List<ToolSpecification> toLangChain4j(List<ToolSpec> specs) {
        return specs.stream().map(ToolSpecs::toLangChain4j).toList();
    }
}
