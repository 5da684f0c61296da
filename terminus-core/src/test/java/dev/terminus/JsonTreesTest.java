package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTreesTest {

    @Test
    void copyKeepsEveryJsonValueTypeAndTheKeyOrder() {
        // given
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("s", "text");
        source.put("b", true);
        source.put("i", 4);
        source.put("l", 5L);
        source.put("bi", new BigInteger("123456789012345678901234567890"));
        source.put("d", 4.5);
        source.put("bd", new BigDecimal("2.50"));
        source.put("n", null);
        source.put("list", List.of(1, "two"));
        source.put("map", Map.of("k", "v"));

        // when
        Map<String, Object> copy = JsonTrees.copyObject(source, "root");

        // then
        assertThat(copy).isEqualTo(source);
        assertThat(copy.keySet()).containsExactly("s", "b", "i", "l", "bi", "d", "bd", "n", "list", "map");
        assertThat(copy.get("bd")).isEqualTo(new BigDecimal("2.50"));
    }

    @Test
    void copyIsDeepSoChangesToNestedSourceValuesDoNotShow() {
        // given
        List<Object> list = new ArrayList<>(List.of(1));
        Map<String, Object> inner = new HashMap<>(Map.of("k", "v"));
        Map<String, Object> source = new HashMap<>();
        source.put("list", list);
        source.put("inner", inner);
        Map<String, Object> copy = JsonTrees.copyObject(source, "root");

        // when
        list.add(2);
        inner.put("k2", "v2");
        source.put("added", "x");

        // then
        assertThat(copy).isEqualTo(Map.of("list", List.of(1), "inner", Map.of("k", "v")));
    }

    @Test
    void copyRejectsMutationAtEveryLevel() {
        // given
        Map<String, Object> copy = JsonTrees.copyObject(
                Map.of("list", new ArrayList<>(List.of(1)), "inner", new HashMap<>(Map.of("k", "v"))), "root");

        // when
        @SuppressWarnings("unchecked")
        List<Object> list = (List<Object>) copy.get("list");
        @SuppressWarnings("unchecked")
        Map<String, Object> inner = (Map<String, Object>) copy.get("inner");

        // then
        assertThatThrownBy(() -> copy.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> list.add(2)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> inner.remove("k")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shortAndByteBecomeIntegerAndFloatBecomesDouble() {
        // given
        Map<String, Object> source = Map.of("short", (short) 7, "byte", (byte) 3, "float", 1.5f);

        // when
        Map<String, Object> copy = JsonTrees.copyObject(source, "root");

        // then
        assertThat(copy.get("short")).isEqualTo(7);
        assertThat(copy.get("byte")).isEqualTo(3);
        assertThat(copy.get("float")).isEqualTo(1.5d);
    }

    @Test
    void nullObjectIsRejectedNamingTheField() {
        // given
        Map<String, Object> object = null;

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(object, "Custom.properties"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Custom.properties must not be null");
    }

    @Test
    void nonFiniteDoubleIsRefusedWithItsPath() {
        // given
        Map<String, Object> source = Map.of("ratio", Double.NaN);

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(source, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root.ratio must be a finite number, was NaN");
    }

    @Test
    void infiniteDoubleInAListIsRefusedWithItsPath() {
        // given
        Map<String, Object> source = Map.of("values", List.of(1.0, Double.POSITIVE_INFINITY));

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(source, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root.values[1] must be a finite number, was Infinity");
    }

    @Test
    void nonFiniteFloatIsRefused() {
        // given
        Map<String, Object> source = Map.of("f", Float.NEGATIVE_INFINITY);

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(source, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root.f must be a finite number, was -Infinity");
    }

    @Test
    void nonJsonValueIsRefusedWithItsPathAndClass() {
        // given
        Map<String, Object> source = Map.of("outer", Map.of("when", new Object()));

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(source, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root.outer.when must be a JSON value (null, string, boolean, number, list or map),"
                        + " was a java.lang.Object");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void nestedMapWithANonStringKeyIsRefusedWithItsPath() {
        // given
        Map inner = new HashMap();
        inner.put(42, "answer");
        Map<String, Object> source = Map.of("inner", inner);

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(source, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root.inner has a key that is not a string: 42");
    }

    @Test
    void selfReferencingMapIsRefusedMentioningTheNestingDepth() {
        // given
        Map<String, Object> cyclic = new HashMap<>();
        cyclic.put("self", cyclic);

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(cyclic, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("root.self.self.")
                .hasMessageEndingWith(" nests deeper than " + JsonTrees.MAX_DEPTH + " levels (a cycle?)");
    }

    @Test
    void selfReferencingListIsRefusedMentioningTheNestingDepth() {
        // given
        List<Object> cyclic = new ArrayList<>();
        cyclic.add(cyclic);
        Map<String, Object> source = Map.of("list", cyclic);

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(source, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("root.list[0][0]")
                .hasMessageContaining("nests deeper than " + JsonTrees.MAX_DEPTH + " levels");
    }

    @Test
    void nestingExactlyMaxDepthLevelsIsAccepted() {
        // given
        Map<String, Object> deepest = nestedMaps(JsonTrees.MAX_DEPTH);

        // when
        Map<String, Object> copy = JsonTrees.copyObject(deepest, "root");

        // then
        assertThat(copy).isEqualTo(deepest);
    }

    @Test
    void nestingOneLevelBeyondMaxDepthIsRefused() {
        // given
        Map<String, Object> tooDeep = nestedMaps(JsonTrees.MAX_DEPTH + 1);

        // when / then
        assertThatThrownBy(() -> JsonTrees.copyObject(tooDeep, "root"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nests deeper than " + JsonTrees.MAX_DEPTH + " levels");
    }

    @Test
    void convertReturnsAValueThatAlreadyHasTheType() {
        // given
        Object value = "text";

        // when
        String converted = JsonTrees.convert(value, String.class, "p");

        // then
        assertThat(converted).isSameAs(value);
    }

    @Test
    void convertTurnsAnIntegerIntoEveryExactNumberType() {
        // given
        Object four = 4;

        // when / then
        assertThat(JsonTrees.convert(four, Long.class, "p")).isEqualTo(4L);
        assertThat(JsonTrees.convert(four, BigInteger.class, "p")).isEqualTo(BigInteger.valueOf(4));
        assertThat(JsonTrees.convert(four, BigDecimal.class, "p")).isEqualByComparingTo("4");
        assertThat(JsonTrees.convert(four, Double.class, "p")).isEqualTo(4.0);
    }

    @Test
    void convertTurnsAWholeDoubleIntoAnInteger() {
        // given
        Object value = 4.0;

        // when
        Integer converted = JsonTrees.convert(value, Integer.class, "p");

        // then
        assertThat(converted).isEqualTo(4);
    }

    @Test
    void convertRefusesAFractionAsIntegerNamingThePathAndValue() {
        // given
        Object value = 4.5;

        // when / then
        assertThatThrownBy(() -> JsonTrees.convert(value, Integer.class, "root.ratio"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root.ratio is 4.5 (Double), not a Integer")
                .hasCauseInstanceOf(ArithmeticException.class);
    }

    @Test
    void convertRefusesALongThatDoesNotFitAnInteger() {
        // given
        Object value = 1L + Integer.MAX_VALUE;

        // when / then
        assertThatThrownBy(() -> JsonTrees.convert(value, Integer.class, "p"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("p is 2147483648 (Long), not a Integer");
    }

    @Test
    void convertTurnsABigIntegerThatFitsIntoALong() {
        // given
        Object value = BigInteger.valueOf(Long.MAX_VALUE);

        // when
        Long converted = JsonTrees.convert(value, Long.class, "p");

        // then
        assertThat(converted).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void convertRefusesAStringAsANumberQuotingIt() {
        // given
        Object value = "4";

        // when / then
        assertThatThrownBy(() -> JsonTrees.convert(value, Integer.class, "p"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("p is \"4\", not a Integer");
    }

    @Test
    void convertRefusesANumberAsAString() {
        // given
        Object value = 4;

        // when / then
        assertThatThrownBy(() -> JsonTrees.convert(value, String.class, "p"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("p is 4 (Integer), not a String");
    }

    /** A map with {@code levels} maps nested below it, each under the key "n". */
    private static Map<String, Object> nestedMaps(int levels) {
        Map<String, Object> map = Map.of();
        for (int i = 0; i < levels; i++) {
            map = Map.of("n", map);
        }
        return map;
    }
}
