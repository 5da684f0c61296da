package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecordSchemasTest {

    record Scalars(String text, CharSequence chars, char letter, Character boxedLetter, boolean flag, Boolean boxedFlag,
            byte b, short s, int i, long l, Byte bb, Short bs, Integer bi, Long bl, BigInteger big,
            float f, double d, Float bf, Double bd, BigDecimal decimal) {}

    enum Sky { CLEAR, CLOUDY, RAIN }

    record Times(LocalDate day, Instant at, OffsetDateTime local) {}

    record Containers(List<String> list, Set<Integer> set, Collection<Boolean> collection, double[] doubles,
            List<String>[] lists, Map<String, Long> counts, List<? extends CharSequence> bounded, byte[] bytes,
            char[] characters) {}

    record Point(double x, double y) {}

    record Route(String name, Point start, List<Point> stops) {}

    record Optionals(String kept, Optional<String> note, @Nullable Integer count, Optional<Sky> sky,
            @Nullable Point where) {}

    /** Declaration annotations: one named like JSpecify's, one not. */
    static final class Declared {
        @Retention(RetentionPolicy.RUNTIME)
        @interface Nullable {}

        @Retention(RetentionPolicy.RUNTIME)
        @interface MaybeNull {}
    }

    record DeclaredNullable(@Declared.Nullable String maybe, @Declared.MaybeNull String surely) {}

    record Empty() {}

    record Node(String name, List<Node> children) {}

    record Husband(String name, Wife wife) {}

    record Wife(String name, Optional<Husband> husband) {}

    record Pair(Point left, Point right) {}

    record Anything(String name, Object payload) {}

    record Tagged(List<Object> tags) {}

    record ByNumber(Map<Integer, String> names) {}

    @SuppressWarnings("rawtypes")
    record Raw(List items) {}

    record Box<T>(T content) {}

    record Outer(Box<String> box) {}

    record Deep(Route route, Anything inner) {}

    record Described(@AgentTool.Param(description = "the city's name") String city,
            @AgentTool.Param(description = "how many days", required = false) Integer days,
            @AgentTool.Param(value = "unit", description = "the unit") Optional<Sky> unit) {}

    record Renamed(@AgentTool.Param("town") String city) {}

    record Primitives(@Nullable Integer boxed, @AgentTool.Param(required = false) int primitive) {}

    @Test
    void scalarsMapToStringBooleanIntegerAndNumber() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Scalars.class);

        // then
        Map<String, Object> string = Map.of("type", "string");
        Map<String, Object> bool = Map.of("type", "boolean");
        Map<String, Object> integer = Map.of("type", "integer");
        Map<String, Object> number = Map.of("type", "number");
        assertThat(properties(schema)).containsExactlyEntriesOf(orderedMap(
                "text", string, "chars", string, "letter", string, "boxedLetter", string, "flag", bool,
                "boxedFlag", bool, "b", integer, "s", integer, "i", integer, "l", integer, "bb", integer,
                "bs", integer, "bi", integer, "bl", integer, "big", integer, "f", number, "d", number,
                "bf", number, "bd", number, "decimal", number));
    }

    @Test
    void aRecordIsAClosedObjectRequiringEveryComponentInOrder() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Point.class);

        // then
        assertThat(schema).containsExactly(
                Map.entry("type", "object"),
                Map.entry("properties", Map.of("x", Map.of("type", "number"), "y", Map.of("type", "number"))),
                Map.entry("required", List.of("x", "y")),
                Map.entry("additionalProperties", false));
        assertThat(properties(schema).keySet()).containsExactly("x", "y");
    }

    @Test
    void anEnumIsAStringOfItsConstantNames() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Optionals.class);

        // then
        assertThat(property(schema, "sky")).containsExactly(
                Map.entry("type", List.of("string", "null")), Map.entry("enum", Arrays.asList("CLEAR", "CLOUDY",
                        "RAIN", null)));
    }

    @Test
    void datesAndInstantsAreFormattedStrings() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Times.class);

        // then
        assertThat(schema.get("properties")).isEqualTo(Map.of(
                "day", Map.of("type", "string", "format", "date"),
                "at", Map.of("type", "string", "format", "date-time"),
                "local", Map.of("type", "string", "format", "date-time")));
    }

    @Test
    void collectionsAndArraysAreArraysOfTheirItemsAndStringKeyedMapsAreObjects() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Containers.class);

        // then
        assertThat(schema.get("properties")).isEqualTo(Map.of(
                "list", Map.of("type", "array", "items", Map.of("type", "string")),
                "set", Map.of("type", "array", "items", Map.of("type", "integer"), "uniqueItems", true),
                "collection", Map.of("type", "array", "items", Map.of("type", "boolean")),
                "doubles", Map.of("type", "array", "items", Map.of("type", "number")),
                "lists", Map.of("type", "array", "items",
                        Map.of("type", "array", "items", Map.of("type", "string"))),
                "counts", Map.of("type", "object", "additionalProperties", Map.of("type", "integer")),
                "bounded", Map.of("type", "array", "items", Map.of("type", "string")),
                "bytes", Map.of("type", "string", "contentEncoding", "base64"),
                "characters", Map.of("type", "string")));
    }

    @Test
    void aNestedRecordIsANestedClosedObject() {
        // given
        Map<String, Object> point = RecordSchemas.of(Point.class);

        // when
        Map<String, Object> schema = RecordSchemas.of(Route.class);

        // then
        assertThat(property(schema, "start")).isEqualTo(point);
        assertThat(property(schema, "stops")).isEqualTo(Map.of("type", "array", "items", point));
        assertThat(schema.get("required")).isEqualTo(List.of("name", "start", "stops"));
    }

    @Test
    void theSameRecordTwiceSideBySideIsNotRecursion() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Pair.class);

        // then
        assertThat(property(schema, "left")).isEqualTo(property(schema, "right"));
    }

    @Test
    void optionalAndNullableComponentsAreNotRequiredAndMayBeNull() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Optionals.class);

        // then
        assertThat(schema.get("required")).isEqualTo(List.of("kept"));
        assertThat(property(schema, "kept")).isEqualTo(Map.of("type", "string"));
        assertThat(property(schema, "note")).isEqualTo(Map.of("type", List.of("string", "null")));
        assertThat(property(schema, "count")).isEqualTo(Map.of("type", List.of("integer", "null")));
        assertThat(property(schema, "where")).containsEntry("type", List.of("object", "null"))
                .containsEntry("required", List.of("x", "y"));
    }

    @Test
    void aDeclarationAnnotationNamedNullableCountsAndOthersDoNot() {
        // when
        Map<String, Object> schema = RecordSchemas.of(DeclaredNullable.class);

        // then
        assertThat(schema.get("required")).isEqualTo(List.of("surely"));
    }

    @Test
    void aRecordWithoutComponentsIsTheEmptyObjectAndRequiresNothing() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Empty.class);

        // then
        assertThat(schema).containsExactly(Map.entry("type", "object"), Map.entry("properties", Map.of()),
                Map.entry("additionalProperties", false));
    }

    @Test
    void theSchemaIsUnmodifiableAllTheWayDown() {
        // given
        Map<String, Object> schema = RecordSchemas.of(Route.class);

        // when / then
        assertThatThrownBy(() -> schema.put("title", "x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> property(schema, "start").clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aRecordContainingItselfIsRefusedNamingTheCycle() {
        // when / then
        assertThatThrownBy(() -> RecordSchemas.of(Node.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot derive a JSON Schema for record " + Node.class.getName() + ": record "
                        + Node.class.getName() + " contains itself (Node.children -> Node), so its schema would"
                        + " never end");
    }

    @Test
    void aRecordContainingItselfThroughAnotherIsRefusedNamingTheCycle() {
        // when / then
        assertThatThrownBy(() -> RecordSchemas.of(Husband.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("record " + Husband.class.getName() + " contains itself"
                        + " (Husband.wife -> Wife.husband -> Husband)");
    }

    @Test
    void aParamDescriptionDescribesTheComponentsPropertyAndRequiredFalseMakesItOptional() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Described.class);

        // then
        assertThat(property(schema, "city")).containsExactly(Map.entry("type", "string"),
                Map.entry("description", "the city's name"));
        assertThat(property(schema, "days")).containsExactly(Map.entry("type", List.of("integer", "null")),
                Map.entry("description", "how many days"));
        assertThat(property(schema, "unit")).containsEntry("description", "the unit")
                .containsEntry("type", List.of("string", "null"));
        assertThat(schema.get("required")).isEqualTo(List.of("city"));
    }

    @Test
    void aParamNamingARecordComponentOtherThanItsOwnNameIsRefused() {
        // when / then
        assertThatThrownBy(() -> RecordSchemas.of(Renamed.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot derive a JSON Schema for record " + Renamed.class.getName() + ": component"
                        + " Renamed.city is annotated @AgentTool.Param(\"town\"), but a record component's argument"
                        + " is named by the component: rename the component or leave the value out");
    }

    @Test
    void aPrimitiveComponentIsRequiredWhateverItsAnnotationsSay() {
        // when
        Map<String, Object> schema = RecordSchemas.of(Primitives.class);

        // then
        assertThat(schema.get("required")).isEqualTo(List.of("primitive"));
        assertThat(property(schema, "primitive")).isEqualTo(Map.of("type", "integer"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            Anything | component Anything.payload has type java.lang.Object, which has no JSON Schema mapping
            Tagged   | component Tagged.tags has type java.util.List<java.lang.Object>, in which java.lang.Object has no JSON Schema mapping
            ByNumber | component ByNumber.names has type java.util.Map<java.lang.Integer, java.lang.String>, which is not supported: a map's keys must be strings
            Raw      | component Raw.items has type java.util.List, which is not supported: a raw type; give its type arguments
            Outer    | component Box.content has type T, which has no JSON Schema mapping
            Deep     | component Anything.payload has type java.lang.Object, which has no JSON Schema mapping
            """)
    void anUnsupportedTypeIsRefusedNamingTheRecordTheComponentAndTheType(String record, String problem)
            throws ClassNotFoundException {
        // given
        Class<? extends Record> type = Class.forName(RecordSchemasTest.class.getName() + "$" + record)
                .asSubclass(Record.class);

        // when / then
        assertThatThrownBy(() -> RecordSchemas.of(type))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot derive a JSON Schema for record " + type.getName() + ": " + problem);
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aClassThatIsNotARecordIsRefused() {
        // given
        Class notARecord = String.class;

        // when / then
        assertThatThrownBy(() -> RecordSchemas.of(notARecord))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("java.lang.String is not a record class");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Map<String, Object> schema) {
        return (Map<String, Object>) schema.get("properties");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> property(Map<String, Object> schema, String name) {
        return (Map<String, Object>) properties(schema).get(name);
    }

    private static Map<String, Object> orderedMap(Object... keysAndValues) {
        Map<String, Object> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
