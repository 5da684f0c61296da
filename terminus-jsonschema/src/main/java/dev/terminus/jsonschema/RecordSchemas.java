package dev.terminus.jsonschema;

import java.lang.annotation.Annotation;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * JSON Schemas (draft 2020-12) derived from Java records, the shape {@link JsonSchemaOutput#forRecord} asks the model
 * for. A record is an object whose properties are its components, in declaration order; no other property is allowed.
 *
 * <table>
 *   <caption>Component types and their schemas</caption>
 *   <tr><th>Java type</th><th>JSON Schema</th></tr>
 *   <tr><td>{@code String}, {@code CharSequence}, {@code char}, {@code Character}</td><td>{@code {"type":"string"}}</td></tr>
 *   <tr><td>{@code boolean}, {@code Boolean}</td><td>{@code {"type":"boolean"}}</td></tr>
 *   <tr><td>{@code byte}, {@code short}, {@code int}, {@code long}, their boxes, {@code BigInteger}</td>
 *       <td>{@code {"type":"integer"}}</td></tr>
 *   <tr><td>{@code float}, {@code double}, their boxes, {@code BigDecimal}</td><td>{@code {"type":"number"}}</td></tr>
 *   <tr><td>an enum</td><td>{@code {"type":"string","enum":[...]}}, the constants' names</td></tr>
 *   <tr><td>{@code List<X>}, {@code Collection<X>}, {@code X[]}</td><td>{@code {"type":"array","items":X}}</td></tr>
 *   <tr><td>{@code Set<X>}</td><td>{@code {"type":"array","items":X,"uniqueItems":true}}</td></tr>
 *   <tr><td>{@code char[]}</td><td>{@code {"type":"string"}}, as Jackson writes it</td></tr>
 *   <tr><td>{@code byte[]}</td><td>{@code {"type":"string","contentEncoding":"base64"}}, as Jackson writes it</td></tr>
 *   <tr><td>{@code Map<String, X>}</td><td>{@code {"type":"object","additionalProperties":X}}</td></tr>
 *   <tr><td>a record</td><td>its object schema, nested</td></tr>
 *   <tr><td>{@code Optional<X>}</td><td>X's schema, also accepting null; the property is not required</td></tr>
 *   <tr><td>{@code LocalDate}</td><td>{@code {"type":"string","format":"date"}}</td></tr>
 *   <tr><td>{@code Instant}, {@code OffsetDateTime}</td><td>{@code {"type":"string","format":"date-time"}}</td></tr>
 * </table>
 *
 * <p>Every property is {@code required} except those of an {@code Optional} component and those of a component
 * annotated {@code @Nullable} (JSpecify's, or any annotation of that simple name, on the type or the component).
 * Such a property may be absent or null, and either is read as empty or null: its schema adds {@code "null"} to the
 * type ({@code {"type":["string","null"]}}, and to the {@code enum} of an enum), since that is how Jackson writes an
 * empty {@code Optional} or a null component and how models often write a missing value. Wildcards stand for their upper bound. Any other type (an interface, a type
 * variable, {@code Object}, a map with non-string keys, a raw collection) is refused, and so is a record that contains
 * itself, directly or through other types, since its schema would never end. Jackson annotations that rename or hide
 * components are not consulted.
 *
 * {@snippet :
 * record Forecast(String city, double celsius, List<String> warnings, Optional<String> note) {}
 * Map<String, Object> schema = RecordSchemas.of(Forecast.class);
 * // {"type":"object",
 * //  "properties":{"city":{"type":"string"},"celsius":{"type":"number"},
 * //                "warnings":{"type":"array","items":{"type":"string"}},"note":{"type":["string","null"]}},
 * //  "required":["city","celsius","warnings"],"additionalProperties":false}
 * }
 */
public final class RecordSchemas {
    private static final Set<Class<?>> STRINGS = Set.of(String.class, CharSequence.class, char.class, Character.class);
    private static final Set<Class<?>> BOOLEANS = Set.of(boolean.class, Boolean.class);
    private static final Set<Class<?>> INTEGERS = Set.of(byte.class, short.class, int.class, long.class, Byte.class,
            Short.class, Integer.class, Long.class, BigInteger.class);
    private static final Set<Class<?>> NUMBERS = Set.of(float.class, double.class, Float.class, Double.class,
            BigDecimal.class);

    private RecordSchemas() {}

    /**
     * Derives the JSON Schema of a record type.
     *
     * @param type a record class; one without components admits only the empty object
     * @return its schema as unmodifiable plain values, properties and {@code required} in component order
     *         ({@code required} left out when no property is)
     * @throws IllegalArgumentException when the class is not a record, is recursive, or has a component of a type
     *         without a mapping; the message names the record, the component and its type
     */
    public static Map<String, Object> of(Class<? extends Record> type) {
        Objects.requireNonNull(type, "type");
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record class");
        }
        return new Derivation(type).record(type);
    }

    /** One derivation: the records being derived, outermost first, to find a record that contains itself. */
    private static final class Derivation {
        private final Class<?> root;
        private final Deque<Step> steps = new ArrayDeque<>();

        /** A component being derived: the record declaring it, and it. */
        private record Step(Class<?> owner, RecordComponent component) {}

        Derivation(Class<?> root) {
            this.root = root;
        }

        Map<String, Object> record(Class<?> record) {
            for (Step step : steps) {
                if (step.owner() == record) {
                    throw recursive(record);
                }
            }
            Map<String, Object> properties = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            for (RecordComponent component : record.getRecordComponents()) {
                steps.addLast(new Step(record, component));
                Type type = component.getGenericType();
                if (isOptional(type) || isNullable(component)) {
                    properties.put(component.getName(), orNull(schema(type)));
                } else {
                    properties.put(component.getName(), schema(type));
                    required.add(component.getName());
                }
                steps.removeLast();
            }
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "object");
            schema.put("properties", Collections.unmodifiableMap(properties));
            if (!required.isEmpty()) {
                schema.put("required", List.copyOf(required));
            }
            schema.put("additionalProperties", false);
            return Collections.unmodifiableMap(schema);
        }

        private Map<String, Object> schema(Type type) {
            if (type instanceof Class<?> c) {
                return schemaOfClass(c);
            }
            if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
                Type[] arguments = p.getActualTypeArguments();
                if (raw == Optional.class) {
                    return schema(arguments[0]);
                }
                if (Collection.class.isAssignableFrom(raw) && arguments.length == 1) {
                    return array(schema(arguments[0]), Set.class.isAssignableFrom(raw));
                }
                if (Map.class.isAssignableFrom(raw) && arguments.length == 2) {
                    if (bound(arguments[0]) != String.class) {
                        throw unsupported(type, "a map's keys must be strings");
                    }
                    return ordered("type", "object", "additionalProperties", schema(arguments[1]));
                }
                if (raw.isRecord()) {
                    return record(raw);
                }
                throw unsupported(type, null);
            }
            if (type instanceof GenericArrayType array) {
                return array(schema(array.getGenericComponentType()), false);
            }
            if (type instanceof WildcardType wildcard && wildcard.getLowerBounds().length == 0) {
                return schema(wildcard.getUpperBounds()[0]);
            }
            throw unsupported(type, null);
        }

        private Map<String, Object> schemaOfClass(Class<?> c) {
            if (STRINGS.contains(c)) {
                return Map.of("type", "string");
            }
            if (BOOLEANS.contains(c)) {
                return Map.of("type", "boolean");
            }
            if (INTEGERS.contains(c)) {
                return Map.of("type", "integer");
            }
            if (NUMBERS.contains(c)) {
                return Map.of("type", "number");
            }
            if (c.isEnum()) {
                List<String> names = Arrays.stream(c.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toList();
                return ordered("type", "string", "enum", names);
            }
            if (c.isRecord()) {
                return record(c);
            }
            if (c == LocalDate.class) {
                return ordered("type", "string", "format", "date");
            }
            if (c == Instant.class || c == OffsetDateTime.class) {
                return ordered("type", "string", "format", "date-time");
            }
            if (c == char[].class) {
                return Map.of("type", "string");
            }
            if (c == byte[].class) {
                return ordered("type", "string", "contentEncoding", "base64");
            }
            if (c.isArray()) {
                return array(schema(c.getComponentType()), false);
            }
            if (c == Optional.class || Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c)) {
                throw unsupported(c, "a raw type; give its type arguments");
            }
            throw unsupported(c, null);
        }

        private static Map<String, Object> array(Map<String, Object> items, boolean unique) {
            return unique ? ordered("type", "array", "items", items, "uniqueItems", true)
                    : ordered("type", "array", "items", items);
        }

        /** @return the schema that also accepts null: {@code "null"} added to its type (and to its enum) */
        private static Map<String, Object> orNull(Map<String, Object> schema) {
            Map<String, Object> nullable = new LinkedHashMap<>(schema);
            nullable.put("type", List.of(schema.get("type"), "null"));
            if (schema.get("enum") instanceof List<?> constants) {
                List<@Nullable Object> withNull = new ArrayList<>(constants);
                withNull.add(null);
                nullable.put("enum", Collections.unmodifiableList(withNull));
            }
            return Collections.unmodifiableMap(nullable);
        }

        private static Map<String, Object> ordered(Object... keysAndValues) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < keysAndValues.length; i += 2) {
                map.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
            return Collections.unmodifiableMap(map);
        }

        private static boolean isOptional(Type type) {
            return type == Optional.class
                    || type instanceof ParameterizedType p && p.getRawType() == Optional.class;
        }

        private static boolean isNullable(RecordComponent component) {
            return Arrays.stream(component.getAnnotatedType().getAnnotations()).anyMatch(Derivation::isNullable)
                    || Arrays.stream(component.getAnnotations()).anyMatch(Derivation::isNullable);
        }

        private static boolean isNullable(Annotation annotation) {
            return annotation.annotationType().getSimpleName().equals("Nullable");
        }

        private static Type bound(Type type) {
            return type instanceof WildcardType w && w.getLowerBounds().length == 0 ? w.getUpperBounds()[0] : type;
        }

        private IllegalArgumentException unsupported(Type type, @Nullable String why) {
            Step step = steps.getLast();
            Type whole = step.component().getGenericType();
            String which = whole.equals(type) ? ", which" : ", in which " + type.getTypeName();
            return new IllegalArgumentException("cannot derive a JSON Schema for record " + root.getName()
                    + ": component " + step.owner().getSimpleName() + "." + step.component().getName()
                    + " has type " + whole.getTypeName() + which
                    + (why == null ? " has no JSON Schema mapping" : " is not supported: " + why));
        }

        private IllegalArgumentException recursive(Class<?> record) {
            String cycle = steps.stream()
                    .dropWhile(step -> step.owner() != record)
                    .map(step -> step.owner().getSimpleName() + "." + step.component().getName())
                    .collect(Collectors.joining(" -> "));
            return new IllegalArgumentException("cannot derive a JSON Schema for record " + root.getName()
                    + ": record " + record.getName() + " contains itself (" + cycle + " -> "
                    + record.getSimpleName() + "), so its schema would never end");
        }
    }
}
