package dev.terminus.pipeline.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import dev.terminus.checkpoint.CheckpointFormatException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The fields of one JSON object of a pipeline checkpoint, read strictly: every field named is required, any other is
 * refused, and every error names the field by its path (as {@code PipelineCheckpoint.ended[0].usage.inputTokens}) and
 * the bad value.
 */
final class JsonFields {
    private static final int MAX_SHOWN = 80;

    private final JsonNode object;
    private final String path;

    private JsonFields(JsonNode object, String path) {
        this.object = object;
        this.path = path;
    }

    /**
     * @param node the node that must be an object
     * @param path its path
     * @param fields the names of the fields it must have, and no others
     * @return its fields
     * @throws CheckpointFormatException when it is not an object, lacks a field or has another
     */
    static JsonFields of(JsonNode node, String path, Set<String> fields) throws CheckpointFormatException {
        if (!node.isObject()) {
            throw wrong(path, "an object", node);
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!fields.contains(name)) {
                throw new CheckpointFormatException(path + ": unknown field \"" + shorten(name) + "\"; the fields are "
                        + fields);
            }
        }
        for (String field : fields) {
            if (!node.has(field)) {
                throw new CheckpointFormatException(path + "." + field + " is missing");
            }
        }
        return new JsonFields(node, path);
    }

    /** @return the path of a field */
    String path(String field) {
        return path + "." + field;
    }

    /** @return the field's node */
    JsonNode node(String field) {
        return object.get(field);
    }

    String text(String field) throws CheckpointFormatException {
        JsonNode node = object.get(field);
        if (!node.isTextual()) {
            throw wrong(path(field), "a string", node);
        }
        return node.textValue();
    }

    @Nullable String textOrNull(String field) throws CheckpointFormatException {
        return object.get(field).isNull() ? null : text(field);
    }

    long count(String field) throws CheckpointFormatException {
        JsonNode node = object.get(field);
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < 0) {
            throw wrong(path(field), "a whole number at least 0", node);
        }
        return node.longValue();
    }

    int smallCount(String field) throws CheckpointFormatException {
        long count = count(field);
        if (count > Integer.MAX_VALUE) {
            throw wrong(path(field), "a whole number from 0 to " + Integer.MAX_VALUE, object.get(field));
        }
        return (int) count;
    }

    BigDecimal decimal(String field) throws CheckpointFormatException {
        JsonNode node = object.get(field);
        if (!node.isNumber() || node.decimalValue().signum() < 0) {
            throw wrong(path(field), "a number at least 0", node);
        }
        return node.decimalValue();
    }

    Duration duration(String field) throws CheckpointFormatException {
        String text = text(field);
        try {
            Duration duration = Duration.parse(text);
            if (duration.isNegative()) {
                throw new CheckpointFormatException(path(field) + ": expected a duration at least PT0S, got \""
                        + shorten(text) + "\"");
            }
            return duration;
        } catch (DateTimeParseException e) {
            throw new CheckpointFormatException(path(field) + ": expected an ISO-8601 duration such as PT1.5S, got"
                    + " \"" + shorten(text) + "\"", e);
        }
    }

    <E extends Enum<E>> E constant(String field, Class<E> type) throws CheckpointFormatException {
        String text = text(field);
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(text)) {
                return constant;
            }
        }
        List<String> names = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            names.add(constant.name());
        }
        throw new CheckpointFormatException(path(field) + ": expected one of " + names + ", got \"" + shorten(text)
                + "\"");
    }

    /** @return the field's elements, when it is an array */
    List<JsonNode> array(String field) throws CheckpointFormatException {
        JsonNode node = object.get(field);
        if (!node.isArray()) {
            throw wrong(path(field), "an array", node);
        }
        List<JsonNode> elements = new ArrayList<>(node.size());
        node.elements().forEachRemaining(elements::add);
        return elements;
    }

    static CheckpointFormatException wrong(String path, String expected, JsonNode node) {
        return new CheckpointFormatException(path + ": expected " + expected + ", got " + describe(node));
    }

    private static String describe(JsonNode node) {
        JsonNodeType type = node.getNodeType();
        return switch (type) {
            case OBJECT, POJO -> "an object";
            case ARRAY -> "an array";
            case STRING -> "the string \"" + shorten(node.textValue()) + "\"";
            case NUMBER -> "the number " + shorten(node.asText());
            case BOOLEAN -> String.valueOf(node.booleanValue());
            case NULL, MISSING -> "null";
            case BINARY -> "binary data";
        };
    }

    private static String shorten(String text) {
        return text.length() <= MAX_SHOWN ? text : text.substring(0, MAX_SHOWN) + "...";
    }
}
