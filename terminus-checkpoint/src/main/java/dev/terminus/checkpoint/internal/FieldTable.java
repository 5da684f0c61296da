package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The fields of one JSON object, each with its reader. Reading is strict: an unknown field, a field given twice and a
 * missing field are errors naming the field; the order of the fields does not matter. An optional field (one written
 * only when it holds something) may be missing, and then has the value it stands for when absent. Immutable.
 */
final class FieldTable {

    private final Map<String, ValueReader<?>> readers;
    private final List<String> order;
    private final String known;
    private final Map<String, ValueReader<?>> inOrder;
    private final List<String> shownNames;
    /** The optional fields, with the value each has when it is missing. */
    private final Map<String, Object> whenAbsent;

    private FieldTable(Map<String, ValueReader<?>> readers, List<String> shownNames, Map<String, Object> whenAbsent) {
        this.inOrder = new LinkedHashMap<>(readers);
        this.shownNames = List.copyOf(shownNames);
        this.readers = Map.copyOf(readers);
        this.order = List.copyOf(readers.keySet());
        this.known = String.join(", ", shownNames);
        this.whenAbsent = new LinkedHashMap<>(whenAbsent);
    }

    /**
     * @param name one more field
     * @param reader how it is read
     * @return a table of this table's fields and that one
     */
    FieldTable with(String name, ValueReader<?> reader) {
        Map<String, ValueReader<?>> more = new LinkedHashMap<>(inOrder);
        more.put(name, reader);
        List<String> shown = new ArrayList<>(shownNames);
        shown.add(name);
        return new FieldTable(more, shown, whenAbsent);
    }

    /** @return a builder of a table, its fields added in the order they are written */
    static Builder builder() {
        return new Builder();
    }

    /**
     * @param build makes the value of the object's fields; what it throws for a value the value's type refuses (an
     *     {@code IllegalArgumentException} or a {@code NullPointerException}) is reported with the path and the
     *     refusal's message
     * @param <V> the value's type
     * @return a reader of an object of this table's fields, as a value of type {@code V}
     */
    <V> ValueReader<V> reader(Function<Values, V> build) {
        return (p, ctxt, path) -> {
            Values values = readObject(p, ctxt, path);
            try {
                return build.apply(values);
            } catch (IllegalArgumentException | NullPointerException e) {
                throw ReadErrors.invalid(p, path + ": " + e.getMessage(), e);
            }
        };
    }

    /** Reads an object; the parser is on its opening brace and is left on its closing brace. */
    Values readObject(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw ReadErrors.wrongType(p, path, "an object with the fields " + known);
        }
        p.nextToken();
        return readFields(p, ctxt, path);
    }

    /** Reads the fields of an object; the parser is on a field name or the closing brace and is left on the latter. */
    Values readFields(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
        Map<String, @Nullable Object> values = LinkedHashMap.newLinkedHashMap(readers.size());
        JsonToken t = p.currentToken();
        while (t == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            ValueReader<?> reader = readers.get(name);
            if (reader == null) {
                throw ReadErrors.invalid(p, path + " has no field " + ReadErrors.quote(name) + " (its fields: "
                        + known + ")");
            }
            if (values.containsKey(name)) {
                throw ReadErrors.invalid(p, path + "." + name + " appears twice");
            }
            p.nextToken();
            values.put(name, reader.read(p, ctxt, path + "." + name));
            t = p.nextToken();
        }
        if (t != JsonToken.END_OBJECT) {
            throw ReadErrors.wrongType(p, path, "a field name or the end of the object");
        }
        whenAbsent.forEach((name, absent) -> {
            if (!values.containsKey(name)) {
                values.put(name, absent);
            }
        });
        if (values.size() < readers.size()) {
            List<String> missing = new ArrayList<>(order);
            missing.removeAll(values.keySet());
            throw ReadErrors.invalid(p, path + " is missing its field" + (missing.size() == 1 ? " " : "s ")
                    + missing.stream().map(ReadErrors::quote).collect(Collectors.joining(", ")));
        }
        return new Values(values);
    }

    /** Collects the fields of a table. */
    static final class Builder {
        private final Map<String, ValueReader<?>> readers = new LinkedHashMap<>();
        private final List<String> shown = new ArrayList<>();
        private final Map<String, Object> whenAbsent = new LinkedHashMap<>();

        private Builder() {}

        /** Adds a field the table reads. */
        Builder field(String name, ValueReader<?> reader) {
            readers.put(name, reader);
            shown.add(name);
            return this;
        }

        /** Adds a field that may be missing (it is written only when it holds something), standing for a value. */
        Builder optional(String name, ValueReader<?> reader, Object absent) {
            field(name, reader);
            whenAbsent.put(name, absent);
            return this;
        }

        /** Adds a field read before the table is (the version), so that the messages still list it. */
        Builder shownOnly(String name) {
            shown.add(name);
            return this;
        }

        FieldTable build() {
            return new FieldTable(readers, shown, whenAbsent);
        }
    }

    /** The values read, by field name; every field of the table is present (a nullable one may hold null). */
    static final class Values {
        private final Map<String, @Nullable Object> byName;

        private Values(Map<String, @Nullable Object> byName) {
            this.byName = byName;
        }

        /** @return the value of a field, of the type its reader returns */
        @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
        <T extends @Nullable Object> T get(String name) {
            return (T) byName.get(name);
        }
    }
}
