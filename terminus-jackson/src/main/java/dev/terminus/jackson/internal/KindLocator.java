package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserSequence;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;

/**
 * Finds the {@code $kind} of an object. When it comes first (as every writer of the format puts it) the
 * parser is used as is; otherwise the fields before it are buffered and replayed, so the order of
 * properties never matters to a reader.
 */
final class KindLocator {

    /** The kind and the parser to read the remaining fields from (on a field name or the closing brace). */
    record Located(String kind, JsonParser parser) {}

    static final String KIND = "$kind";

    private KindLocator() {}

    static Located locate(JsonParser p, DeserializationContext ctxt, String what) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            t = p.nextToken();
        } else if (t != JsonToken.FIELD_NAME && t != JsonToken.END_OBJECT) {
            throw WireErrors.wrongType(p, what, "an object with a \"$kind\"");
        }
        TokenBuffer buffer = null;
        while (t == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            if (KIND.equals(name)) {
                if (p.nextToken() != JsonToken.VALUE_STRING) {
                    throw WireErrors.wrongType(p, what + ".$kind", "a string naming the case");
                }
                String kind = p.getText();
                JsonParser rest = p;
                if (buffer != null) {
                    rest = JsonParserSequence.createFlattened(false, buffer.asParser(p), p);
                }
                rest.nextToken();
                return new Located(kind, rest);
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
            throw WireErrors.wrongType(p, what, "a field name or the end of the object");
        }
        throw WireErrors.invalid(p, what + " is missing \"$kind\", the name of its case"
                + " (e.g. {\"$kind\":\"NaturalCompletion\"})");
    }
}
