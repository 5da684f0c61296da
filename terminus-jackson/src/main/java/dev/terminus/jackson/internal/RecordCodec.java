package dev.terminus.jackson.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes the fields of one record type, table-driven: no reflection, one slot array per read.
 * Used for the termination cases (behind a {@code $kind}) and for the objects they carry.
 *
 * @param <T> the record type
 */
final class RecordCodec<T> implements ValueCodec<T> {

    /** One field: its wire name, its codec and how to get it from the record. */
    record Field<T>(String name, ValueCodec<?> codec, Function<T, @Nullable Object> getter) {}

    private final String owner;
    private final Class<T> type;
    private final String[] names;
    private final String[] paths;
    private final ValueCodec<Object>[] codecs;
    private final Function<T, @Nullable Object>[] getters;
    private final Function<@Nullable Object[], T> factory;
    private final boolean strict;
    private final String knownFields;

    @SuppressWarnings("unchecked")
    RecordCodec(String owner, Class<T> type, List<Field<T>> fields, Function<@Nullable Object[], T> factory, boolean strict) {
        this.owner = owner;
        this.type = type;
        this.factory = factory;
        this.strict = strict;
        int n = fields.size();
        this.names = new String[n];
        this.paths = new String[n];
        this.codecs = new ValueCodec[n];
        this.getters = new Function[n];
        for (int i = 0; i < n; i++) {
            Field<T> f = fields.get(i);
            names[i] = f.name();
            paths[i] = owner + "." + f.name();
            codecs[i] = (ValueCodec<Object>) f.codec();
            getters[i] = f.getter();
        }
        this.knownFields = n == 0 ? "none" : Arrays.stream(names).collect(Collectors.joining(", "));
    }

    String owner() {
        return owner;
    }

    Class<T> type() {
        return type;
    }

    List<String> fieldNames() {
        return List.of(names);
    }

    /** Writes the fields, in declaration order, without the enclosing braces. */
    void writeFields(T value, JsonGenerator gen) throws IOException {
        for (int i = 0; i < names.length; i++) {
            gen.writeFieldName(names[i]);
            codecs[i].write(getters[i].apply(value), gen);
        }
    }

    /**
     * Reads the fields of an object whose opening brace (and {@code $kind}, if any) is consumed: the parser is
     * on a field name or on the closing brace, and is left on the closing brace.
     */
    T readFields(JsonParser p, DeserializationContext ctxt) throws IOException {
        @Nullable Object[] slots = new Object[names.length];
        int seen = 0;
        JsonToken t = p.currentToken();
        while (t == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            int i = indexOf(name);
            p.nextToken();
            if (i < 0) {
                if (strict) {
                    throw WireErrors.invalid(p, owner + " has no field \"" + name + "\" (its fields: " + knownFields + ")");
                }
                p.skipChildren();
            } else {
                if ((seen & (1 << i)) != 0) {
                    throw WireErrors.invalid(p, paths[i] + " appears twice");
                }
                seen |= 1 << i;
                slots[i] = codecs[i].read(p, ctxt, paths[i]);
                if (slots[i] == null && !codecs[i].nullable()) {
                    throw WireErrors.wrongType(p, paths[i], "a value, not null");
                }
            }
            t = p.nextToken();
        }
        if (t != JsonToken.END_OBJECT) {
            throw WireErrors.wrongType(p, owner, "a field name or the end of the object");
        }
        for (int i = 0; i < names.length; i++) {
            if ((seen & (1 << i)) == 0) {
                if (!codecs[i].optional()) {
                    throw WireErrors.invalid(p, owner + " is missing its field \"" + names[i] + "\"");
                }
                slots[i] = codecs[i].absent();
            }
        }
        try {
            return factory.apply(slots);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw WireErrors.cannotBuild(p, owner, e);
        }
    }

    private int indexOf(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void write(@Nullable T value, JsonGenerator gen) throws IOException {
        gen.writeStartObject(value);
        writeFields(value, gen);
        gen.writeEndObject();
    }

    @Override
    public T read(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw WireErrors.wrongType(p, path, "an object");
        }
        p.nextToken();
        return readFields(p, ctxt);
    }
}
