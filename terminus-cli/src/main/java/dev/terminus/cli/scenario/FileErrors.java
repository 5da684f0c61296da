package dev.terminus.cli.scenario;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns what goes wrong reading a file into one line in the file's terms: where (the line, when the file's text is
 * at hand), the field's path, the value as the file gives it and what is allowed, e.g.
 * {@code s.json line 2, column 29: limits.timeBudgetMs: "5s" is not a number of milliseconds}; never the name of a
 * class, a library or one of its settings.
 */
final class FileErrors {
    private static final ObjectMapper TREE = new ObjectMapper();
    private static final int LONGEST_VALUE = 60;
    /** A record's own check's message that starts with the field it is about: {@code maxBackoffMs: must be ...}. */
    private static final java.util.regex.Pattern FIELD = java.util.regex.Pattern.compile("([a-zA-Z]+): (.*)",
            java.util.regex.Pattern.DOTALL);

    private FileErrors() {}

    /**
     * A file, or a part of one, being read: how errors name it, and its text (or, for a part, its tree).
     *
     * @param source how errors name it
     * @param text the file's bytes, or null for a part
     * @param tree the part, or null for a file
     */
    record Document(String source, byte @Nullable [] text, @Nullable JsonNode tree) {

        /** @return the document as a tree, or null when it is no JSON */
        @Nullable JsonNode root() {
            if (tree != null) {
                return tree;
            }
            try {
                return TREE.readTree(text);
            } catch (IOException e) {
                return null;
            }
        }
    }

    /**
     * @param failure why the reader refused the document
     * @param document the document
     * @param expected what the document should hold, for a top that is no such thing
     * @return the error, one line
     */
    static ScenarioException refusal(IOException failure, Document document, String expected) {
        if (!(failure instanceof JacksonException e)) {
            return new ScenarioException(document.source() + ": cannot be read: " + failure.getMessage());
        }
        Line line = line(e, path(e), document, expected);
        return new ScenarioException(document.source() + where(e.getLocation()) + ": "
                + (line.path().isEmpty() ? "" : name(line.path()) + ": ") + line.text());
    }

    /** What an error says: the path of the field, and what is wrong with it. */
    private record Line(List<Object> path, String text) {}

    /**
     * @param violation a field that breaks its rule
     * @param document the document it is in
     * @return the error, one line, with the line of the field (or of its object, when the field is missing)
     */
    static ScenarioException refusal(FileRules.Violation violation, Document document) {
        String at = violation.value() == null ? violation.rule()
                : violation.rule() + ", was " + value(violation.path(), document, violation.value());
        List<Object> path = violation.path();
        String where = document.text() == null ? "" : where(locate(document.text(), pointer(path)));
        return new ScenarioException(document.source() + where + ": " + (path.isEmpty() ? "" : name(path) + ": ")
                + at);
    }

    private static Line line(JacksonException e, List<Object> path, Document document, String expected) {
        if (e instanceof ValueInstantiationException instantiation) {
            // the records' own checks, whose messages are the file's: "maxBackoffMs: must be >= ..." or a sentence
            Throwable cause = instantiation.getCause() != null ? instantiation.getCause() : instantiation;
            String message = String.valueOf(cause.getMessage());
            java.util.regex.Matcher field = FIELD.matcher(message);
            if (field.matches()) {
                List<Object> at = new ArrayList<>(path);
                at.add(field.group(1));
                return new Line(at, field.group(2));
            }
            return new Line(path, message);
        }
        JsonNode root = document.root();
        if (root != null && !root.isObject() && !(e instanceof com.fasterxml.jackson.core.JsonParseException)) {
            return new Line(List.of(), "expected " + expected + ", got " + value(List.of(), document, null));
        }
        return new Line(path, problem(e, path, document, expected));
    }

