package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import java.io.IOException;

/**
 * Reads one JSON value of a checkpoint.
 *
 * @param <V> the Java type of the value
 */
@FunctionalInterface
interface ValueReader<V> {

    /**
     * Reads a value; the parser is on its first token and is left on its last token.
     *
     * @param path the field's qualified name, for error messages (e.g. {@code Checkpoint.iterations[2].usage})
     * @throws IOException a Jackson exception naming the path when the value is not what is expected
     */
    V read(JsonParser p, DeserializationContext ctxt, String path) throws IOException;
}
