package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.ResolvableDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Reads a registered extension: checks that its {@code $kind} is the registered one, then hands the
 * remaining fields to the (bean or record) deserializer Jackson built for its class.
 */
final class ExtensionDeserializer extends StdDeserializer<Object> implements ResolvableDeserializer, ContextualDeserializer {

    private final String kind;
    private final JsonDeserializer<Object> delegate;

    @SuppressWarnings("unchecked")
    ExtensionDeserializer(Class<?> type, String kind, JsonDeserializer<?> delegate) {
        super(type);
        this.kind = kind;
        this.delegate = (JsonDeserializer<Object>) delegate;
    }

    @Override
    public void resolve(DeserializationContext ctxt) throws JsonMappingException {
        if (delegate instanceof ResolvableDeserializer resolvable) {
            resolvable.resolve(ctxt);
        }
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, @Nullable BeanProperty property)
            throws JsonMappingException {
        JsonDeserializer<?> contextual = ctxt.handleSecondaryContextualization(delegate, property,
                ctxt.constructType(handledType()));
        return contextual == delegate ? this : new ExtensionDeserializer(handledType(), kind, contextual);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        KindLocator.Located located = KindLocator.locate(p, ctxt, handledType().getSimpleName());
        if (!kind.equals(located.kind())) {
            throw WireErrors.invalid(located.parser(), "Expected $kind \"" + kind + "\" for "
                    + handledType().getName() + " but got \"" + located.kind() + "\"");
        }
        return readAfterKind(located.parser(), ctxt);
    }

    /** Reads the fields after {@code $kind}: the parser is on a field name or the closing brace. */
    Object readAfterKind(JsonParser p, DeserializationContext ctxt) throws IOException {
        try {
            return delegate.deserialize(p, ctxt);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw WireErrors.cannotBuild(p, kind, e);
        }
    }
}
