package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserSequence;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.terminus.agent.Checkpoint;
import java.io.IOException;

/**
 * Checks a checkpoint's {@code formatVersion} before any other field is interpreted. When it comes first (as
 * {@link CheckpointSerializer} writes it) the parser is used as is; otherwise the fields before it are buffered
 * unread and replayed, so a checkpoint of another version is refused for its version, never for its fields.
 */
final class VersionLocator {

    static final String FIELD = "formatVersion";

    private VersionLocator() {}

    /**
     * Where a checkpoint's other fields are, and its version.
     *
     * @param rest the parser to read the other fields from, on a field name or the closing brace
     * @param version the checkpoint's format version, one this version reads
     */
    record Located(JsonParser rest, int version) {}

    /**
     * @param p the parser, on the checkpoint's opening brace
     * @return the other fields and the version
     * @throws IOException when the version is missing, not an integer, or not {@link Checkpoint#FORMAT_VERSION},
     *     {@link Checkpoint#INPUT_FORMAT_VERSION} or {@link Checkpoint#CHILD_FORMAT_VERSION}
     */
    static Located locate(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken t = p.nextToken();
        TokenBuffer buffer = null;
        while (t == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            if (FIELD.equals(name)) {
                p.nextToken();
                int version = check(p);
                JsonParser rest = buffer == null ? p
                        : JsonParserSequence.createFlattened(false, buffer.asParser(p), p);
                rest.nextToken();
                return new Located(rest, version);
            }
            if (buffer == null) {
                buffer = ctxt.bufferForInputBuffering(p);
            }
            buffer.writeFieldName(name);
            p.nextToken();
            buffer.copyCurrentStructure(p);
            t = p.nextToken();
        }
        if (t != JsonToken.END_OBJECT) {
            throw ReadErrors.wrongType(p, "Checkpoint", "a field name or the end of the object");
        }
        throw ReadErrors.invalid(p, "checkpoint has no formatVersion: this version reads " + READS);
    }

    private static final String READS = Checkpoint.FORMAT_VERSION + ", " + Checkpoint.INPUT_FORMAT_VERSION + " and "
            + Checkpoint.CHILD_FORMAT_VERSION;

    private static int check(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw ReadErrors.wrongType(p, "Checkpoint." + FIELD, "an integer");
        }
        if (p.getNumberType() != JsonParser.NumberType.INT || (p.getIntValue() != Checkpoint.FORMAT_VERSION
                && p.getIntValue() != Checkpoint.INPUT_FORMAT_VERSION
                && p.getIntValue() != Checkpoint.CHILD_FORMAT_VERSION)) {
            throw ReadErrors.invalid(p, "checkpoint formatVersion " + p.getText()
                    + " is not supported: this version reads " + READS);
        }
        return p.getIntValue();
    }
}
