package dev.terminus;

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
        Preconditions.notNull(object, field);
        try {
            return copyMap(object, 0);
        } catch (BadValue bad) {
            throw new IllegalArgumentException(bad.path(field) + bad.problem);
        }
    }

    // The copy builds no path while it succeeds: a bad value throws BadValue with what is wrong, and each map and
    // list it passes on the way out adds its key or index, so the path is assembled only for the message.

    private static Map<String, @Nullable Object> copyMap(Map<?, ?> map, int depth) {
        checkDepth(depth);
        LinkedHashMap<String, @Nullable Object> copy = LinkedHashMap.newLinkedHashMap(map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new BadValue(" has a key that is not a string: " + entry.getKey());
            }
            @Nullable Object value;
            try {
                value = copyValue(entry.getValue(), depth + 1);
            } catch (BadValue bad) {
                throw bad.under(key);
            }
            copy.put(key, value);
        }
        return Collections.unmodifiableMap(copy);
    }

    private static @Nullable Object copyValue(@Nullable Object value, int depth) {
        return switch (value) {
            case null -> null;
            case String s -> s;
            case Boolean b -> b;
            case Integer i -> i;
            case Long l -> l;
            case BigInteger b -> b;
            case Double d -> requireFinite(d);
            case BigDecimal d -> d;
            case Short s -> s.intValue();
            case Byte b -> b.intValue();
            case Float f -> requireFinite(f.doubleValue());
            case Map<?, ?> m -> copyMap(m, depth);
            case List<?> l -> copyList(l, depth);
            default -> throw new BadValue(" must be a JSON value (null, string, boolean, number, list or map), was a "
                    + value.getClass().getName());
        };
    }

    private static List<@Nullable Object> copyList(List<?> list, int depth) {
        checkDepth(depth);
        ArrayList<@Nullable Object> copy = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            try {
                copy.add(copyValue(list.get(i), depth + 1));
            } catch (BadValue bad) {
                throw bad.at(i);
            }
        }
        return Collections.unmodifiableList(copy);
    }

    private static Double requireFinite(double d) {
        if (!Double.isFinite(d)) {
            throw new BadValue(" must be a finite number, was " + d);
        }
        return d;
    }

    private static void checkDepth(int depth) {
        if (depth > MAX_DEPTH) {
            throw new BadValue(" nests deeper than " + MAX_DEPTH + " levels (a cycle?)");
        }
    }

    /**
     * A value {@link #copyObject} refuses, on its way out of the copy: what is wrong, and the keys and indexes of the
     * maps and lists left so far, innermost first. Never escapes this class; without a stack trace, as only its
     * message is kept.
     */
    private static final class BadValue extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final String problem;
        private final ArrayList<Object> steps = new ArrayList<>();

        BadValue(String problem) {
            super(problem, null, false, false);
            this.problem = problem;
        }

        BadValue under(String key) {
            steps.add(key);
            return this;
        }

        BadValue at(int index) {
            steps.add(index);
            return this;
        }

        String path(String field) {
            StringBuilder path = new StringBuilder(field);
            for (int i = steps.size() - 1; i >= 0; i--) {
                Object step = steps.get(i);
                if (step instanceof String key) {
                    path.append('.').append(key);
                } else {
                    path.append('[').append(step).append(']');
                }
            }
            return path.toString();
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
