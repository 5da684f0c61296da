package dev.terminus.agent.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.lang.reflect.Type;
import org.jspecify.annotations.Nullable;

/** The loop's JSON conversions: tool results to text, tool arguments to Java parameters. */
public final class JsonText {
    private static final ObjectMapper MAPPER = JsonMapper.builder().findAndAddModules().build();

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
