package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import dev.terminus.Termination;
import dev.terminus.jackson.UnrecognizedTermination;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads a termination: locates {@code $kind}, then reads a framework case from the {@link WireFormat}
 * tables, a registered extension through its own deserializer, or (tolerant mode only) an
 * {@link UnrecognizedTermination}. Only registered names are ever instantiated.
 */
public final class TerminationDeserializer extends StdDeserializer<Termination> {

    private final WireFormat format;
    private final Map<String, Class<? extends Termination.Extension>> extensions;
    private final Class<? extends Termination> expected;

    /**
     * @param format the codec tables
     * @param extensions the registered extensions by kind
     * @param expected the type asked for: {@code Termination} or one case
     */
    public TerminationDeserializer(WireFormat format, Map<String, Class<? extends Termination.Extension>> extensions,
            Class<? extends Termination> expected) {
        super(expected);
        this.format = format;
        this.extensions = extensions;
        this.expected = expected;
    }

    @Override
    public Termination deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        KindLocator.Located located = KindLocator.locate(p, ctxt, "Termination");
        String kind = located.kind();
        JsonParser rest = located.parser();
        RecordCodec<? extends Termination> codec = format.byKind(kind);
        Termination value;
        if (codec != null) {
            checkExpected(rest, kind, codec.type());
            value = codec.readFields(rest, ctxt);
        } else {
            Class<? extends Termination.Extension> extension = extensions.get(kind);
            if (extension != null) {
                checkExpected(rest, kind, extension);
                value = readExtension(extension, rest, ctxt);
            } else if (!format.strict() && expected.isAssignableFrom(UnrecognizedTermination.class)) {
                value = new UnrecognizedTermination(kind, readRawFields(rest, ctxt));
            } else {
                throw InvalidTypeIdException.from(rest, "Unknown $kind \"" + kind + "\": not a framework case nor a"
                        + " registered extension (a newer producer? read it in ReadMode.TOLERANT, or register the"
                        + " extension with TerminusModule.builder().registerExtension(\"" + kind + "\", type))",
                        ctxt.constructType(Termination.class), kind);
            }
        }
        return value;
    }

    private void checkExpected(JsonParser p, String kind, Class<?> actual) throws IOException {
        if (!expected.isAssignableFrom(actual)) {
            throw WireErrors.invalid(p, "Expected a " + expected.getSimpleName() + " but $kind is \"" + kind + "\"");
        }
    }

    private static Termination readExtension(Class<? extends Termination.Extension> type, JsonParser p,
            DeserializationContext ctxt) throws IOException {
        JsonDeserializer<Object> deserializer = ctxt.findRootValueDeserializer(ctxt.constructType(type));
        Object value = deserializer instanceof ExtensionDeserializer ext
                ? ext.readAfterKind(p, ctxt)
                : deserializer.deserialize(p, ctxt);
        return (Termination) value;
    }

    private static Map<String, @Nullable Object> readRawFields(JsonParser p, DeserializationContext ctxt)
            throws IOException {
        Map<String, @Nullable Object> fields = new LinkedHashMap<>();
        while (p.currentToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            fields.put(name, ctxt.readValue(p, Object.class));
            p.nextToken();
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw WireErrors.wrongType(p, "Termination", "a field name or the end of the object");
        }
        return fields;
    }
}
