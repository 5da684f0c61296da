package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Tools whose arguments are a record: each JSON value read into its component's type, or refused naming both. */
class RecordToolsTest {

    enum Sky { CLEAR, CLOUDY, RAIN }

    record Scalars(String text, CharSequence chars, char letter, Character boxedLetter, boolean flag,
            Boolean boxedFlag, byte b, short s, int i, long l, Byte bb, Short bs, Integer bi, Long bl, BigInteger big,
            float f, double d, Float bf, Double bd, BigDecimal decimal, Sky sky) {}

    record Times(LocalDate day, Instant at, OffsetDateTime local) {}

    record Containers(List<String> list, Set<Integer> set, Collection<Boolean> collection, double[] doubles,
            List<String>[] lists, Map<String, Long> counts, byte[] bytes, char[] characters) {}

    record Point(double x, double y) {}

    record Route(String name, Point start, List<Point> stops) {}

    record Optionals(String kept, Optional<String> note, @Nullable Integer count, Optional<Sky> sky,
            @Nullable Point where) {}

    record Positive(int amount) {
        Positive {
            if (amount <= 0) {
                throw new IllegalArgumentException("amount must be positive, was " + amount);
            }
        }
    }

    record Orders(List<Positive> orders) {}

    record Anything(Object payload) {}

    record Concrete(ArrayList<String> items) {}

    record ConcreteMap(HashMap<String, String> names) {}

    /** A tool that answers the record its arguments were read into. */
    private static <A extends Record> Object read(Class<A> type, Map<String, @Nullable Object> arguments)
            throws Exception {
        return Tools.of("read", "Reads its arguments", type, (args, run) -> args)
                .call(arguments, StubRunContext.INSTANCE);
    }

