package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;
import com.fasterxml.jackson.databind.ser.ResolvableSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.util.NameTransformer;
import dev.terminus.Termination;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Writes a registered extension: {@code $kind} first, then the fields its own (bean or record) serializer
 * writes. An unregistered extension type gets a serializer that fails loudly, naming the type.
 */
final class ExtensionSerializer extends StdSerializer<Object> implements ResolvableSerializer, ContextualSerializer {

    private final @Nullable String kind;
    private final JsonSerializer<Object> delegate;
    private @Nullable JsonSerializer<Object> unwrapping;

    /**
     * @param kind the registered kind, or null when the type is not registered
     * @param delegate the serializer Jackson built for the extension's class
     */
    @SuppressWarnings("unchecked")
    ExtensionSerializer(Class<?> type, @Nullable String kind, JsonSerializer<?> delegate) {
        super((Class<Object>) type);
        this.kind = kind;
        this.delegate = (JsonSerializer<Object>) delegate;
    }

    @Override
    public void resolve(SerializerProvider provider) throws JsonMappingException {
        if (delegate instanceof ResolvableSerializer resolvable) {
            resolvable.resolve(provider);
        }
        unwrapping = delegate.unwrappingSerializer(NameTransformer.NOP);
    }

    @Override
    public JsonSerializer<?> createContextual(SerializerProvider provider, @Nullable BeanProperty property)
            throws JsonMappingException {
        JsonSerializer<?> contextual = provider.handleSecondaryContextualization(delegate, property);
        if (contextual == delegate) {
            return this;
        }
        ExtensionSerializer copy = new ExtensionSerializer(handledType(), kind, contextual);
        copy.unwrapping = copy.delegate.unwrappingSerializer(NameTransformer.NOP);
        return copy;
    }

    @Override
    public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (kind == null) {
            throw InvalidDefinitionException.from(gen, "Cannot write the termination extension "
                    + value.getClass().getName() + ": its type is not registered with TerminusModule"
                    + " (use TerminusModule.builder().registerExtension(\"<Kind>\", "
                    + value.getClass().getSimpleName() + ".class))", provider.constructType(value.getClass()));
        }
        String tag = ((Termination) value).tag();
        try {
            Termination.Extension.requireValidTag(tag);
        } catch (IllegalArgumentException e) {
            throw InvalidDefinitionException.from(gen, "Cannot write the termination extension "
                    + value.getClass().getName() + ": " + e.getMessage(), provider.constructType(value.getClass()));
        }
        JsonSerializer<Object> fields = unwrapping != null ? unwrapping : delegate.unwrappingSerializer(NameTransformer.NOP);
        gen.writeStartObject(value);
        gen.writeStringField(KindLocator.KIND, kind);
        fields.serialize(value, gen, provider);
        gen.writeEndObject();
    }
}
