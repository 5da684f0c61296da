package dev.terminus.langchain4j.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The module's JSON reading and writing: plain Java values in and out, one mapper. */
final class Json {
    /** Trailing tokens are refused, so {@code {"a":1}{"b":2}} is not read as its first object. */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {}

    /**
     * @param value plain Java JSON values
     * @return their JSON text
     */
    static String write(@Nullable Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * @param text JSON text
     * @return the text as a JSON object of plain Java values, or null when it is not exactly one JSON object
     */
    @SuppressWarnings("unchecked")
    static @Nullable Map<String, @Nullable Object> readObject(String text) {
        try {
            Object value = MAPPER.readValue(text, Object.class);
            return value instanceof Map<?, ?> map ? (Map<String, @Nullable Object>) map : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /**
     * @param text JSON text, or not
     * @return its tree, or null when it is not JSON
     */
    static @Nullable JsonNode readTree(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /**
     * @param node a JSON node
     * @param field a field name
     * @return the field's text when it is a string or a number, else null
     */
    static @Nullable String text(@Nullable JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        JsonNode value = node.get(field);
        return value != null && (value.isTextual() || value.isNumber()) ? value.asText() : null;
    }
}
