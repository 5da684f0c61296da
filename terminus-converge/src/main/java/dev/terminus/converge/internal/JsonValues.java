package dev.terminus.converge.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Fact values: JSON values held as plain Java, normalized the way a JSON reader produces them, so that a value
 * equals itself after a trip through JSON. Whole numbers become the smallest of {@link Integer}, {@link Long},
 * {@link BigInteger} that holds them; fractions ({@link Float}, {@link Double}, {@link BigDecimal}) become
 * {@link Double}; lists and string-keyed maps are copied deeply into unmodifiable, insertion-ordered ones.
 */
public final class JsonValues {
    /** Deeper than this is refused: no fact nests so far, and a cycle would not end. */
    public static final int MAX_DEPTH = 256;

    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private JsonValues() {}

    /**
     * @param value a JSON value
     * @param field what it is, for the message ({@code ProposedFact.value})
     * @return its normalized, unmodifiable copy (the value itself when it is a string, boolean or int)
     * @throws IllegalArgumentException naming the path of what is not a JSON value, or of a non-finite number
     */
    public static @Nullable Object copy(@Nullable Object value, String field) {
        return copy(value, field, 0);
    }

    private static @Nullable Object copy(@Nullable Object value, String path, int depth) {
        return switch (value) {
            case null -> null;
            case String s -> s;
            case Boolean b -> b;
            case Integer i -> i;
            case Long l -> l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE ? (Object) l.intValue() : l;
            case Short s -> s.intValue();
            case Byte b -> b.intValue();
            case BigInteger b -> whole(b);
            case Double d -> finite(d, path);
            case Float f -> finite(f.doubleValue(), path);
            case BigDecimal d -> finite(d.doubleValue(), path);
            case Map<?, ?> map -> copyMap(map, path, depth);
            case List<?> list -> copyList(list, path, depth);
            default -> throw new IllegalArgumentException(path + " must be a JSON value (null, string, boolean,"
                    + " number, list or map with string keys), was a " + value.getClass().getName());
        };
    }

    private static Object whole(BigInteger b) {
        if (b.compareTo(INT_MIN) >= 0 && b.compareTo(INT_MAX) <= 0) {
            return b.intValue();
        }
        if (b.compareTo(LONG_MIN) >= 0 && b.compareTo(LONG_MAX) <= 0) {
            return b.longValue();
        }
        return b;
    }

    private static Double finite(double d, String path) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException(path + " must be a finite number, was " + d);
        }
        return d;
    }

    private static Map<String, @Nullable Object> copyMap(Map<?, ?> map, String path, int depth) {
        checkDepth(path, depth);
        LinkedHashMap<String, @Nullable Object> copy = LinkedHashMap.newLinkedHashMap(map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException(path + " has a key that is not a string: " + entry.getKey());
            }
            copy.put(key, copy(entry.getValue(), path + "." + key, depth + 1));
        }
        return Collections.unmodifiableMap(copy);
    }

    private static List<@Nullable Object> copyList(List<?> list, String path, int depth) {
        checkDepth(path, depth);
        List<@Nullable Object> copy = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            copy.add(copy(list.get(i), path + "[" + i + "]", depth + 1));
        }
        return Collections.unmodifiableList(copy);
    }

    private static void checkDepth(String path, int depth) {
        if (depth >= MAX_DEPTH) {
            throw new IllegalArgumentException(path + " nests deeper than " + MAX_DEPTH + " levels (a cycle?)");
        }
    }

    /**
     * The value as compact JSON text with the keys of every map sorted, so that equal values have equal text.
     *
     * @param value a normalized value
     * @return its canonical text
     */
    public static String canonical(@Nullable Object value) {
        StringBuilder out = new StringBuilder();
        canonical(value, out);
        return out.toString();
    }

    private static void canonical(@Nullable Object value, StringBuilder out) {
        switch (value) {
            case null -> out.append("null");
            case String s -> quote(s, out);
            case Map<?, ?> map -> {
                List<String> keys = new ArrayList<>();
                map.keySet().forEach(key -> keys.add((String) key));
                Collections.sort(keys);
                out.append('{');
                for (int i = 0; i < keys.size(); i++) {
                    out.append(i == 0 ? "" : ",");
                    quote(keys.get(i), out);
                    out.append(':');
                    canonical(map.get(keys.get(i)), out);
                }
                out.append('}');
            }
            case List<?> list -> {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    out.append(i == 0 ? "" : ",");
                    canonical(list.get(i), out);
                }
                out.append(']');
            }
            default -> out.append(value);
        }
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
