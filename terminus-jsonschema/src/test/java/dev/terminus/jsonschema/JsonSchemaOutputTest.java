package dev.terminus.jsonschema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.map;

import dev.terminus.Diagnostic.Violation;
import dev.terminus.Diagnostic;
import dev.terminus.agent.RecordSchemas;
import dev.terminus.agent.spi.OutputCheck;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonSchemaOutputTest {

    /** An object with a required string, an integer, an enum and an array of objects with a required count. */
    private static final Map<String, Object> ORDER = Map.of(
            "type", "object",
            "properties", Map.of(
                    "city", Map.of("type", "string"),
                    "days", Map.of("type", "integer"),
                    "sky", Map.of("enum", List.of("CLEAR", "RAIN")),
                    "wind speed", Map.of("type", "number"),
                    "items", Map.of("type", "array", "items", Map.of(
                            "type", "object",
                            "properties", Map.of("count", Map.of("type", "integer")),
                            "required", List.of("count")))),
            "required", List.of("city"));

    private static final JsonSchemaOutput PLAIN = JsonSchemaOutput.of(ORDER);

    enum Sky { CLEAR, CLOUDY, RAIN }

    record Line(String product, int quantity) {
        Line {
            if (quantity <= 0) {
                throw new IllegalArgumentException("quantity must be positive, was " + quantity);
            }
        }
    }

    record Forecast(String city, double celsius, Sky sky, List<Line> lines, Optional<String> warning, LocalDate day,
            BigDecimal price) {}

    private static final JsonSchemaOutput FORECAST = JsonSchemaOutput.forRecord(Forecast.class);

    @Nested
    class PlainValues {
        @Test
        void aValidAnswerIsItsPlainValuesInTheAnswersOrder() {
            // given
            String answer = "{\"days\": 3, \"city\": \"Oslo\", \"wind speed\": 4.5, \"items\": [{\"count\": 1,"
                    + " \"note\": null}], \"extra\": true}";

            // when
            OutputCheck check = PLAIN.check(answer);

            // then
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("count", 1L);
            item.put("note", null);
            assertThat(valid(check)).asInstanceOf(map(String.class, Object.class))
                    .containsExactly(Map.entry("days", 3L), Map.entry("city", "Oslo"), Map.entry("wind speed", 4.5),
                            Map.entry("items", List.of(item)), Map.entry("extra", true));
        }

        @Test
        void hugeIntegersAreBigIntegersAndHugeNumbersBigDecimals() {
            // given
            JsonSchemaOutput numbers = JsonSchemaOutput.of(Map.of("type", "array"));

            // when
            OutputCheck check = numbers.check("[7, 123456789012345678901234567890, 0.1, 1e400]");

            // then
            assertThat(valid(check)).isEqualTo(List.of(7L, new BigInteger("123456789012345678901234567890"), 0.1,
                    new BigDecimal("1e400")));
        }

        @Test
        void theValueIsUnmodifiable() {
            // given
            Object value = valid(PLAIN.check("{\"city\": \"Oslo\", \"items\": []}"));

            // when / then
            assertThatThrownBy(() -> ((Map<?, ?>) value).clear()).isInstanceOf(UnsupportedOperationException.class);
        }

        @Test
        void anAnswerThatIsNotAnObjectIsValidWhenTheSchemaSaysSo() {
            // given
            JsonSchemaOutput word = JsonSchemaOutput.of(Map.of("type", "string", "minLength", 2));

            // when / then
            assertThat(valid(word.check("\"ok\""))).isEqualTo("ok");
            assertThat(violations(word.check("\"k\""))).containsExactly(
                    new Violation("$", "must be at least 2 characters long"));
        }

        @Test
        void theTypeIsEmptyAndTheSchemaIsTheGivenOne() {
            // when / then
            assertThat(PLAIN.type()).isEmpty();
            assertThat(PLAIN.schema()).isEqualTo(ORDER);
        }
    }

    @Nested
    class Reading {
        @ParameterizedTest
        @ValueSource(strings = {
                "```json\n{\"city\": \"Oslo\"}\n```",
                "```\n{\"city\": \"Oslo\"}\n```",
                "  \n```JSON  \n{\"city\": \"Oslo\"}\n```\n\n",
                "```{\"city\": \"Oslo\"}```",
                "```json {\"city\": \"Oslo\"} ```",
                "\t{\"city\": \"Oslo\"}\n"})
        void oneSurroundingFenceAndWhitespaceAreDropped(String answer) {
            // when
            OutputCheck check = PLAIN.check(answer);

            // then
            assertThat(valid(check)).isEqualTo(Map.of("city", "Oslo"));
        }

        @Test
        void aDiagnosticReceivesTheAnswerAsGivenFenceAndAll() {
            // given
            String answer = "```json\n{\"days\": 2}\n```";

            // when
            Diagnostic diagnostic = diagnostic(PLAIN.check(answer));

            // then
            assertThat(diagnostic.received()).isEqualTo(answer);
            assertThat(diagnostic.violations()).containsExactly(
                    new Violation("$", "required property 'city' not found"));
        }

        @Test
        void textThatIsNotJsonIsOneViolationAtTheRootWithTheParsersFirstLine() {
            // when
            OutputCheck check = PLAIN.check("Sure! The city is Oslo.");

            // then
            assertThat(violations(check)).containsExactly(new Violation("$", "not valid JSON: Unrecognized token"
                    + " 'Sure': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or"
                    + " 'false')"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"{\"city\": \"Oslo\"} I hope this helps", "{\"city\": \"Oslo\"", "",
                "{\"city\": \"Oslo\", \"city\": \"Bergen\"}", "```json\n```"})
        void brokenTrailingEmptyOrRepeatingJsonIsNotValidJson(String answer) {
            // when
            List<Violation> violations = violations(PLAIN.check(answer));

            // then
            assertThat(violations).singleElement().satisfies(violation -> {
                assertThat(violation.path()).isEqualTo("$");
                assertThat(violation.message()).startsWith("not valid JSON: ").doesNotContain("\n", "line:");
            });
        }

        @Test
        void theParsersMessageCarriesNoSourceLocation() {
            // when / then
            assertThat(violations(PLAIN.check("{\"city\": \"Oslo\""))).containsExactly(new Violation("$",
                    "not valid JSON: Unexpected end-of-input: expected close marker for Object"));
        }

        @Test
        void anEmptyAnswerSaysSo() {
            // when / then
            assertThat(violations(PLAIN.check("  \n "))).containsExactly(
                    new Violation("$", "not valid JSON: the answer is empty"));
        }
    }

    @Nested
    class Violations {
        @Test
        void aViolationDeepInsideIsAtItsJsonPathWithTheValidatorsMessage() {
            // when
            OutputCheck check = PLAIN.check("{\"city\": \"Oslo\", \"items\": [{\"count\": 1}, {\"count\": \"two\"}]}");

            // then
            assertThat(violations(check)).containsExactly(
                    new Violation("$.items[1].count", "string found, integer expected"));
        }

        @Test
        void everyProblemIsAViolationSortedByPathThenMessage() {
            // given
            StringBuilder items = new StringBuilder();
            for (int i = 0; i <= 10; i++) {
                items.append(i == 0 ? "" : ", ").append(i == 2 || i == 10 ? "{}" : "{\"count\": " + i + "}");
            }
            String answer = "{\"sky\": \"FOG\", \"days\": 1.5, \"wind speed\": \"calm\", \"items\": [" + items + "]}";

            // when
            List<Violation> first = violations(PLAIN.check(answer));
            List<Violation> again = violations(PLAIN.check(answer));

            // then
            assertThat(first).containsExactly(
                    new Violation("$", "required property 'city' not found"),
                    new Violation("$.days", "number found, integer expected"),
                    new Violation("$.items[2]", "required property 'count' not found"),
                    new Violation("$.items[10]", "required property 'count' not found"),
                    new Violation("$.sky", "does not have a value in the enumeration [\"CLEAR\", \"RAIN\"]"),
                    new Violation("$['wind speed']", "string found, number expected"));
            assertThat(again).isEqualTo(first);
        }

        @Test
        void aFormatIsAsserted() {
            // given
            JsonSchemaOutput day = JsonSchemaOutput.of(Map.of("type", "string", "format", "date"));

            // when / then
            assertThat(valid(day.check("\"2025-02-28\""))).isEqualTo("2025-02-28");
            assertThat(violations(day.check("\"2025-02-30\""))).containsExactly(new Violation("$",
                    "does not match the date pattern must be a valid RFC 3339 full-date"));
        }

        @Test
        void theSchemasOwnDialectIsHonoured() {
            // given: an array of item schemas is a tuple in draft 7, and no schema at all in draft 2020-12
            Map<String, Object> tuple = Map.of("items", List.of(Map.of("type", "string")));
            Map<String, Object> draft7 = new HashMap<>(tuple);
            draft7.put("$schema", "http://json-schema.org/draft-07/schema#");

            // when
            OutputCheck check = JsonSchemaOutput.of(draft7).check("[1, 2]");

            // then
            assertThat(violations(check)).containsExactly(new Violation("$[0]", "integer found, string expected"));
            assertThatThrownBy(() -> JsonSchemaOutput.of(tuple)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("invalid JSON Schema: $.items = [{\"type\":\"string\"}]: ");
        }

        @Test
        void nullIsNotAnAnswerEvenWhenTheSchemaAllowsIt() {
            // given
            JsonSchemaOutput nullable = JsonSchemaOutput.of(Map.of("type", List.of("object", "null")));

            // when / then
            assertThat(violations(nullable.check("null"))).containsExactly(new Violation("$", "null is not an answer"));
            assertThat(violations(PLAIN.check("null"))).containsExactly(
                    new Violation("$", "null found, object expected"));
        }
    }

    @Nested
    class Schemas {
        @Test
        void aSchemaTheMetaSchemaRefusesIsRefusedSayingWhereAndWhy() {
            // when / then
            assertThatThrownBy(() -> JsonSchemaOutput.of(Map.of("type", 42)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("invalid JSON Schema: $.type = 42: does not have a value in the enumeration"
                            + " [\"array\", \"boolean\", \"integer\", \"null\", \"number\", \"object\", \"string\"];"
                            + " $.type = 42: integer found, array expected");
        }

        @Test
        void aSchemaTheValidatorCannotCompileIsRefused() {
            // when / then
            assertThatThrownBy(() -> JsonSchemaOutput.of(Map.of("type", "string", "pattern", "[a-")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("invalid JSON Schema: ")
                    .hasMessageContaining("[a-");
        }

        @Test
        void aReferenceOutsideTheSchemaIsRefusedAndNeverFetched() {
            // when / then
            assertThatThrownBy(() -> JsonSchemaOutput.of(Map.of("$ref", "https://example.com/forecast.json")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("invalid JSON Schema: Schema from 'https://example.com/forecast.json' is not allowed"
                            + " to be loaded.");
        }

        @Test
        void anUnknownDialectIsRefused() {
            // when / then
            assertThatThrownBy(() -> JsonSchemaOutput.of(Map.of("$schema", "https://example.com/meta")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("invalid JSON Schema: $schema \"https://example.com/meta\" is not a JSON"
                            + " Schema dialect this validator has");
        }

        @Test
        void aSchemaThatIsNotPlainJsonIsRefusedNamingTheValue() {
            // given
            Map<String, Object> schema = Map.of("properties", Map.of("day", Map.of("const", LocalDate.of(2025, 1, 2))));

            // when / then
            assertThatThrownBy(() -> JsonSchemaOutput.of(schema))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the schema is not plain JSON: at $.properties.day.const, 2025-01-02 (a"
                            + " java.time.LocalDate) is not a JSON value; JSON values are maps, lists, strings,"
                            + " numbers, booleans and null");
        }

        @Test
        void theSchemaIsAnUnmodifiableDeepCopy() {
            // given
            List<Object> required = new ArrayList<>(List.of("city"));
            Map<String, Object> given = new HashMap<>(Map.of("type", "object", "required", required));
            JsonSchemaOutput output = JsonSchemaOutput.of(given);

            // when
            required.add("days");
            given.put("title", "changed");

            // then
            assertThat(output.schema()).isEqualTo(Map.of("type", "object", "required", List.of("city")));
            assertThatThrownBy(() -> ((List<?>) output.schema().get("required")).clear())
                    .isInstanceOf(UnsupportedOperationException.class);
            assertThat(output.check("{\"days\": 1}")).isInstanceOf(OutputCheck.Invalid.class);
        }

        @Test
        void nullsInTheSchemaSurviveTheCopy() {
            // given
            Map<String, Object> schema = new HashMap<>();
            schema.put("enum", Arrays.asList("a", null));

            // when
            JsonSchemaOutput output = JsonSchemaOutput.of(schema);

            // then
            assertThat(output.schema().get("enum")).isEqualTo(Arrays.asList("a", null));
            assertThat(valid(output.check("\"a\""))).isEqualTo("a");
            assertThat(violations(output.check("\"b\""))).containsExactly(
                    new Violation("$", "does not have a value in the enumeration [\"a\", null]"));
        }
    }

    @Nested
    class Records {
        @Test
        void aValidAnswerIsTheRecord() {
            // given
            String answer = "```json\n{\"city\": \"Oslo\", \"celsius\": -3.5, \"sky\": \"RAIN\", \"lines\":"
                    + " [{\"product\": \"umbrella\", \"quantity\": 2}], \"day\": \"2025-02-28\", \"price\": 19.90}\n```";

            // when
            OutputCheck check = FORECAST.check(answer);

            // then
            assertThat(valid(check)).isEqualTo(new Forecast("Oslo", -3.5, Sky.RAIN,
                    List.of(new Line("umbrella", 2)), Optional.empty(), LocalDate.of(2025, 2, 28),
                    new BigDecimal("19.90")));
        }

        @Test
        void theTypeIsTheRecordAndTheSchemaTheDerivedOne() {
            // when / then
            assertThat(FORECAST.type()).contains(Forecast.class);
            assertThat(FORECAST.schema()).isEqualTo(RecordSchemas.of(Forecast.class));
        }

        @Test
        void anAnswerOutsideTheRecordsSchemaGetsItsViolations() {
            // given
            String answer = "{\"city\": \"Oslo\", \"celsius\": \"cold\", \"sky\": \"FOG\", \"lines\": [],"
                    + " \"day\": \"2025-02-30\", \"price\": 1, \"humidity\": 80}";

            // when
            List<Violation> violations = violations(FORECAST.check(answer));

            // then
            assertThat(violations).containsExactly(
                    new Violation("$", "property 'humidity' is not defined in the schema and the schema does not"
                            + " allow additional properties"),
                    new Violation("$.celsius", "string found, number expected"),
                    new Violation("$.day", "does not match the date pattern must be a valid RFC 3339 full-date"),
                    new Violation("$.sky", "does not have a value in the enumeration [\"CLEAR\", \"CLOUDY\","
                            + " \"RAIN\"]"));
        }

        @Test
        void aValueTheRecordRefusesIsAViolationAtThatValueWithTheRecordsMessage() {
            // given
            String answer = "{\"city\": \"Oslo\", \"celsius\": 1, \"sky\": \"CLEAR\", \"lines\": [{\"product\":"
                    + " \"hat\", \"quantity\": 1}, {\"product\": \"scarf\", \"quantity\": 0}], \"warning\": null,"
                    + " \"day\": \"2025-01-01\", \"price\": 0}";

            // when
            List<Violation> violations = violations(FORECAST.check(answer));

            // then
            assertThat(violations).containsExactly(
                    new Violation("$.lines[1]", "quantity must be positive, was 0"));
        }

        @Test
        void aNumberOutOfRangeOfItsComponentIsAViolation() {
            // given
            String answer = "{\"city\": \"Oslo\", \"celsius\": 1, \"sky\": \"CLEAR\", \"lines\": [{\"product\":"
                    + " \"hat\", \"quantity\": 10000000000}], \"day\": \"2025-01-01\", \"price\": 0}";

            // when
            List<Violation> violations = violations(FORECAST.check(answer));

            // then
            assertThat(violations).containsExactly(new Violation("$.lines[0].quantity",
                    "Numeric value (10000000000) out of range of int (-2147483648 - 2147483647)"));
        }
    }

    private static Object valid(OutputCheck check) {
        assertThat(check).isInstanceOf(OutputCheck.Valid.class);
        return ((OutputCheck.Valid) check).value();
    }

    private static Diagnostic diagnostic(OutputCheck check) {
        assertThat(check).isInstanceOf(OutputCheck.Invalid.class);
        return ((OutputCheck.Invalid) check).diagnostic();
    }

    private static List<Violation> violations(OutputCheck check) {
        return diagnostic(check).violations();
    }
}
