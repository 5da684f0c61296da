package dev.terminus.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Termination;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of {@code contract/golden/README.md}, for every golden vector: decoding gives the
 * hand-built value, encoding gives the same JSON with {@code $kind} first and the file's property order, and
 * the value's tag, category, default outcome and predicates are those of {@code cases.json}.
 */
class GoldenContractTest {

    private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new TerminusModule()).build();
    private static final ObjectMapper PLAIN = new ObjectMapper();

    static Stream<String> caseFiles() {
        return GoldenFiles.caseFiles().stream();
    }

    static Stream<JsonNode> casesTable() throws IOException {
        JsonNode table = PLAIN.readTree(GoldenFiles.file("cases.json").toFile());
        List<JsonNode> rows = new ArrayList<>();
        table.forEach(rows::add);
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("caseFiles")
    void decodingAGoldenVectorGivesTheHandBuiltValue(String file) throws IOException {
        // given
        String json = Files.readString(GoldenFiles.file(file));
        Termination expected = ExpectedTerminations.forCase(file.replace(".json", ""));

        // when
        Termination decoded = MAPPER.readValue(json, Termination.class);

        // then
        assertThat(decoded).isEqualTo(expected);
        assertThat(decoded.getClass()).isEqualTo(expected.getClass());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("caseFiles")
    void encodingTheHandBuiltValueGivesTheGoldenJsonInTheSameOrder(String file) throws IOException {
        // given
        JsonNode golden = PLAIN.readTree(GoldenFiles.file(file).toFile());
        Termination value = ExpectedTerminations.forCase(file.replace(".json", ""));

        // when
        JsonNode encoded = PLAIN.readTree(MAPPER.writeValueAsString(value));

        // then
        assertThat(encoded).isEqualTo(golden);
        assertThat(fieldNames(encoded).get(0)).isEqualTo("$kind");
        assertSameOrder(encoded, golden, "$");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("caseFiles")
    void aGoldenVectorSurvivesDecodeEncodeDecode(String file) throws IOException {
        // given
        Termination first = MAPPER.readValue(GoldenFiles.file(file).toFile(), Termination.class);

        // when
        Termination second = MAPPER.readValue(MAPPER.writeValueAsBytes(first), Termination.class);

        // then
        assertThat(second).isEqualTo(first);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("casesTable")
    void theValueHasTheTagCategoryOutcomeAndPredicatesOfTheCasesTable(JsonNode row) throws IOException {
        // given
        Termination value = MAPPER.readValue(GoldenFiles.file(row.get("file").asText()).toFile(), Termination.class);

        // then
        assertThat(value.getClass().getSimpleName()).isEqualTo(row.get("case").asText());
        assertThat(value.tag()).isEqualTo(row.get("tag").asText());
        assertThat(value.category().name()).isEqualTo(row.get("category").asText());
        assertThat(value.defaultOutcome().name()).isEqualTo(row.get("defaultOutcome").asText());
        assertThat(value.isSuccess()).as("isSuccess").isEqualTo(row.get("isSuccess").asBoolean());
        assertThat(value.isError()).as("isError").isEqualTo(row.get("isError").asBoolean());
        assertThat(value.isBudgetExhausted()).as("isBudgetExhausted").isEqualTo(row.get("isBudgetExhausted").asBoolean());
        assertThat(value.isStuck()).as("isStuck").isEqualTo(row.get("isStuck").asBoolean());
        assertThat(value.isValidationFailure()).as("isValidationFailure")
                .isEqualTo(row.get("isValidationFailure").asBoolean());
        assertThat(value.isSuspended()).as("isSuspended").isEqualTo(row.get("isSuspended").asBoolean());
    }

    @Test
    void everyFrameworkCaseHasAGoldenVectorARowAJsonRegistrationAndASchemaEntry() throws IOException {
        // given
        List<String> cases = Arrays.stream(Termination.class.getPermittedSubclasses())
                .filter(Class::isRecord).map(Class::getSimpleName).toList();
        List<String> files = GoldenFiles.caseFiles();
        List<String> rows = casesTable().map(row -> row.get("case").asText()).toList();
        JsonNode schemaDefs;
        try (InputStream in = TerminusModule.class.getResourceAsStream("termination.schema.json")) {
            schemaDefs = PLAIN.readTree(in).get("$defs");
        }

        // then
        assertThat(cases).hasSize(33);
        for (String name : cases) {
            assertThat(files).as("golden vector of %s", name).contains(name + ".json");
            assertThat(rows).as("cases.json row of %s", name).contains(name);
            assertThat(TerminusModule.frameworkCaseFields()).as("JSON registration of %s", name).containsKey(name);
            assertThat(schemaDefs.has(name)).as("schema entry of %s", name).isTrue();
        }
        assertThat(TerminusModule.frameworkCaseFields().keySet()).containsExactlyInAnyOrderElementsOf(cases);
    }

    @Test
    void theRegisteredWireFieldsAreTheRecordComponentsInOrder() {
        // given
        for (Class<?> type : Termination.class.getPermittedSubclasses()) {
            if (!type.isRecord()) {
                continue;
            }
            List<String> components = Arrays.stream(type.getRecordComponents())
                    .map(c -> c.getName())
                    .filter(name -> !(type == Termination.Failed.class && name.equals("cause")))
                    .toList();

            // then
            assertThat(TerminusModule.frameworkCaseFields().get(type.getSimpleName()))
                    .as("wire fields of %s", type.getSimpleName())
                    .containsExactlyElementsOf(components);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static void assertSameOrder(JsonNode actual, JsonNode expected, String path) {
        if (expected.isObject()) {
            assertThat(fieldNames(actual)).as("property order at %s", path).isEqualTo(fieldNames(expected));
            for (Iterator<String> it = expected.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                assertSameOrder(actual.get(name), expected.get(name), path + "." + name);
            }
        } else if (expected.isArray()) {
            for (int i = 0; i < expected.size(); i++) {
                assertSameOrder(actual.get(i), expected.get(i), path + "[" + i + "]");
            }
        }
    }
}
