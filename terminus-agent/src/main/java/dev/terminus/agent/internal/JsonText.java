package dev.terminus.agent.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.lang.reflect.Type;
import org.jspecify.annotations.Nullable;

/** The loop's JSON conversions: tool results to text, tool arguments to Java parameters. */
public final class JsonText {
    /**
     * Modules registered explicitly (not found on the class path, so what the loop writes does not change with the
     * user's class path): java.time values as ISO-8601 strings, Optional as its value or null. A fractional number
     * is refused for an integer field at any depth, rather than truncated.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

    private JsonText() {}

    /**
     * A tool's result as the text the model reads.
     *
     * @param value the result
     * @return the text: strings as they are, null as empty, anything else as JSON
     */
    public static String resultText(@Nullable Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof String s) {
            return s;
        }
        return write(value);
    }

    /**
     * @param value any value Jackson can write
     * @return its JSON
     */
    public static String write(@Nullable Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON: "
                    + e.getOriginalMessage(), e);
        }
    }

    static JavaType type(Type type) {
        return MAPPER.constructType(type);
    }

    static @Nullable Object convert(@Nullable Object value, JavaType type) {
        return MAPPER.convertValue(value, type);
    }
}