    private static Map<String, @Nullable Object> json(@Nullable Object... keysAndValues) {
        Map<String, @Nullable Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    @Test
    void everyScalarIsReadIntoItsComponentsType() throws Exception {
        // given: numbers as a JSON reader gives them, some wider or narrower than their component
        Map<String, @Nullable Object> arguments = json("text", "t", "chars", "c", "letter", "x", "boxedLetter", "y",
                "flag", true, "boxedFlag", false, "b", 7, "s", 300, "i", 4.0, "l", 5, "bb", -8, "bs", 9, "bi", 10L,
                "bl", new BigInteger("11"), "big", new BigInteger("123456789012345678901234567890"), "f", 1.5,
                "d", 2, "bf", new BigDecimal("3.25"), "bd", 4L, "decimal", 0.1, "sky", "RAIN");

        // when
        Object read = read(Scalars.class, arguments);

        // then
        assertThat(read).isEqualTo(new Scalars("t", "c", 'x', 'y', true, false, (byte) 7, (short) 300, 4, 5L,
                (byte) -8, (short) 9, 10, 11L, new BigInteger("123456789012345678901234567890"), 1.5f, 2.0, 3.25f,
                4.0, new BigDecimal("0.1"), Sky.RAIN));
    }

    @Test
    void datesAndInstantsAreReadFromIsoStrings() throws Exception {
        // when
        Object read = read(Times.class, json("day", "2026-11-24", "at", "2026-11-24T09:30:00Z",
                "local", "2026-11-24T09:30:00+01:00"));

        // then
        assertThat(read).isEqualTo(new Times(LocalDate.of(2026, 11, 24), Instant.parse("2026-11-24T09:30:00Z"),
                OffsetDateTime.parse("2026-11-24T09:30:00+01:00")));
    }

    @Test
    void arraysBecomeListsSetsAndArraysAndObjectsBecomeMaps() throws Exception {
        // when
        var read = (Containers) read(Containers.class, json("list", List.of("a", "b"), "set", List.of(3, 1, 2),
                "collection", List.of(true), "doubles", List.of(1, 2.5), "lists", List.of(List.of("x"), List.of()),
                "counts", json("a", 1, "b", 2), "bytes", "aGk=", "characters", "hey"));

        // then
        assertThat(read.list()).containsExactly("a", "b");
        assertThat(read.set()).containsExactly(3, 1, 2);
        assertThat(read.collection()).containsExactly(true);
        assertThat(read.doubles()).containsExactly(1.0, 2.5);
        assertThat(read.lists()).containsExactly(List.of("x"), List.of());
        assertThat(read.counts()).containsExactly(Map.entry("a", 1L), Map.entry("b", 2L));
        assertThat(read.bytes()).isEqualTo("hi".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThat(read.characters()).containsExactly('h', 'e', 'y');
        assertThatThrownBy(() -> read.list().add("c")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void nestedObjectsBecomeNestedRecords() throws Exception {
        // when
        Object read = read(Route.class, json("name", "coast", "start", json("x", 0, "y", 0),
                "stops", List.of(json("x", 1, "y", 2), json("x", 3.5, "y", -4))));

        // then
        assertThat(read).isEqualTo(new Route("coast", new Point(0, 0), List.of(new Point(1, 2), new Point(3.5, -4))));
    }

    @Test
    void anOptionalOrNullableComponentLeftOutOrNullIsEmptyOrNullAndOtherwiseItsValue() throws Exception {
        // when
        Object absent = read(Optionals.class, json("kept", "k"));
        Object nulls = read(Optionals.class, json("kept", "k", "note", null, "count", null, "sky", null));
        Object given = read(Optionals.class, json("kept", "k", "note", "n", "count", 3, "sky", "CLEAR",
                "where", json("x", 1, "y", 1)));

        // then
        Optionals empty = new Optionals("k", Optional.empty(), null, Optional.empty(), null);
        assertThat(absent).isEqualTo(empty);
        assertThat(nulls).isEqualTo(empty);
        assertThat(given).isEqualTo(new Optionals("k", Optional.of("n"), 3, Optional.of(Sky.CLEAR), new Point(1, 1)));
    }

    static Stream<Arguments> refusals() {
        Map<String, @Nullable Object> scalars = json("text", "t", "chars", "c", "letter", "x", "boxedLetter", "y",
                "flag", true, "boxedFlag", false, "b", 7, "s", 3, "i", 4, "l", 5, "bb", 8, "bs", 9, "bi", 10,
                "bl", 11, "big", 12, "f", 1.5, "d", 2, "bf", 3, "bd", 4, "decimal", 0.1, "sky", "RAIN");
        Map<String, @Nullable Object> route = json("name", "coast", "start", json("x", 0, "y", 0),
                "stops", List.of(json("x", 1, "y", 2), json("x", "abc", "y", 2)));
        return Stream.of(
                Arguments.of(Scalars.class, with(scalars, "i", 3.5), "argument \"i\" must be of type integer, was 3.5"),
                Arguments.of(Scalars.class, with(scalars, "b", 300),
                        "argument \"b\" must be an integer from -128 to 127, was 300"),
                Arguments.of(Scalars.class, with(scalars, "l", new BigInteger("99999999999999999999")),
                        "argument \"l\" must be an integer from -9223372036854775808 to 9223372036854775807,"
                                + " was 99999999999999999999"),
                Arguments.of(Scalars.class, with(scalars, "text", 5), "argument \"text\" must be of type string, was 5"),
                Arguments.of(Scalars.class, with(scalars, "flag", "true"),
                        "argument \"flag\" must be of type boolean, was \"true\""),
                Arguments.of(Scalars.class, with(scalars, "letter", "ab"),
                        "argument \"letter\" must be a string of one character, was \"ab\""),
                Arguments.of(Scalars.class, with(scalars, "f", 1e300),
                        "argument \"f\" must be a number within the range of a float, was 1.0E300"),
                Arguments.of(Scalars.class, with(scalars, "sky", "SUNNY"),
                        "argument \"sky\" must be one of CLEAR, CLOUDY, RAIN, was \"SUNNY\""),
                Arguments.of(Scalars.class, without(scalars, "text"), "missing required argument \"text\""),
                Arguments.of(Scalars.class, with(scalars, "colour", "red"),
                        "unknown argument \"colour\"; the arguments are: text, chars, letter, boxedLetter, flag,"
                                + " boxedFlag, b, s, i, l, bb, bs, bi, bl, big, f, d, bf, bd, decimal, sky"),
                Arguments.of(Route.class, route, "argument \"stops[1].x\" must be of type number, was \"abc\""),
                Arguments.of(Route.class, with(route, "start", json("x", 1)), "missing required argument \"start.y\""),
                Arguments.of(Route.class, with(route, "start", json("x", 1, "y", 2, "z", 3)),
                        "unknown argument \"start.z\"; the arguments of \"start\" are: x, y"),
                Arguments.of(Route.class, with(route, "stops", json("x", 1)),
                        "argument \"stops\" must be of type array, was {x=1}"),
                Arguments.of(Times.class, json("day", "tomorrow", "at", "2026-11-24T09:30:00Z",
                        "local", "2026-11-24T09:30:00+01:00"),
                        "argument \"day\" must be a date as 2026-11-24, was \"tomorrow\""),
                Arguments.of(Containers.class, json("list", Arrays.asList("a", null), "set", List.of(),
                        "collection", List.of(), "doubles", List.of(), "lists", List.of(), "counts", Map.of(),
                        "bytes", "", "characters", ""), "argument \"list[1]\" must be of type string, was null"),
                Arguments.of(Containers.class, json("list", List.of(), "set", List.of(1, 2, 1),
                        "collection", List.of(), "doubles", List.of(), "lists", List.of(), "counts", Map.of(),
                        "bytes", "", "characters", ""), "argument \"set\" must not repeat an item, repeats 1 at [2]"),
                Arguments.of(Containers.class, json("list", List.of(), "set", List.of(), "collection", List.of(),
                        "doubles", List.of(), "lists", List.of(), "counts", Map.of(), "bytes", "not base64!",
                        "characters", ""), "argument \"bytes\" must be base64, was \"not base64!\""),
                Arguments.of(Positive.class, json("amount", -1),
                        "the arguments are not a valid Positive: amount must be positive, was -1"),
                Arguments.of(Orders.class, json("orders", List.of(json("amount", 2), json("amount", 0))),
                        "argument \"orders[1]\" is not a valid Positive: amount must be positive, was 0"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("refusals")
    void anArgumentThatDoesNotFitIsRefusedAsInvalidNamingItAndItsValue(Class<? extends Record> type,
            Map<String, @Nullable Object> arguments, String message) {
        // given
        var ran = new AtomicInteger();
        Tool tool = Tools.of("read", "Reads", type, (args, run) -> ran.incrementAndGet());

        // when / then
        assertThatThrownBy(() -> tool.call(arguments, StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage(message);
        assertThat(ran).hasValue(0);
    }

    @Test
    void aComponentWithoutASchemaIsRefusedWhenTheToolIsMadeNamingTheRecordTheComponentAndTheType() {
        // when / then
        assertThatThrownBy(() -> Tools.of("any", "Anything", Anything.class, (args, run) -> "ok"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot derive a JSON Schema for record " + Anything.class.getName()
                        + ": component Anything.payload has type java.lang.Object, which has no JSON Schema mapping");
    }

    @Test
    void aCollectionOrMapOfAConcreteClassIsRefusedWhenTheToolIsMadeSayingWhatToDeclare() {
        // when / then
        assertThatThrownBy(() -> Tools.of("items", "Items", Concrete.class, (args, run) -> "ok"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot read tool arguments into record " + Concrete.class.getName() + ": component"
                        + " Concrete.items has type java.util.ArrayList<java.lang.String>, which cannot be built from"
                        + " JSON: declare it as List, Set or Collection");
        assertThatThrownBy(() -> Tools.of("names", "Names", ConcreteMap.class, (args, run) -> "ok"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("which cannot be built from JSON: declare it as Map");
        assertThat(RecordSchemas.of(Concrete.class)).as("the schema alone is derived").isNotEmpty();
    }

    @Test
    void nullArgumentsOfTheFactoryAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> Tools.of("p", "Point", (Class<Point>) null, (args, run) -> "ok"))
                .isInstanceOf(NullPointerException.class).hasMessage("argumentsType must not be null");
        assertThatThrownBy(() -> Tools.of("p", "Point", Point.class, null))
                .isInstanceOf(NullPointerException.class).hasMessage("function must not be null");
    }

    private static Map<String, @Nullable Object> with(Map<String, @Nullable Object> arguments, String key,
            @Nullable Object value) {
        Map<String, @Nullable Object> changed = new LinkedHashMap<>(arguments);
        changed.put(key, value);
        return changed;
    }

    private static Map<String, @Nullable Object> without(Map<String, @Nullable Object> arguments, String key) {
        Map<String, @Nullable Object> changed = new LinkedHashMap<>(arguments);
        changed.remove(key);
        return changed;
    }
}
