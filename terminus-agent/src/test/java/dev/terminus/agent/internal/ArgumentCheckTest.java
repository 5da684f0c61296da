package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ArgumentCheckTest {

    private static Map<String, Object> schemaWith(String property, String type) {
        return Map.of("type", "object", "properties", Map.of(property, Map.of("type", type)));
    }

    private static Map<String, Object> args(String key, Object value) {
        Map<String, Object> arguments = new HashMap<>();
        arguments.put(key, value);
        return arguments;
    }

    @Test
    void argumentsMatchingTheSchemaPass() {
        // given
        Map<String, Object> schema = Map.of(
                "type", "object",
                "properties", Map.of("query", Map.of("type", "string"), "limit", Map.of("type", "integer")),
                "required", List.of("query"));

        // when
        String problem = ArgumentCheck.problem(schema, Map.of("query", "jqwik", "limit", 5));

        // then
        assertThat(problem).isNull();
    }

    @Test
    void argumentsAProviderCouldNotParseAreRefusedEvenWhenNothingIsRequired() {
        // given: a tool without required arguments, and what an adapter passes for text that is not a JSON object
        Map<String, Object> schema = Map.of("type", "object", "properties", Map.of());

        // when
        String problem = ArgumentCheck.problem(schema,
                Map.of(dev.terminus.agent.spi.Model.INVALID_ARGUMENTS, "{\"city\": \"Osl"));

        // then
        assertThat(problem).isEqualTo("the arguments are not a JSON object: {\"city\": \"Osl");
    }

    @Test
    void aMissingRequiredArgumentIsNamed() {
        // given
        Map<String, Object> schema = Map.of(
                "type", "object",
                "properties", Map.of("query", Map.of("type", "string")),
                "required", List.of("query"));

        // when
        String problem = ArgumentCheck.problem(schema, Map.of());

        // then
        assertThat(problem).isEqualTo("missing required argument \"query\"");
    }

    @Test
    void aNullRequiredArgumentCountsAsMissing() {
        // given
        Map<String, Object> schema = Map.of("required", List.of("query"));

        // when
        String problem = ArgumentCheck.problem(schema, args("query", null));

        // then
        assertThat(problem).isEqualTo("missing required argument \"query\"");
    }

    @Test
    void theFirstMissingRequiredArgumentIsNamed() {
        // given
        Map<String, Object> schema = Map.of("required", List.of("a", "b", "c"));

        // when
        String problem = ArgumentCheck.problem(schema, Map.of("a", 1));

        // then
        assertThat(problem).isEqualTo("missing required argument \"b\"");
    }

    @Test
    void aMissingOptionalArgumentPasses() {
        // given
        Map<String, Object> schema = Map.of(
                "properties", Map.of("limit", Map.of("type", "integer")),
                "required", List.of());

        // when / then
        assertThat(ArgumentCheck.problem(schema, Map.of())).isNull();
    }

    @Test
    void aNullOptionalArgumentPassesTheTypeCheck() {
        // given
        Map<String, Object> schema = schemaWith("limit", "integer");

        // when / then
        assertThat(ArgumentCheck.problem(schema, args("limit", null))).isNull();
    }

    static List<Arguments> matchingTypes() {
        return List.of(
                Arguments.of("string", "text"),
                Arguments.of("string", ""),
                Arguments.of("integer", 4),
                Arguments.of("integer", 4L),
                Arguments.of("integer", new BigInteger("123456789012345678901234567890")),
                Arguments.of("integer", 4.0),
                Arguments.of("integer", -0.0),
                Arguments.of("integer", new BigDecimal("4.000")),
                Arguments.of("number", 4),
                Arguments.of("number", 4.5),
                Arguments.of("number", new BigDecimal("0.1")),
                Arguments.of("boolean", true),
                Arguments.of("array", List.of()),
                Arguments.of("array", List.of(1, "two")),
                Arguments.of("object", Map.of()),
                Arguments.of("object", Map.of("k", 1)));
    }

    @ParameterizedTest(name = "{0} accepts {1}")
    @MethodSource("matchingTypes")
    void aValueOfTheDeclaredTypePasses(String type, Object value) {
        // when
        String problem = ArgumentCheck.problem(schemaWith("x", type), args("x", value));

        // then
        assertThat(problem).isNull();
    }

    static List<Arguments> mismatchedTypes() {
        return List.of(
                Arguments.of("string", 4, "4"),
                Arguments.of("string", true, "true"),
                Arguments.of("integer", 4.5, "4.5"),
                Arguments.of("integer", new BigDecimal("4.5"), "4.5"),
                Arguments.of("integer", "4", "4"),
                Arguments.of("integer", true, "true"),
                Arguments.of("number", "4.5", "4.5"),
                Arguments.of("boolean", "true", "true"),
                Arguments.of("boolean", 1, "1"),
                Arguments.of("array", "a,b", "a,b"),
                Arguments.of("array", Map.of(), "{}"),
                Arguments.of("object", List.of(), "[]"),
                Arguments.of("object", "{}", "{}"));
    }

    @ParameterizedTest(name = "{0} refuses {1}")
    @MethodSource("mismatchedTypes")
    void aValueOfAnotherTypeIsRefusedNamingTheArgumentTypeAndValue(String type, Object value, String shown) {
        // when
        String problem = ArgumentCheck.problem(schemaWith("x", type), args("x", value));

        // then
        assertThat(problem).isEqualTo("argument \"x\" must be of type " + type + ", was " + shown);
    }

    @Test
    void integerAcceptsFourAndFourPointZeroButNotFourPointFive() {
        // given
        Map<String, Object> schema = schemaWith("n", "integer");

        // when / then
        assertThat(ArgumentCheck.problem(schema, args("n", 4))).isNull();
        assertThat(ArgumentCheck.problem(schema, args("n", 4.0))).isNull();
        assertThat(ArgumentCheck.problem(schema, args("n", 4.5)))
                .isEqualTo("argument \"n\" must be of type integer, was 4.5");
    }

    @Test
    void unknownPropertiesPass() {
        // given
        Map<String, Object> schema = schemaWith("query", "string");

        // when
        String problem = ArgumentCheck.problem(schema, Map.of("query", "q", "verbose", true, "depth", 3));

        // then
        assertThat(problem).isNull();
    }

    @Test
    void anUnknownOrMissingTypePasses() {
        // given
        Map<String, Object> schema = Map.of("properties", Map.of(
                "anything", Map.of("description", "no type"),
                "nothing", Map.of("type", "null"),
                "either", Map.of("type", List.of("string", "integer"))));

        // when
        String problem = ArgumentCheck.problem(schema, Map.of("anything", 1, "nothing", "x", "either", true));

        // then
        assertThat(problem).isNull();
    }

    @Test
    void onlyTheTopLevelIsChecked() {
        // given
        Map<String, Object> schema = Map.of("properties", Map.of("point", Map.of(
                "type", "object",
                "properties", Map.of("x", Map.of("type", "integer")),
                "required", List.of("x", "y"))));

        // when
        String problem = ArgumentCheck.problem(schema, Map.of("point", Map.of("x", "not a number")));

        // then
        assertThat(problem).isNull();
    }

    @Test
    void aSchemaWithoutRequiredOrPropertiesAcceptsAnything() {
        // given
        Map<String, Object> schema = Map.of("type", "object", "properties", Map.of());

        // when / then
        assertThat(ArgumentCheck.problem(schema, Map.of("a", 1, "b", List.of()))).isNull();
        assertThat(ArgumentCheck.problem(Map.of(), Map.of("a", 1))).isNull();
    }

    @Test
    void aMissingRequiredArgumentIsReportedBeforeATypeMismatch() {
        // given
        Map<String, Object> schema = Map.of(
                "properties", Map.of("a", Map.of("type", "string"), "b", Map.of("type", "string")),
                "required", List.of("b"));

        // when
        String problem = ArgumentCheck.problem(schema, Map.of("a", 1));

        // then
        assertThat(problem).isEqualTo("missing required argument \"b\"");
    }
}
