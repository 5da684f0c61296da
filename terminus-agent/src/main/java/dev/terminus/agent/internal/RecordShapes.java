package dev.terminus.agent.internal;

import dev.terminus.agent.AgentTool;
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
 * The JSON shape of a record type, derived once by reflection: its JSON Schema (what
 * {@link dev.terminus.agent.RecordSchemas} documents) and, for a tool's arguments, how a JSON object of that schema
 * becomes an instance of the record ({@link JsonReaders}). One walk makes both, so the schema and the reading agree
 * type by type.
 */
public final class RecordShapes {
    private static final Set<Class<?>> STRINGS = Set.of(String.class, CharSequence.class, char.class, Character.class);
    private static final Set<Class<?>> BOOLEANS = Set.of(boolean.class, Boolean.class);
    private static final Set<Class<?>> INTEGERS = Set.of(byte.class, short.class, int.class, long.class, Byte.class,
            Short.class, Integer.class, Long.class, BigInteger.class);
    private static final Set<Class<?>> NUMBERS = Set.of(float.class, double.class, Float.class, Double.class,
            BigDecimal.class);

    private RecordShapes() {}

    /**
     * @param type a record class
     * @return its JSON Schema, as {@link dev.terminus.agent.RecordSchemas#of} documents it
     * @throws IllegalArgumentException when the class is not a record, is recursive, or has a component of a type
     *     without a mapping; the message names the record, the component and its type
     */
    public static Map<String, Object> schema(Class<? extends Record> type) {
        return new Derivation(checked(type), false).record(type).schema();
    }

