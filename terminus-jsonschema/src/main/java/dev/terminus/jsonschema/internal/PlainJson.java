package dev.terminus.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Plain JSON values in Java: {@link Map} with string keys (insertion-ordered), {@link List}, {@link String},
 * {@link Number}, {@link Boolean} and null. Every map and list made here is unmodifiable, so a value can be shared.
 */
public final class PlainJson {
    private PlainJson() {}

    /**
     * A deep, unmodifiable copy of a JSON object given as plain values, checking that it is one.
     *
     * @param object the object
     * @param what what the object is, for messages ("schema")
     * @return the copy, in the same order
     * @throws IllegalArgumentException naming the location and the value that is not JSON
     */
    public static Map<String, @Nullable Object> copyObject(Map<?, ?> object, String what) {
        @SuppressWarnings("unchecked")
        Map<String, @Nullable Object> copy = (Map<String, @Nullable Object>) copy(object, what, List.of());
        return copy;
    }

    private static @Nullable Object copy(@Nullable Object value, String what, List<Object> at) {
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Integer
                || value instanceof Long || value instanceof Short || value instanceof Byte
                || value instanceof BigInteger || value instanceof BigDecimal) {
            return value;
        }
        if (value instanceof Double || value instanceof Float) {
            if (!Double.isFinite(((Number) value).doubleValue())) {
                throw notJson(what, at, value, "a JSON number is finite");
            }
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, @Nullable Object> copy = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String name)) {
                    throw notJson(what, at, entry.getKey(), "a JSON object's keys are strings");
                }
                copy.put(name, copy(entry.getValue(), what, child(at, name)));
            }
            return Collections.unmodifiableMap(copy);
        }
        if (value instanceof Collection<?> items) {
            List<@Nullable Object> copy = new ArrayList<>(items.size());
            for (Object item : items) {
                copy.add(copy(item, what, child(at, copy.size())));
            }
            return Collections.unmodifiableList(copy);
        }
        throw notJson(what, at, value, "JSON values are maps, lists, strings, numbers, booleans and null");
    }

    private static List<Object> child(List<Object> parent, Object segment) {
        List<Object> path = new ArrayList<>(parent);
        path.add(segment);
        return path;
    }

    private static IllegalArgumentException notJson(String what, List<Object> at, Object value, String rule) {
        return new IllegalArgumentException("the " + what + " is not plain JSON: at " + Finding.jsonPath(at) + ", "
                + value + " (a " + value.getClass().getName() + ") is not a JSON value; " + rule);
    }

    /**
     * A parsed JSON value as plain Java values: objects as unmodifiable insertion-ordered maps, arrays as
     * unmodifiable lists, integers as {@link Long} ({@link BigInteger} beyond its range), other numbers as
     * {@link Double} ({@link BigDecimal} beyond its range), strings, booleans, and JSON null as null.
     *
     * @param node the value
     * @return it as plain values
     */
    public static @Nullable Object of(JsonNode node) {
        if (node.isObject()) {
            Map<String, @Nullable Object> map = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                map.put(property.getKey(), of(property.getValue()));
            }
            return Collections.unmodifiableMap(map);
        }
        if (node.isArray()) {
            List<@Nullable Object> list = new ArrayList<>(node.size());
            for (JsonNode item : node) {
                list.add(of(item));
            }
            return Collections.unmodifiableList(list);
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
        }
        if (node.isNumber()) {
            double approximate = node.doubleValue();
            return Double.isFinite(approximate) ? (Object) approximate : node.decimalValue();
        }
        if (node.isNull() || node.isMissingNode()) {
            return null;
        }
        throw new IllegalArgumentException("not a parsed JSON value: a " + node.getNodeType() + " node");
    }
}
