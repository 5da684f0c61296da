package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** The codecs of the scalar and list field types of the wire format. */
final class ValueCodecs {
    private ValueCodecs() {}

    static final ValueCodec<String> STRING = new ValueCodec<>() {
        @Override public void write(@Nullable String value, JsonGenerator gen) throws IOException {
            gen.writeString(value);
        }
        @Override public String read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw WireErrors.wrongType(p, path, "a string");
            }
            return p.getText();
        }
    };

    static final ValueCodec<String> NULLABLE_STRING = nullable(STRING);

    static final ValueCodec<Integer> INT = new ValueCodec<>() {
        @Override public void write(@Nullable Integer value, JsonGenerator gen) throws IOException {
            gen.writeNumber((int) value);
        }
        @Override public Integer read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
                throw WireErrors.wrongType(p, path, "an integer between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE);
            }
            return p.getIntValue();
        }
    };

    static final ValueCodec<Integer> NULLABLE_INT = nullable(INT);

    static final ValueCodec<Long> LONG = new ValueCodec<>() {
        @Override public void write(@Nullable Long value, JsonGenerator gen) throws IOException {
            gen.writeNumber((long) value);
        }
        @Override public Long read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                throw WireErrors.wrongType(p, path, "a 64-bit integer");
            }
            return p.getLongValue();
        }
    };

    static final ValueCodec<Long> NULLABLE_LONG = nullable(LONG);

    static final ValueCodec<Double> NULLABLE_DOUBLE = nullable(new ValueCodec<>() {
        @Override public void write(@Nullable Double value, JsonGenerator gen) throws IOException {
            gen.writeNumber((double) value);
        }
        @Override public Double read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
            return onNumber(p, path).getDoubleValue();
        }
    });

    static final ValueCodec<BigDecimal> DECIMAL = new ValueCodec<>() {
        @Override public void write(@Nullable BigDecimal value, JsonGenerator gen) throws IOException {
            gen.writeNumber(value);
        }
        @Override public BigDecimal read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
            try {
                return onNumber(p, path).getDecimalValue();
            } catch (NumberFormatException e) {
                // an exponent past what BigDecimal holds, as 1E-2147483649
                throw WireErrors.invalid(p, path + ": " + p.getText() + " is out of the range of a decimal number");
            }
        }
    };

    static final ValueCodec<Boolean> BOOLEAN = new ValueCodec<>() {
        @Override public void write(@Nullable Boolean value, JsonGenerator gen) throws IOException {
            gen.writeBoolean(value);
        }
        @Override public Boolean read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
            JsonToken t = p.currentToken();
            if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
                throw WireErrors.wrongType(p, path, "a boolean");
            }
            return t == JsonToken.VALUE_TRUE;
        }
    };

    static final ValueCodec<List<String>> STRING_LIST = listOf(STRING);

    /** A JSON object of arbitrary JSON values, read as plain Java (maps, lists, strings, numbers, booleans, null). */
    static final ValueCodec<Map<String, @Nullable Object>> JSON_OBJECT = new ValueCodec<>() {
        @Override public void write(@Nullable Map<String, @Nullable Object> value, JsonGenerator gen) throws IOException {
            JsonTreeWriter.writeObject(value, gen);
        }
        @Override public Map<String, @Nullable Object> read(JsonParser p, DeserializationContext ctxt, String path)
                throws IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                throw WireErrors.wrongType(p, path, "an object");
            }
            @SuppressWarnings("unchecked")
            Map<String, @Nullable Object> map = (Map<String, @Nullable Object>) ctxt.readValue(p, Object.class);
            return map;
        }
        @Override public Map<String, @Nullable Object> absent() {
            return Map.of();
        }
        @Override public boolean optional() {
            return true;
        }
    };

    /**
     * @param p the parser, on the value
     * @param path the field, for the message
     * @return the parser, on a JSON number (integral or not)
     * @throws IOException naming the field when the value is not a number
     */
    private static JsonParser onNumber(JsonParser p, String path) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NUMBER_INT) {
            throw WireErrors.wrongType(p, path, "a number");
        }
        return p;
    }

    static <V> ValueCodec<V> nullable(ValueCodec<V> codec) {
        return new ValueCodec<>() {
            @Override public void write(@Nullable V value, JsonGenerator gen) throws IOException {
                if (value == null) {
                    gen.writeNull();
                } else {
                    codec.write(value, gen);
                }
            }
            @Override public @Nullable V read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
                return p.currentToken() == JsonToken.VALUE_NULL ? null : codec.read(p, ctxt, path);
            }
            @Override public boolean nullable() {
                return true;
            }
        };
    }

    static <V> ValueCodec<List<V>> listOf(ValueCodec<V> element) {
        return new ValueCodec<>() {
            @Override public void write(@Nullable List<V> value, JsonGenerator gen) throws IOException {
                gen.writeStartArray(value, value.size());
                for (V v : value) {
                    element.write(v, gen);
                }
                gen.writeEndArray();
            }
            @Override public List<V> read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
                if (p.currentToken() != JsonToken.START_ARRAY) {
                    throw WireErrors.wrongType(p, path, "an array");
                }
                List<V> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (p.currentToken() == null) {
                        throw WireErrors.wrongType(p, path, "the end of the array");
                    }
                    V v = element.read(p, ctxt, path);
                    if (v == null) {
                        throw WireErrors.wrongType(p, path, "a value, not null, at index " + list.size());
                    }
                    list.add(v);
                }
                return list;
            }
        };
    }

    static <E extends Enum<E>> ValueCodec<E> enumOf(Class<E> type) {
        E[] constants = type.getEnumConstants();
        Map<String, E> byName = new HashMap<>();
        for (E e : constants) {
            byName.put(e.name(), e);
        }
        String allowed = Arrays.stream(constants).map(Enum::name).collect(Collectors.joining(", "));
        return new ValueCodec<>() {
            @Override public void write(@Nullable E value, JsonGenerator gen) throws IOException {
                gen.writeString(value.name());
            }
            @Override public E read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
                if (p.currentToken() != JsonToken.VALUE_STRING) {
                    throw WireErrors.wrongType(p, path, "one of " + allowed);
                }
                E e = byName.get(p.getText());
                if (e == null) {
                    throw WireErrors.invalid(p, path + ": \"" + p.getText() + "\" is not one of " + allowed);
                }
                return e;
            }
        };
    }
}
