package dev.terminus.agent.internal;

import dev.terminus.agent.ToolArgumentException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.UndeclaredThrowableException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Readers of JSON values (as plain Java: {@code String}, {@code Boolean}, numbers, {@code List},
 * {@code Map<String, ?>}) into the Java types of a record's components, made once per type by
 * {@link RecordShapes#shape}: a call reads with no reflection. A value that does not fit is a
 * {@link ToolArgumentException} naming the argument's path ({@code route.stops[1].x}) and the value, which the loop
 * answers to the model as invalid arguments.
 */
final class JsonReaders {
    private JsonReaders() {}

    /** Reads one JSON value, never null, into a Java value of one type. */
    @FunctionalInterface
    interface Reader {
        /**
         * @param json the JSON value; null only for an {@code Optional}'s reader
         * @param path where the value is, for the message
         * @return the Java value
         * @throws ToolArgumentException naming the path and the value when it does not fit
         */
        @Nullable Object read(@Nullable Object json, String path);
    }

    /**
     * A component of a record, as its reader reads it.
     *
     * @param name the component's (and the property's) name
     * @param reader the reader of its value
     * @param optional whether it may be absent or null
     * @param optionalType whether it is an {@code Optional}, empty when absent (else null)
     */
    record Component(String name, Reader reader, boolean optional, boolean optionalType) {}

    static Reader string(Class<?> type) {
        if (type == char.class || type == Character.class) {
            return (json, path) -> {
                if (json instanceof String s && s.length() == 1) {
                    return s.charAt(0);
                }
                throw wrong(path, "a string of one character", json);
            };
        }
        return (json, path) -> json instanceof String s ? s : wrongType(path, "string", json);
    }

    static Reader bool() {
        return (json, path) -> json instanceof Boolean b ? b : wrongType(path, "boolean", json);
    }

    static Reader integer(Class<?> type) {
        if (type == BigInteger.class) {
            return (json, path) -> {
                BigInteger whole = whole(json);
                return whole != null ? whole : wrongType(path, "integer", json);
            };
        }
        long min = type == byte.class || type == Byte.class ? Byte.MIN_VALUE
                : type == short.class || type == Short.class ? Short.MIN_VALUE
                : type == int.class || type == Integer.class ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = type == byte.class || type == Byte.class ? Byte.MAX_VALUE
                : type == short.class || type == Short.class ? Short.MAX_VALUE
                : type == int.class || type == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE;
        BigInteger low = BigInteger.valueOf(min);
        BigInteger high = BigInteger.valueOf(max);
        return (json, path) -> {
            BigInteger whole = whole(json);
            if (whole == null) {
                return wrongType(path, "integer", json);
            }
            if (whole.compareTo(low) < 0 || whole.compareTo(high) > 0) {
                throw wrong(path, "an integer from " + min + " to " + max, json);
            }
            long value = whole.longValue();
            return max == Byte.MAX_VALUE ? (Object) (byte) value : max == Short.MAX_VALUE ? (Object) (short) value
                    : max == Integer.MAX_VALUE ? (Object) (int) value : (Object) value;
        };
    }

    /** @return the whole number a JSON number is, or null when it is not one (not a number, or a fraction) */
    private static @Nullable BigInteger whole(@Nullable Object json) {
        if (json instanceof Integer || json instanceof Long || json instanceof Short || json instanceof Byte) {
            return BigInteger.valueOf(((Number) json).longValue());
        }
        if (json instanceof BigInteger b) {
            return b;
        }
        if (json instanceof Number n) {
            try {
                return new BigDecimal(n.toString()).toBigIntegerExact();
            } catch (ArithmeticException | NumberFormatException e) {
                return null; // a fraction, or not finite
            }
        }
        return null;
    }

    static Reader number(Class<?> type) {
        if (type == BigDecimal.class) {
            return (json, path) -> {
                if (json instanceof Number n) {
                    try {
                        return json instanceof BigDecimal d ? d : new BigDecimal(n.toString());
                    } catch (NumberFormatException e) {
                        throw wrong(path, "a finite number", json);
                    }
                }
                return wrongType(path, "number", json);
            };
        }
        boolean single = type == float.class || type == Float.class;
        return (json, path) -> {
            if (!(json instanceof Number n)) {
                return wrongType(path, "number", json);
            }
            double value = n.doubleValue();
            if (single && Float.isFinite((float) value) || !single && Double.isFinite(value)) {
                return single ? (Object) (float) value : (Object) value;
            }
            throw wrong(path, "a number within the range of a " + (single ? "float" : "double"), json);
        };
    }

    static Reader enumeration(Class<?> type) {
        Map<String, Object> constants = new LinkedHashMap<>();
        for (Object constant : type.getEnumConstants()) {
            constants.put(((Enum<?>) constant).name(), constant);
        }
        String names = String.join(", ", constants.keySet());
        return (json, path) -> {
            Object constant = json instanceof String s ? constants.get(s) : null;
            if (constant == null) {
                throw wrong(path, "one of " + names, json);
            }
            return constant;
        };
    }

    static Reader time(Class<?> type) {
        String example = type == LocalDate.class ? "a date as 2026-11-24"
                : type == Instant.class ? "an instant as 2026-11-24T09:30:00Z"
                : "a date-time with an offset as 2026-11-24T09:30:00+01:00";
        return (json, path) -> {
            if (json instanceof String s) {
                try {
                    return type == LocalDate.class ? LocalDate.parse(s)
                            : type == Instant.class ? Instant.parse(s) : OffsetDateTime.parse(s);
                } catch (DateTimeParseException e) {
                    throw wrong(path, example, json);
                }
            }
            throw wrong(path, example, json);
        };
    }

    static Reader characters() {
        return (json, path) -> json instanceof String s ? s.toCharArray() : wrongType(path, "string", json);
    }

    static Reader base64() {
        return (json, path) -> {
            if (json instanceof String s) {
                try {
                    return Base64.getDecoder().decode(s);
                } catch (IllegalArgumentException e) {
                    throw wrong(path, "base64", json);
                }
            }
            throw wrong(path, "a base64 string", json);
        };
    }

    static Reader optional(@Nullable Reader value) {
        Reader reader = java.util.Objects.requireNonNull(value);
        return (json, path) -> json == null ? Optional.empty() : Optional.ofNullable(reader.read(json, path));
    }

    static Reader list(@Nullable Reader items) {
        Reader reader = java.util.Objects.requireNonNull(items);
        return (json, path) -> {
            if (!(json instanceof List<?> list)) {
                return wrongType(path, "array", json);
            }
            List<@Nullable Object> values = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                values.add(reader.read(list.get(i), path + "[" + i + "]"));
            }
            return Collections.unmodifiableList(values);
        };
    }

    static Reader set(@Nullable Reader items) {
        Reader reader = java.util.Objects.requireNonNull(items);
        return (json, path) -> {
            if (!(json instanceof List<?> list)) {
                return wrongType(path, "array", json);
            }
            Set<@Nullable Object> values = new LinkedHashSet<>();
            for (int i = 0; i < list.size(); i++) {
                if (!values.add(reader.read(list.get(i), path + "[" + i + "]"))) {
                    throw new ToolArgumentException("argument \"" + path + "\" must not repeat an item, repeats "
                            + show(list.get(i)) + " at [" + i + "]");
                }
            }
            return Collections.unmodifiableSet(values);
        };
    }

    static Reader array(Class<?> componentType, @Nullable Reader items) {
        Reader reader = java.util.Objects.requireNonNull(items);
        return (json, path) -> {
            if (!(json instanceof List<?> list)) {
                return wrongType(path, "array", json);
            }
            Object array = Array.newInstance(componentType, list.size());
            for (int i = 0; i < list.size(); i++) {
                Array.set(array, i, reader.read(list.get(i), path + "[" + i + "]"));
            }
            return array;
        };
    }

    static Reader map(@Nullable Reader values) {
        Reader reader = java.util.Objects.requireNonNull(values);
        return (json, path) -> {
            if (!(json instanceof Map<?, ?> object)) {
                return wrongType(path, "object", json);
            }
            Map<String, @Nullable Object> read = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : object.entrySet()) {
                String key = String.valueOf(entry.getKey());
                read.put(key, reader.read(entry.getValue(), path + "." + key));
            }
            return Collections.unmodifiableMap(read);
        };
    }

    /**
     * The reader of a record's JSON object: each component read by its reader, then the canonical constructor called
     * through a method handle made here, once. A property the record has no component for is refused (the schema
     * allows no other property), and an {@link IllegalArgumentException} or {@link NullPointerException} of the
     * constructor (the record's own validation) is the arguments' fault.
     *
     * @throws IllegalArgumentException naming the record when its canonical constructor cannot be called
     */
    static Reader record(Class<?> type, RecordComponent[] declared, List<Component> components) {
        Class<?>[] parameterTypes = new Class<?>[declared.length];
        for (int i = 0; i < declared.length; i++) {
            parameterTypes[i] = declared[i].getType();
        }
        MethodHandle constructor;
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(parameterTypes);
            canonical.setAccessible(true);
            MethodHandle handle = MethodHandles.lookup().unreflectConstructor(canonical);
            constructor = handle.asType(handle.type().generic()).asSpreader(Object[].class, declared.length);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read tool arguments into record " + type.getName()
                    + ": its canonical constructor cannot be called: " + e, e);
        }
        Component[] all = components.toArray(Component[]::new);
        Set<String> names = new LinkedHashSet<>();
        components.forEach(component -> names.add(component.name()));
        String expected = names.isEmpty() ? "none" : String.join(", ", names);
        return (json, path) -> {
            if (!(json instanceof Map<?, ?> object)) {
                return wrongType(path.isEmpty() ? "(the arguments)" : path, "object", json);
            }
            for (Object key : object.keySet()) {
                if (!names.contains(key)) {
                    throw new ToolArgumentException("unknown argument \"" + at(path, String.valueOf(key))
                            + "\"; the arguments " + (path.isEmpty() ? "" : "of \"" + path + "\" ") + "are: "
                            + expected);
                }
            }
            Object[] values = new Object[all.length];
            for (int i = 0; i < all.length; i++) {
                Component component = all[i];
                String at = at(path, component.name());
                Object value = object.get(component.name());
                if (value != null) {
                    values[i] = component.reader().read(value, at);
                } else if (!component.optional()) {
                    throw new ToolArgumentException("missing required argument \"" + at + "\"");
                } else {
                    values[i] = component.optionalType() ? Optional.empty() : null;
                }
            }
            return construct(constructor, values, type, path);
        };
    }

    private static Object construct(MethodHandle constructor, Object[] values, Class<?> type, String path) {
        try {
            return constructor.invoke(values);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ToolArgumentException((path.isEmpty() ? "the arguments are" : "argument \"" + path + "\" is")
                    + " not a valid " + type.getSimpleName() + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) { // a canonical constructor declares no checked exception; thrown sneakily
            throw new UndeclaredThrowableException(t, "the canonical constructor of " + type.getName() + " threw");
        }
    }

    private static String at(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private static Object wrongType(String path, String type, @Nullable Object json) {
        throw new ToolArgumentException("argument \"" + path + "\" must be of type " + type + ", was " + show(json));
    }

    private static ToolArgumentException wrong(String path, String what, @Nullable Object json) {
        return new ToolArgumentException("argument \"" + path + "\" must be " + what + ", was " + show(json));
    }

    /** A value as the message shows it: a string quoted, anything cut at 100 characters. */
    private static String show(@Nullable Object json) {
        String text = json instanceof String s ? "\"" + s + "\"" : String.valueOf(json);
        return text.length() > 100 ? text.substring(0, 100) + "…" : text;
    }
}
