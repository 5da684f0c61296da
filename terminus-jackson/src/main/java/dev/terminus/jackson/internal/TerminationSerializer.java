package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.terminus.Termination;
import dev.terminus.jackson.UnrecognizedTermination;
import java.io.IOException;

/**
 * Writes framework cases from the {@link WireFormat} tables and {@link UnrecognizedTermination}s as they were
 * read; any other extension goes to the serializer of its runtime class ({@link ExtensionSerializer}).
 */
public final class TerminationSerializer extends StdSerializer<Termination> {

    private final WireFormat format;

    /**
     * @param format the codec tables
     */
    public TerminationSerializer(WireFormat format) {
        super(Termination.class);
        this.format = format;
    }

    @Override
    public void serialize(Termination value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        RecordCodec<? extends Termination> codec = format.byClass(value.getClass());
        if (codec != null) {
            write(codec, value, gen);
        } else if (value instanceof UnrecognizedTermination unrecognized) {
            gen.writeStartObject(value);
            gen.writeStringField(KindLocator.KIND, unrecognized.kind());
            for (var field : unrecognized.fields().entrySet()) {
                gen.writeFieldName(field.getKey());
                JsonTreeWriter.writeValue(field.getValue(), gen);
            }
            gen.writeEndObject();
        } else {
            provider.findValueSerializer(value.getClass()).serialize(value, gen, provider);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Termination> void write(RecordCodec<T> codec, Termination value, JsonGenerator gen)
            throws IOException {
        gen.writeStartObject(value);
        gen.writeStringField(KindLocator.KIND, codec.owner());
        codec.writeFields((T) value, gen);
        gen.writeEndObject();
    }
}
