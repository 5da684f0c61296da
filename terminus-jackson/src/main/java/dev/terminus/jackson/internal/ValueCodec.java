package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes one field value of the wire format.
 *
 * @param <V> the Java type of the value
 */
interface ValueCodec<V> {

    /**
     * Writes a value; {@code null} only reaches codecs that are {@linkplain #nullable() nullable}.
     */
    void write(@Nullable V value, JsonGenerator gen) throws IOException;

    /**
     * Reads a value; the parser is on the value's first token and is left on its last token.
     *
     * @param path the field's qualified name, for error messages (e.g. {@code MaxIterationsReached.limit})
     */
    @Nullable V read(JsonParser p, DeserializationContext ctxt, String path) throws IOException;

    /** Whether the field may be null on the wire (and absent, which reads as {@link #absent()}). */
    default boolean nullable() {
        return false;
    }

    /** What an absent field reads as; only consulted for nullable or defaulted fields. */
    default @Nullable V absent() {
        return null;
    }

    /** Whether a field of this codec may be absent from the input. */
    default boolean optional() {
        return nullable();
    }
}
