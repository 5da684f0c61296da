package dev.terminus.agent;

import dev.terminus.agent.internal.RecordShapes;
import java.util.Map;

/**
 * JSON Schemas (draft 2020-12) derived from Java records: the arguments of a tool made from a record
 * ({@link Tools#of(String, String, Class, RecordToolFunction)}), and the shape {@code JsonSchemaOutput.forRecord} of
 * {@code terminus-jsonschema} asks the model to answer in. A record is an object whose properties are its components,
 * in declaration order; no other property is allowed. Derived by reflection, without a JSON library.
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
 * <p>Every property is {@code required} except those of an {@code Optional} component, those of a component
 * annotated {@code @Nullable} (JSpecify's, or any annotation of that simple name, on the type or the component) and
 * those of a component annotated {@code @AgentTool.Param(required = false)}; a primitive component is always
 * required, as there is no value to build the record with when it is left out. Such a property may be absent or
 * null, and either is read as empty or null: its schema adds {@code "null"} to the type
 * ({@code {"type":["string","null"]}}, and to the {@code enum} of an enum), since that is how Jackson writes an empty
 * {@code Optional} or a null component and how models often write a missing value. A component annotated
 * {@link AgentTool.Param} with a {@code description} has it as its property's {@code description}, for the model; the
 * annotation's value, if given, must be the component's own name. Wildcards stand for their upper bound. Any other
 * type (an interface, a type variable, {@code Object}, a map with non-string keys, a raw collection) is refused, and
 * so is a record that contains itself, directly or through other types, since its schema would never end. Jackson
 * annotations that rename or hide components are not consulted.
 *
 * <p><b>Tool arguments.</b> A tool made from a record reads a call's arguments into the record by this mapping:
 * numbers are converted to the component's type when they fit exactly (a fraction is no {@code int}, 300 is no
 * {@code byte}), enums by their names, dates from ISO-8601 strings, nested objects to nested records, arrays to
 * unmodifiable lists, sets (no repeated item) and arrays. There a collection must be declared as {@code List},
 * {@code Set} or {@code Collection}, and a map as {@code Map}: the tool is refused when made otherwise.
 *
 * {@snippet :
 * record Forecast(@AgentTool.Param(description = "the city's name") String city, double celsius,
 *         List<String> warnings, Optional<String> note) {}
 * Map<String, Object> schema = RecordSchemas.of(Forecast.class);
 * // {"type":"object",
 * //  "properties":{"city":{"type":"string","description":"the city's name"},"celsius":{"type":"number"},
 * //                "warnings":{"type":"array","items":{"type":"string"}},"note":{"type":["string","null"]}},
 * //  "required":["city","celsius","warnings"],"additionalProperties":false}
 * }
 */
public final class RecordSchemas {

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
        return RecordShapes.schema(type);
    }
}
