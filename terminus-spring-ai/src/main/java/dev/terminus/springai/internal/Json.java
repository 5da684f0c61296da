package dev.terminus.springai.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * JSON text to and from plain Java values, with Terminus's own Jackson 2 (Spring AI's Jackson 3 is the application's,
 * and its version is not this module's to depend on).
 */
final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {}

    /**
     * @param value plain Java values: maps, lists, strings, numbers, booleans, null
     * @return the value as JSON text
     * @throws IllegalArgumentException when the value cannot be written
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
     * @return the object it holds, or null when it is not one JSON object
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
}
