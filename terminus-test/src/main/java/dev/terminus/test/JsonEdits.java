package dev.terminus.test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The edits {@link HostileInputs} makes to valid documents: of their trees (a field dropped, retyped, renamed; an
 * element removed or repeated) and of their text (cut, a byte flipped, bytes inserted), and raw text put where a
 * value or a field was, which a tree cannot hold (a repeated key, {@code 1e400}, unclosed nesting).
 */
final class JsonEdits {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Stands for raw text in a tree, replaced in the tree's text. */
    private static final String MARKER = "@@hostile-raw@@";
    private static final String QUOTED_MARKER = "\"" + MARKER + "\"";

    private final List<String> fieldNames;
    private final List<String> strings;

    JsonEdits(List<JsonNode> documents) {
        Set<String> names = new LinkedHashSet<>(List.of("$kind", "formatVersion", "id", "name", "type"));
        Set<String> values = new LinkedHashSet<>(List.of("", "x", "PT1S", "-1", "null"));
        documents.forEach(document -> collectVocabulary(document, names, values));
        this.fieldNames = List.copyOf(names);
        this.strings = List.copyOf(values);
    }

    /** One to three edits of the document's tree or its text. */
    byte[] mutated(JsonNode document, SplittableRandom random) {
        JsonNode tree = document;
        int edits = 1 + random.nextInt(3);
        byte[] bytes = null;
        for (int i = 0; i < edits; i++) {
            if (bytes == null && random.nextInt(3) > 0) {
                tree = editTree(tree, random);
            } else {
                bytes = editText(bytes != null ? bytes : tree.toString().getBytes(StandardCharsets.UTF_8), random);
            }
        }
        return bytes != null ? bytes : tree.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A random JSON value, mostly an object, over the documents' field names and string values. */
    String randomJson(SplittableRandom random) {
        JsonNode value = random.nextInt(4) == 0 ? value(random, 3) : object(random, 3);
        return value.toString();
    }

    /** The document with one value (or the whole document) replaced by raw text. */
    String withRawValue(JsonNode document, SplittableRandom random, String raw) {
        List<Slot> slots = new ArrayList<>();
        collectSlots(document, slots);
        if (slots.isEmpty()) {
            return raw;
        }
        slots.get(random.nextInt(slots.size())).set(NODES.textNode(MARKER));
        return document.toString().replace(QUOTED_MARKER, raw);
    }

    /** The document with a field, written raw, added to one of its objects: first or last among its fields. */
    String withRawEntry(JsonNode document, SplittableRandom random, String name, String rawValue) {
        List<ObjectNode> objects = new ArrayList<>();
        collectObjects(document, objects);
        if (objects.isEmpty()) {
            return "{" + NODES.textNode(name) + ":" + rawValue + "}";
        }
        ObjectNode target = objects.get(random.nextInt(objects.size()));
        if (random.nextBoolean()) {
            Map<String, JsonNode> fields = new LinkedHashMap<>();
            target.properties().forEach(e -> fields.put(e.getKey(), e.getValue()));
            target.removeAll();
            target.set(MARKER, NODES.textNode(MARKER));
            target.setAll(fields);
        } else {
            target.set(MARKER, NODES.textNode(MARKER));
        }
        return document.toString().replace(QUOTED_MARKER + ":" + QUOTED_MARKER, NODES.textNode(name) + ":" + rawValue);
    }

    /** The document with one of its fields repeated: with its own value, or another. */
    String withDuplicateKey(JsonNode document, SplittableRandom random) {
        List<ObjectNode> objects = new ArrayList<>();
        collectObjects(document, objects);
        objects.removeIf(JsonNode::isEmpty);
        if (objects.isEmpty()) {
            return "{\"$kind\":\"Completed\",\"$kind\":\"Completed\"}";
        }
        ObjectNode target = objects.get(random.nextInt(objects.size()));
        List<String> names = new ArrayList<>();
        target.fieldNames().forEachRemaining(names::add);
        String name = names.get(random.nextInt(names.size()));
        JsonNode value = random.nextBoolean() ? target.get(name).deepCopy() : value(random, 1);
        return withRawEntry(document, random, name, value.toString());
    }

    private JsonNode editTree(JsonNode root, SplittableRandom random) {
        List<Slot> slots = new ArrayList<>();
        collectSlots(root, slots);
        if (slots.isEmpty()) {
            return value(random, 2);
        }
        Slot slot = slots.get(random.nextInt(slots.size()));
        switch (random.nextInt(8)) {
            case 0 -> slot.remove();
            case 1 -> slot.set(value(random, 2));
            case 2 -> slot.rename(fieldNames.get(random.nextInt(fieldNames.size())));
            case 3 -> slot.set(NODES.nullNode());
            case 4 -> slot.set(NODES.arrayNode().add(slot.get()));
            case 5 -> slot.set(NODES.textNode(strings.get(random.nextInt(strings.size()))));
            case 6 -> slot.repeat();
            default -> {
                JsonNode value = slot.get();
                Iterator<JsonNode> children = value.elements();
                slot.set(children.hasNext() ? children.next() : NODES.objectNode());
            }
        }
        return root;
    }

    private static byte[] editText(byte[] text, SplittableRandom random) {
        int at = text.length == 0 ? 0 : random.nextInt(text.length + 1);
        return switch (random.nextInt(6)) {
            case 0 -> java.util.Arrays.copyOf(text, at);
            case 1 -> {
                byte[] flipped = text.clone();
                if (flipped.length > 0) {
                    flipped[Math.min(at, flipped.length - 1)] ^= (byte) (1 << random.nextInt(8));
                }
                yield flipped;
            }
            case 2 -> insert(text, at, new byte[] {(byte) random.nextInt(256)});
            case 3 -> insert(text, at, new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xED, (byte) 0xA0, (byte) 0x80});
            case 4 -> {
                int end = Math.min(text.length, at + 1 + random.nextInt(20));
                byte[] cut = new byte[text.length - (end - at)];
                System.arraycopy(text, 0, cut, 0, at);
                System.arraycopy(text, end, cut, at, text.length - end);
                yield cut;
            }
            default -> insert(text, at, "{}[]\",:\\".substring(random.nextInt(8)).substring(0, 1)
                    .getBytes(StandardCharsets.UTF_8));
        };
    }

