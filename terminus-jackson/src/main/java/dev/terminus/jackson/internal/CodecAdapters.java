package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/** Jackson serializers and deserializers over a {@link ValueCodec}, for the values terminations carry. */
final class CodecAdapters {
    private CodecAdapters() {}

    static <V> StdSerializer<V> serializer(Class<V> type, ValueCodec<V> codec) {
        return new StdSerializer<>(type) {
            @Override
            public void serialize(V value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                codec.write(value, gen);
            }
        };
    }

    static <V> StdDeserializer<V> deserializer(Class<V> type, ValueCodec<V> codec) {
        return new StdDeserializer<>(type) {
            @Override
            public V deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                V value = codec.read(p, ctxt, type.getSimpleName());
                if (value == null) {
                    throw WireErrors.wrongType(p, type.getSimpleName(), "a value, not null");
                }
                return value;
            }
        };
    }
}
