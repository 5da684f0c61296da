package dev.terminus.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Deep, unmodifiable copies of JSON values held as plain Java objects: {@code null}, {@link String},
 * {@link Boolean}, {@link Integer}, {@link Long}, {@link BigInteger}, {@link Double},
 * {@link BigDecimal}, {@link List} and {@link Map} with {@code String} keys. This is how the
 * vocabulary carries free-form JSON (custom properties, tool-call arguments) without depending on
 * a JSON library.
 */
public final class JsonTrees {
    /** Deeper than this is refused: no legitimate value nests so far, and cycles would not end. */
    public static final int MAX_DEPTH = 256;

    private JsonTrees() {}

    /**
     * Copies a JSON object.
     *
     * @param object the object; its keys must be strings and its values JSON values
     * @param field the qualified field name used in error messages
     * @return an unmodifiable, insertion-ordered deep copy
     * @throws NullPointerException when the object is null
     * @throws IllegalArgumentException naming the path of a value that is not a JSON value
     */
    public static Map<String, @Nullable Object> copyObject(@Nullable Map<String, ?> object, String field) {
        Checks.notNull(object, field);
        return copyMap(object, field, 0);
    }

    private static Map<String, @Nullable Object> copyMap(Map<?, ?> map, String path, int depth) {
        checkDepth(path, depth);
        LinkedHashMap<String, @Nullable Object> copy = LinkedHashMap.newLinkedHashMap(map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException(path + " has a key that is not a string: " + entry.getKey());
            }
            copy.put(key, copyValue(entry.getValue(), path + "." + key, depth + 1));
        }
        return Collections.unmodifiableMap(copy);
    }

    private static @Nullable Object copyValue(@Nullable Object value, String path, int depth) {
        return switch (value) {
            case null -> null;
            case String s -> s;
            case Boolean b -> b;
            case Integer i -> i;
            case Long l -> l;
            case BigInteger b -> b;
            case Double d -> requireFinite(d, path);
            case BigDecimal d -> d;
            case Short s -> s.intValue();
            case Byte b -> b.intValue();
            case Float f -> requireFinite(f.doubleValue(), path);
            case Map<?, ?> m -> copyMap(m, path, depth);
            case List<?> l -> copyList(l, path, depth);
            default -> throw new IllegalArgumentException(
                    path + " must be a JSON value (null, string, boolean, number, list or map), was a "
                            + value.getClass().getName());
        };
    }

    private static List<@Nullable Object> copyList(List<?> list, String path, int depth) {
        checkDepth(path, depth);
        ArrayList<@Nullable Object> copy = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            copy.add(copyValue(list.get(i), path + "[" + i + "]", depth + 1));
        }
        return Collections.unmodifiableList(copy);
    }

    private static Double requireFinite(double d, String path) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException(path + " must be a finite number, was " + d);
        }
        return d;
    }

    private static void checkDepth(String path, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException(path + " nests deeper than " + MAX_DEPTH + " levels (a cycle?)");
        }
    }

    /**
     * Converts a JSON value to the requested type, for typed property access.
     *
     * @param value the value (as held by {@link #copyObject})
     * @param type the wanted type; numbers convert between number types only when exact
     * @param path the value's path, used in error messages
     * @param <T> the wanted type
     * @return the converted value
     * @throws IllegalArgumentException naming the path and value when the conversion is not exact
     */
    public static <T> T convert(Object value, Class<T> type, String path) {
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        if (value instanceof Number n) {
            Object converted = convertNumber(n, type, path);
            if (converted != null) {
                return type.cast(converted);
            }
        }
        throw new IllegalArgumentException(path + " is " + describe(value) + ", not a " + type.getSimpleName());
    }

    private static @Nullable Object convertNumber(Number n, Class<?> type, String path) {
        BigDecimal exact = n instanceof BigDecimal d ? d
                : n instanceof BigInteger b ? new BigDecimal(b)
                : n instanceof Double || n instanceof Float ? BigDecimal.valueOf(n.doubleValue())
                : BigDecimal.valueOf(n.longValue());
        try {
            if (type == Integer.class) {
                return exact.intValueExact();
            } else if (type == Long.class) {
                return exact.longValueExact();
            } else if (type == BigInteger.class) {
                return exact.toBigIntegerExact();
            } else if (type == BigDecimal.class) {
                return exact;
            } else if (type == Double.class) {
                double d = exact.doubleValue();
                if (n instanceof Double || n instanceof Float
                        || (Double.isFinite(d) && BigDecimal.valueOf(d).compareTo(exact) == 0)) {
                    return d;
                }
                throw new ArithmeticException("not exactly representable as a double");
            }
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(path + " is " + describe(n) + ", not a " + type.getSimpleName(), e);
        }
        return null;
    }

    private static String describe(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : value + " (" + value.getClass().getSimpleName() + ")";
    }
}