    /**
     * The schema of a value of a type, as a record component of that type would have it: for the parameters of an
     * {@code @AgentTool} method, so that a method tool and a record tool describe a type alike.
     *
     * @param type a type
     * @return its JSON Schema, or empty when it has none (a class of the application's, which Jackson reads as a bean)
     */
    public static Optional<Map<String, Object>> schemaOf(Type type) {
        try {
            return Optional.of(new Derivation(Object.class, false).shape(type).schema());
        } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
            return Optional.empty(); // no mapping: the caller describes it as an object
        }
    }

    /**
     * @param type a record class
     * @param <A> the record type
     * @return its JSON Schema, and the reader of a JSON object of that schema into an instance of the record
     * @throws IllegalArgumentException as {@link #schema}, and when a component's type has a schema but cannot be
     *     built from JSON (a concrete collection class), or a record's canonical constructor cannot be called
     */
    public static <A extends Record> Arguments<A> arguments(Class<A> type) {
        Shape shape = new Derivation(checked(type), true).record(type);
        return new Arguments<>(type, shape.schema(), Objects.requireNonNull(shape.reader()));
    }

    /**
     * A tool's arguments as a record: the schema offered to the model, and the reading of the arguments a call
     * passes. Immutable and thread-safe.
     *
     * @param <A> the record type
     */
    public static final class Arguments<A extends Record> {
        private final Class<A> type;
        private final Map<String, Object> schema;
        private final JsonReaders.Reader reader;

        private Arguments(Class<A> type, Map<String, Object> schema, JsonReaders.Reader reader) {
            this.type = type;
            this.schema = schema;
            this.reader = reader;
        }

        /** @return the JSON Schema of the arguments object, unmodifiable */
        public Map<String, Object> schema() {
            return schema;
        }

        /**
         * @param arguments the arguments of a call, a JSON object as plain Java values
         * @return the record they make
         * @throws dev.terminus.agent.ToolArgumentException naming the argument (its path, as {@code route.stops[1].x})
         *     and the value when one is missing, of another type, out of range, unknown, or refused by the record's
         *     constructor
         */
        public A read(Map<String, ?> arguments) {
            return type.cast(reader.read(Objects.requireNonNull(arguments, "arguments"), ""));
        }
    }

    private static Class<? extends Record> checked(Class<? extends Record> type) {
        Objects.requireNonNull(type, "type");
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record class");
        }
        return type;
    }

    /**
     * The shape of one type.
     *
     * @param schema its JSON Schema, unmodifiable
     * @param reader how a JSON value of the schema becomes a Java value of the type; null when derived for the schema
     *     only
     */
    private record Shape(Map<String, Object> schema, JsonReaders.@Nullable Reader reader) {}

    /** One derivation: the records being derived, outermost first, to find a record that contains itself. */
    private static final class Derivation {
        private final Class<?> root;
        private final boolean reading;
        private final Deque<Step> steps = new ArrayDeque<>();

        /** A component being derived: the record declaring it, and it. */
        private record Step(Class<?> owner, RecordComponent component) {}

        Derivation(Class<?> root, boolean reading) {
            this.root = root;
            this.reading = reading;
        }

        Shape record(Class<?> record) {
            for (Step step : steps) {
                if (step.owner() == record) {
                    throw recursive(record);
                }
            }
            Map<String, Object> properties = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            RecordComponent[] components = record.getRecordComponents();
            List<JsonReaders.Component> readers = new ArrayList<>();
            for (RecordComponent component : components) {
                steps.addLast(new Step(record, component));
                Type type = component.getGenericType();
                AgentTool.Param param = component.getAnnotation(AgentTool.Param.class);
                if (param != null && !param.value().isEmpty() && !param.value().equals(component.getName())) {
                    throw refused("is annotated @AgentTool.Param(\"" + param.value() + "\"), but a record"
                            + " component's argument is named by the component: rename the component or leave the"
                            + " value out");
                }
                // a primitive cannot be left out (there is no value for it), whatever its annotations say
                boolean optional = !component.getType().isPrimitive()
                        && (isOptional(type) || isNullable(component) || param != null && !param.required());
                Shape shape = shape(type);
                Map<String, Object> schema = optional ? orNull(shape.schema()) : shape.schema();
                if (param != null && !param.description().isEmpty()) {
                    Map<String, Object> described = new LinkedHashMap<>(schema);
                    described.put("description", param.description());
                    schema = Collections.unmodifiableMap(described);
                }
                properties.put(component.getName(), schema);
                if (!optional) {
                    required.add(component.getName());
                }
                if (reading) {
                    readers.add(new JsonReaders.Component(component.getName(), Objects.requireNonNull(shape.reader()),
                            optional, isOptional(type)));
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
            return new Shape(Collections.unmodifiableMap(schema),
                    reading ? JsonReaders.record(record, components, readers) : null);
        }

        private Shape shape(Type type) {
            if (type instanceof Class<?> c) {
                return shapeOfClass(c);
            }
            if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
                Type[] arguments = p.getActualTypeArguments();
                if (raw == Optional.class) {
                    Shape value = shape(arguments[0]);
                    return new Shape(value.schema(), reading ? JsonReaders.optional(value.reader()) : null);
                }
                if (Collection.class.isAssignableFrom(raw) && arguments.length == 1) {
                    boolean unique = Set.class.isAssignableFrom(raw);
                    Shape items = shape(arguments[0]);
                    return new Shape(array(items.schema(), unique), reading ? collection(raw, items, type) : null);
                }
                if (Map.class.isAssignableFrom(raw) && arguments.length == 2) {
                    if (bound(arguments[0]) != String.class) {
                        throw unsupported(type, "a map's keys must be strings");
                    }
                    Shape values = shape(arguments[1]);
                    if (reading && !(raw.isInterface() && raw.isAssignableFrom(LinkedHashMap.class))) {
                        throw unreadable(type, "declare it as Map");
                    }
                    return new Shape(ordered("type", "object", "additionalProperties", values.schema()),
                            reading ? JsonReaders.map(values.reader()) : null);
                }
                if (raw.isRecord()) {
                    return record(raw);
                }
                throw unsupported(type, null);
            }
            if (type instanceof GenericArrayType array) {
                Shape items = shape(array.getGenericComponentType());
                return new Shape(array(items.schema(), false), reading
                        ? JsonReaders.array(rawClass(array.getGenericComponentType()), items.reader()) : null);
            }
            if (type instanceof WildcardType wildcard && wildcard.getLowerBounds().length == 0) {
                return shape(wildcard.getUpperBounds()[0]);
            }
            throw unsupported(type, null);
        }

        private Shape shapeOfClass(Class<?> c) {
            if (STRINGS.contains(c)) {
                return leaf(Map.of("type", "string"), () -> JsonReaders.string(c));
            }
            if (BOOLEANS.contains(c)) {
                return leaf(Map.of("type", "boolean"), JsonReaders::bool);
            }
            if (INTEGERS.contains(c)) {
                return leaf(Map.of("type", "integer"), () -> JsonReaders.integer(c));
            }
            if (NUMBERS.contains(c)) {
                return leaf(Map.of("type", "number"), () -> JsonReaders.number(c));
            }
            if (c.isEnum()) {
                List<String> names = Arrays.stream(c.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toList();
                return leaf(ordered("type", "string", "enum", names), () -> JsonReaders.enumeration(c));
            }
            if (c.isRecord()) {
                return record(c);
            }
            if (c == LocalDate.class) {
                return leaf(ordered("type", "string", "format", "date"), () -> JsonReaders.time(c));
            }
            if (c == Instant.class || c == OffsetDateTime.class) {
                return leaf(ordered("type", "string", "format", "date-time"), () -> JsonReaders.time(c));
            }
            if (c == char[].class) {
                return leaf(Map.of("type", "string"), JsonReaders::characters);
            }
            if (c == byte[].class) {
                return leaf(ordered("type", "string", "contentEncoding", "base64"), JsonReaders::base64);
            }
            if (c.isArray()) {
                Shape items = shape(c.getComponentType());
                return new Shape(array(items.schema(), false),
                        reading ? JsonReaders.array(c.getComponentType(), items.reader()) : null);
            }
            if (c == Optional.class || Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c)) {
                throw unsupported(c, "a raw type; give its type arguments");
            }
            throw unsupported(c, null);
        }

        private Shape leaf(Map<String, Object> schema, java.util.function.Supplier<JsonReaders.Reader> reader) {
            return new Shape(schema, reading ? reader.get() : null);
        }

        private JsonReaders.Reader collection(Class<?> raw, Shape items, Type type) {
            if (raw.isInterface() && raw.isAssignableFrom(java.util.ArrayList.class)) {
                return JsonReaders.list(items.reader());
            }
            if (raw.isInterface() && raw.isAssignableFrom(java.util.LinkedHashSet.class)) {
                return JsonReaders.set(items.reader());
            }
            throw unreadable(type, "declare it as List, Set or Collection");
        }

        private static Class<?> rawClass(Type type) {
            if (type instanceof Class<?> c) {
                return c;
            }
            if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
                return raw;
            }
            if (type instanceof GenericArrayType array) {
                return rawClass(array.getGenericComponentType()).arrayType();
            }
            return Object.class; // a wildcard's bound: refused by the derivation before it gets here
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

        private IllegalArgumentException unreadable(Type type, String fix) {
            Step step = steps.getLast();
            Type whole = step.component().getGenericType();
            String which = whole.equals(type) ? "" : " (in which " + type.getTypeName() + ")";
            return new IllegalArgumentException("cannot read tool arguments into record " + root.getName()
                    + ": component " + step.owner().getSimpleName() + "." + step.component().getName()
                    + " has type " + whole.getTypeName() + which + ", which cannot be built from JSON: " + fix);
        }

        private IllegalArgumentException refused(String why) {
            Step step = steps.getLast();
            return new IllegalArgumentException("cannot derive a JSON Schema for record " + root.getName()
                    + ": component " + step.owner().getSimpleName() + "." + step.component().getName() + " " + why);
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
