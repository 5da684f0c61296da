package dev.terminus.converge.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.terminus.checkpoint.CheckpointFormatException;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Predicate;

/** Strict reading of one JSON object: exactly the named fields, each of the expected type; errors name the path. */
final class JsonFields {
    private final JsonNode node;
    private final String path;

    private JsonFields(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    /**
     * @param node the node to read
     * @param path its path, as {@code Pause.context[2]}
     * @param names the fields it must have, and may only have
     * @return the reader
     * @throws CheckpointFormatException when it is not an object, lacks a field or has another
     */
    static JsonFields of(JsonNode node, String path, String... names) throws CheckpointFormatException {
        if (!node.isObject()) {
            throw new CheckpointFormatException(path + ": expected an object, got " + describe(node));
        }
        Set<String> expected = Set.of(names);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!expected.contains(name)) {
                throw new CheckpointFormatException(path + ": unknown field \"" + name + "\"; expected " + String.join(
                        ", ", names));
            }
        }
        for (String name : names) {
            if (!node.has(name)) {
                throw new CheckpointFormatException(path + "." + name + " is missing");
            }
        }
        return new JsonFields(node, path);
    }

    String path(String name) {
        return path + "." + name;
    }

    JsonNode get(String name) {
        return node.get(name);
    }

    JsonFields object(String name, String... names) throws CheckpointFormatException {
        return of(node.get(name), path(name), names);
    }

    String text(String name) throws CheckpointFormatException {
        return value(name, JsonNode::isTextual, "a string").textValue();
    }

    int integer(String name) throws CheckpointFormatException {
        return value(name, value -> value.isIntegralNumber() && value.canConvertToInt(), "an integer").intValue();
    }

    long longInteger(String name) throws CheckpointFormatException {
        return value(name, value -> value.isIntegralNumber() && value.canConvertToLong(), "an integer").longValue();
    }

    double number(String name) throws CheckpointFormatException {
        return value(name, JsonNode::isNumber, "a number").doubleValue();
    }

    ArrayNode array(String name) throws CheckpointFormatException {
        return (ArrayNode) value(name, JsonNode::isArray, "an array");
    }

    /**
     * @param name the field
     * @param type whether its value is of the expected JSON type
     * @param what the expected type, for the message
     * @return its value, of that type
     * @throws CheckpointFormatException naming the field and the value when the value is of another type
     */
    private JsonNode value(String name, Predicate<JsonNode> type, String what) throws CheckpointFormatException {
        JsonNode value = node.get(name);
        if (!type.test(value)) {
            throw new CheckpointFormatException(path(name) + ": expected " + what + ", got " + describe(value));
        }
        return value;
    }

    String[] texts(String name) throws CheckpointFormatException {
        ArrayNode array = array(name);
        String[] texts = new String[array.size()];
        for (int i = 0; i < texts.length; i++) {
            JsonNode element = array.get(i);
            if (!element.isTextual()) {
                throw new CheckpointFormatException(path(name) + "[" + i + "]: expected a string, got "
                        + describe(element));
            }
            texts[i] = element.textValue();
        }
        return texts;
    }

    static String describe(JsonNode value) {
        String text = value.toString();
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }
}
