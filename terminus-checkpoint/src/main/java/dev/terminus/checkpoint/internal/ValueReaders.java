package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import dev.terminus.agent.spi.FinishReason;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** The readers of the scalar, list and map values of a checkpoint, each checking the JSON type first. */
final class ValueReaders {
    private ValueReaders() {}

    static final ValueReader<String> STRING = (p, ctxt, path) -> {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw ReadErrors.wrongType(p, path, "a string");
        }
        return p.getText();
    };

    static final ValueReader<Integer> INT = (p, ctxt, path) -> {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
            throw ReadErrors.wrongType(p, path, "an integer between " + Integer.MIN_VALUE + " and "
                    + Integer.MAX_VALUE);
        }
        return p.getIntValue();
    };

    static final ValueReader<Long> LONG = (p, ctxt, path) -> {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw ReadErrors.wrongType(p, path, "an integer between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
        }
        return p.getLongValue();
    };

    static final ValueReader<Boolean> BOOLEAN = (p, ctxt, path) -> {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
            throw ReadErrors.wrongType(p, path, "true or false");
        }
        return t == JsonToken.VALUE_TRUE;
    };

    /** A number read from its text, so that {@code 0.012300} keeps its scale of 6. */
    static final ValueReader<BigDecimal> DECIMAL = (p, ctxt, path) -> {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
            throw ReadErrors.wrongType(p, path, "a number");
        }
        try {
            return p.getDecimalValue();
        } catch (NumberFormatException e) {
            // an exponent past what BigDecimal holds, as 1E-2147483649
            throw ReadErrors.invalid(p, path + ": " + ReadErrors.describe(p) + " is out of the range of a decimal number",
                    e);
        }
    };

    /** An ISO-8601 duration, as {@link Duration#toString()} writes it: exact to the nanosecond. */
    static final ValueReader<Duration> DURATION = (p, ctxt, path) -> {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw ReadErrors.wrongType(p, path, "an ISO-8601 duration string such as \"PT1.5S\"");
        }
        String text = p.getText();
        try {
            return Duration.parse(text);
        } catch (DateTimeException | ArithmeticException e) {
            throw ReadErrors.invalid(p, path + ": " + ReadErrors.quote(text)
                    + " is not an ISO-8601 duration such as \"PT1.5S\"", e);
        }
    };

    /** A finish reason by its enum name, or null. */
    static final ValueReader<@Nullable FinishReason> FINISH_REASON = new ValueReader<>() {
        private final String allowed = Arrays.stream(FinishReason.values()).map(Enum::name)
                .collect(Collectors.joining(", "));

        @Override
        public @Nullable FinishReason read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
            JsonToken t = p.currentToken();
            if (t == JsonToken.VALUE_NULL) {
                return null;
            }
            if (t != JsonToken.VALUE_STRING) {
                throw ReadErrors.wrongType(p, path, "one of " + allowed + " or null");
            }
            for (FinishReason reason : FinishReason.values()) {
                if (reason.name().equals(p.getText())) {
                    return reason;
                }
            }
            throw ReadErrors.invalid(p, path + ": " + ReadErrors.quote(p.getText()) + " is not one of " + allowed
                    + " or null");
        }
    };

    /** A JSON object of any JSON values (a schema, a person's answer), deeply copied as {@code JsonTrees} values. */
    static final ValueReader<Map<String, @Nullable Object>> JSON_OBJECT = (p, ctxt, path) -> {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw ReadErrors.wrongType(p, path, "an object");
        }
        Map<?, ?> read = ctxt.readValue(p, Map.class);
        try {
            return dev.terminus.JsonTrees.copyObject(toStringKeys(read), path);
        } catch (IllegalArgumentException e) {
            throw ReadErrors.invalid(p, String.valueOf(e.getMessage()), e);
        }
    };

    /**
     * Any JSON value but null (a structured output), as a JSON reader's plain values ({@code Map}, {@code List},
     * {@code String}, {@code Integer} or {@code Double}...), deeply copied as {@code JsonTrees} values.
     */
    static final ValueReader<Object> JSON_VALUE = (p, ctxt, path) -> {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            throw ReadErrors.wrongType(p, path, "a JSON value other than null");
        }
        if (p.currentToken() == JsonToken.START_OBJECT) {
            return JSON_OBJECT.read(p, ctxt, path);
        }
        Object read = ctxt.readValue(p, Object.class);
        try { // copied as the one value of an object, so that a list is as unmodifiable as an object is
            return java.util.Objects.requireNonNull(dev.terminus.JsonTrees.copyObject(
                    java.util.Collections.singletonMap("", read), path).get(""));
        } catch (IllegalArgumentException e) {
            throw ReadErrors.invalid(p, String.valueOf(e.getMessage()), e);
        }
    };

    /** @return a reader of one of an enum's constants by its name */
    static <E extends Enum<E>> ValueReader<E> enumNamed(Class<E> type) {
        String allowed = Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", "));
        return (p, ctxt, path) -> {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw ReadErrors.wrongType(p, path, "one of " + allowed);
            }
            for (E constant : type.getEnumConstants()) {
                if (constant.name().equals(p.getText())) {
                    return constant;
                }
            }
            throw ReadErrors.invalid(p, path + ": " + ReadErrors.quote(p.getText()) + " is not one of " + allowed);
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<String, ?> toStringKeys(Map<?, ?> read) {
        return (Map<String, ?>) read; // a JSON object's keys are strings
    }

    /** @return a reader of the value, or of JSON {@code null} as null */
    static <V> ValueReader<@Nullable V> orNull(ValueReader<V> reader) {
        return (p, ctxt, path) -> p.currentToken() == JsonToken.VALUE_NULL ? null : reader.read(p, ctxt, path);
    }

    /** An object of string values, in the order read. */
    static final ValueReader<Map<String, String>> STRING_MAP = (p, ctxt, path) -> {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw ReadErrors.wrongType(p, path, "an object of strings");
        }
        Map<String, String> map = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            map.put(key, STRING.read(p, ctxt, path + "[" + ReadErrors.quote(key) + "]"));
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw ReadErrors.wrongType(p, path, "a field name or the end of the object");
        }
        return map;
    };

    /** An array; each element's path is the list's path with its index, as {@code Checkpoint.transcript[2]}. */
    static <V> ValueReader<List<V>> listOf(ValueReader<V> element) {
        return (p, ctxt, path) -> {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw ReadErrors.wrongType(p, path, "an array");
            }
            List<V> list = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() == null) {
                    throw ReadErrors.wrongType(p, path, "the end of the array");
                }
                list.add(element.read(p, ctxt, path + "[" + list.size() + "]"));
            }
            return list;
        };
    }

    /**
     * An object read by another deserializer (the wire format's, for messages, tool calls and the gate), its errors
     * prefixed with the path.
     *
     * @param deserializer the deserializer, resolved once
     * @param type the type it returns
     * @param what what is expected, for the message when the value is not an object
     */
    static <V> ValueReader<V> delegate(JsonDeserializer<?> deserializer, Class<V> type, String what) {
        return (p, ctxt, path) -> {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                throw ReadErrors.wrongType(p, path, what);
            }
            Object value;
            try {
                value = deserializer.deserialize(p, ctxt);
            } catch (JsonMappingException e) {
                throw ReadErrors.invalid(p, path + ": " + e.getOriginalMessage(), e);
            }
            if (!type.isInstance(value)) {
                throw ReadErrors.invalid(p, path + ": expected " + what + ", got " + value);
            }
            return type.cast(value);
        };
    }
}
