package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Writes JSON values held as plain Java (as the core's {@code JsonTrees} keeps them) without reflection. */
final class JsonTreeWriter {
    private JsonTreeWriter() {}

    static void writeObject(@Nullable Map<String, @Nullable Object> object, JsonGenerator gen) throws IOException {
        gen.writeStartObject(object);
        if (object != null) {
            for (Map.Entry<String, @Nullable Object> e : object.entrySet()) {
                gen.writeFieldName(e.getKey());
                writeValue(e.getValue(), gen);
            }
        }
        gen.writeEndObject();
    }

    @SuppressWarnings("unchecked")
    static void writeValue(@Nullable Object value, JsonGenerator gen) throws IOException {
        switch (value) {
            case null -> gen.writeNull();
            case String s -> gen.writeString(s);
            case Boolean b -> gen.writeBoolean(b);
            case Integer i -> gen.writeNumber(i);
            case Long l -> gen.writeNumber(l);
            case Double d -> gen.writeNumber(d);
            case BigDecimal d -> gen.writeNumber(d);
            case BigInteger b -> gen.writeNumber(b);
            case Map<?, ?> m -> writeObject((Map<String, @Nullable Object>) m, gen);
            case List<?> list -> {
                gen.writeStartArray(list, list.size());
                for (Object o : list) {
                    writeValue(o, gen);
                }
                gen.writeEndArray();
            }
            default -> gen.writeObject(value);
        }
    }
}