    private static byte[] insert(byte[] text, int at, byte[] inserted) {
        byte[] result = new byte[text.length + inserted.length];
        System.arraycopy(text, 0, result, 0, at);
        System.arraycopy(inserted, 0, result, at, inserted.length);
        System.arraycopy(text, at, result, at + inserted.length, text.length - at);
        return result;
    }

    private JsonNode value(SplittableRandom random, int depth) {
        int roll = random.nextInt(depth == 0 ? 8 : 10);
        return switch (roll) {
            case 0 -> NODES.textNode(strings.get(random.nextInt(strings.size())));
            case 1 -> NODES.numberNode(random.nextInt(-1000, 1000));
            case 2 -> NODES.numberNode(random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE);
            case 3 -> NODES.numberNode(random.nextDouble() * 1e6 - 5e5);
            case 4 -> NODES.booleanNode(random.nextBoolean());
            case 5 -> NODES.nullNode();
            case 6 -> NODES.numberNode(new java.math.BigInteger("99999999999999999999"));
            case 7 -> NODES.textNode(randomText(random));
            case 8 -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(value(random, depth - 1));
                }
                yield array;
            }
            default -> object(random, depth - 1);
        };
    }

    private ObjectNode object(SplittableRandom random, int depth) {
        ObjectNode object = NODES.objectNode();
        for (int i = random.nextInt(6); i > 0; i--) {
            object.set(fieldNames.get(random.nextInt(fieldNames.size())), value(random, Math.max(0, depth)));
        }
        return object;
    }

    private static String randomText(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(12); i > 0; i--) {
            text.append((char) random.nextInt(0x20, 0xFFFF));
        }
        return text.toString();
    }

    private static void collectVocabulary(JsonNode node, Set<String> names, Set<String> values) {
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(names::add);
        } else if (node.isTextual() && node.textValue().length() <= 60) {
            values.add(node.textValue());
        }
        node.elements().forEachRemaining(child -> collectVocabulary(child, names, values));
    }

    private static void collectObjects(JsonNode node, List<ObjectNode> into) {
        if (node instanceof ObjectNode object) {
            into.add(object);
        }
        node.elements().forEachRemaining(child -> collectObjects(child, into));
    }

    private static void collectSlots(JsonNode node, List<Slot> into) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                into.add(new Slot(object, name, -1));
                collectSlots(object.get(name), into);
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                into.add(new Slot(array, null, i));
                collectSlots(array.get(i), into);
            }
        }
    }

    /** A place in a tree: a field of an object, or an element of an array. */
    private record Slot(JsonNode parent, @org.jspecify.annotations.Nullable String field, int index) {
        JsonNode get() {
            return field != null ? parent.get(field) : parent.get(index);
        }

        void set(JsonNode value) {
            if (parent instanceof ObjectNode object && field != null) {
                object.set(field, value);
            } else if (parent instanceof ArrayNode array && index < array.size()) {
                array.set(index, value);
            }
        }

        void remove() {
            if (parent instanceof ObjectNode object && field != null) {
                object.remove(field);
            } else if (parent instanceof ArrayNode array && index < array.size()) {
                array.remove(index);
            }
        }

        void rename(String name) {
            if (parent instanceof ObjectNode object && field != null && object.has(field)) {
                object.set(name, object.remove(field));
            } else {
                repeat();
            }
        }

        void repeat() {
            if (parent instanceof ArrayNode array && index < array.size()) {
                array.insert(index, array.get(index).deepCopy());
            } else if (parent instanceof ObjectNode object && field != null && object.has(field)) {
                object.set(field + "_", object.get(field).deepCopy());
            }
        }
    }
}