    private static String problem(JacksonException e, List<Object> path, Document document, String expected) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            List<String> known = new ArrayList<>();
            unknown.getKnownPropertyIds().forEach(id -> known.add(String.valueOf(id)));
            known.sort(null);
            return "unknown field \"" + unknown.getPropertyName() + "\" (known here: " + String.join(", ", known) + ")";
        }
        if (e instanceof StreamConstraintsException) {
            return "a number, a text or a nesting is longer or deeper than a file may have ("
                    + e.getOriginalMessage().replaceAll(",? from `[^`]*`\\)?", "").replaceAll("`", "") + ")";
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null
                && mismatch.getOriginalMessage().startsWith("Trailing token")) {
            return "the file goes on after its JSON value ends";
        }
        InputCoercionException coercion = coercion(e);
        if (coercion != null && !path.isEmpty()) {
            boolean isInt = coercion.getTargetType() == Integer.class || coercion.getTargetType() == int.class;
            return value(path, document, null) + " is not a whole number between "
                    + (isInt ? Integer.MIN_VALUE : Long.MIN_VALUE) + " and " + (isInt ? Integer.MAX_VALUE : Long.MAX_VALUE);
        }
        Class<?> target = e instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null;
        if (target == null) {
            // the JSON itself is broken: its parser's words name no class
            return e.getOriginalMessage();
        }
        String value = value(path, document, null);
        if (path.isEmpty()) {
            return "expected " + expected + ", got " + value;
        }
        Object last = path.getLast();
        return value + " is not " + (last instanceof Integer ? describe(target, "") : describe(target, (String) last));
    }

    /** A number beyond its type's range, which the reader may report as the cause of its own failure. */
    private static @Nullable InputCoercionException coercion(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof InputCoercionException coercion) {
                return coercion;
            }
        }
        return null;
    }

    /**
     * @param type a field's type
     * @param field its name
     * @return what the file may give there: {@code a number of milliseconds}
     */
    static String describe(Class<?> type, String field) {
        if (type == Integer.class || type == int.class || type == Short.class || type == short.class) {
            return "a whole number";
        }
        if (type == Long.class || type == long.class) {
            return field.endsWith("Ms") ? "a number of milliseconds" : "a whole number";
        }
        if (type == BigDecimal.class) {
            return "a number (or a number in a string)";
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type.isRecord() && type.getRecordComponents().length <= 6) {
            List<String> fields = new ArrayList<>();
            for (RecordComponent component : type.getRecordComponents()) {
                fields.add(component.getName());
            }
            return "an object with the fields " + String.join(", ", fields);
        }
        if (type.isRecord() || Map.class.isAssignableFrom(type) || JsonNode.class.isAssignableFrom(type)) {
            return "an object";
        }
        return "a JSON value";
    }

    /** The path of the failure: the reader's, or for a number out of its type's range, where the parser stood. */
    private static List<Object> path(JacksonException e) {
        List<Object> path = new ArrayList<>();
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            for (JsonMappingException.Reference reference : mapping.getPath()) {
                path.add(reference.getFieldName() != null ? reference.getFieldName() : reference.getIndex());
            }
            return path;
        }
        if (e.getProcessor() instanceof JsonParser parser) {
            for (JsonStreamContext context = parser.getParsingContext(); context != null && !context.inRoot();
                    context = context.getParent()) {
                if (context.inObject() && context.getCurrentName() != null) {
                    path.addFirst(context.getCurrentName());
                } else if (context.inArray() && context.getCurrentIndex() >= 0) {
                    path.addFirst(context.getCurrentIndex());
                }
            }
        }
        return path;
    }

    /** A path as the file's terms write it: {@code script[1].toolCalls[0].name}. */
    static String name(List<Object> path) {
        StringBuilder name = new StringBuilder();
        for (Object part : path) {
            if (part instanceof Integer index) {
                name.append('[').append(index).append(']');
            } else {
                name.append(name.isEmpty() ? "" : ".").append(part);
            }
        }
        return name.toString();
    }

    private static JsonPointer pointer(List<Object> path) {
        JsonPointer pointer = JsonPointer.empty();
        for (Object part : path) {
            pointer = part instanceof Integer index ? pointer.appendIndex(index) : pointer.appendProperty((String) part);
        }
        return pointer;
    }

    /** The value at a path as the file writes it, shortened; the value read when the document has none there. */
    private static String value(List<Object> path, Document document, @Nullable Object read) {
        JsonNode root = document.root();
        JsonNode node = root == null ? null : root.at(pointer(path));
        String text = node == null || node.isMissingNode()
                ? (read instanceof BigDecimal decimal ? decimal.toPlainString() : String.valueOf(read))
                : node.toString();
        return text.length() <= LONGEST_VALUE ? text : text.substring(0, LONGEST_VALUE) + "...";
    }

    /** Where the value at a pointer starts in a file's text, or null when it is not there. */
    private static @Nullable JsonLocation locate(byte[] text, JsonPointer target) {
        try (JsonParser parser = TREE.createParser(text)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.FIELD_NAME || token.isStructEnd()) {
                    continue;
                }
                JsonStreamContext context = token.isStructStart() ? parser.getParsingContext().getParent()
                        : parser.getParsingContext();
                if (context != null && context.pathAsPointer().equals(target)) {
                    return parser.currentTokenLocation();
                }
            }
        } catch (IOException e) {
            // read once already: a file that cannot be parsed again is named without its line
        }
        return null;
    }

    static String where(@Nullable JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " line " + location.getLineNr() + ", column " + location.getColumnNr();
    }
}
