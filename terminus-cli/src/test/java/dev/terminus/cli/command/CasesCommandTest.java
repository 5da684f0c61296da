package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code terminus cases}: the catalogue as an aligned table and as JSON. */
class CasesCommandTest {

    @Test
    void listsAllThirtyThreeFrameworkCasesUnderAHeader() {
        // when
        Cli.Result result = Cli.run("cases");

        // then
        assertThat(result.status()).isZero();
        List<String> lines = result.out().lines().toList();
        assertThat(lines.get(0)).matches("CASE +CATEGORY +DEFAULT OUTCOME +FIELDS");
        List<String> cases = lines.subList(1, lines.size()).stream().map(line -> line.split(" +")[0]).toList();
        assertThat(cases).hasSize(33).containsExactlyElementsOf(TerminusModule.frameworkCaseFields().keySet());
    }

    @Test
    void alignsTheColumns() {
        // when
        List<String> lines = Cli.run("cases").out().lines().toList();

        // then
        int category = lines.get(0).indexOf("CATEGORY");
        int outcome = lines.get(0).indexOf("DEFAULT OUTCOME");
        int fields = lines.get(0).indexOf("FIELDS");
        assertThat(lines).allSatisfy(line -> {
            assertThat(line.charAt(category - 1)).isEqualTo(' ');
            assertThat(line.charAt(category)).isNotEqualTo(' ');
            assertThat(line.charAt(outcome - 1)).isEqualTo(' ');
            assertThat(line.charAt(outcome)).isNotEqualTo(' ');
            assertThat(line.charAt(fields)).isNotEqualTo(' ');
            assertThat(line).doesNotEndWith(" ");
        });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "MaxIterationsReached | CAPACITY    | FAILED    | limit, iterationsUsed",
            "BudgetPressure       | CAPACITY    | SUCCEEDED | threshold",
            "Skipped              | INTERRUPTED | SKIPPED   | reason",
            "HitlGatePending      | SUSPENDED   | SUSPENDED | gateId, proposalId, summary, agentId, cycle",
            "TokenBudgetExhausted | CAPACITY    | FAILED    | tokensConsumed, limit, kind",
            "SchemaValidationFailed | RETRYABLE | FAILED    | diagnostic",
            "NaturalCompletion    | SUCCESS     | SUCCEEDED | -",
            "Custom               | (chosen)    | (by category) | reason, properties, category",
            "Failed               | (by error)  | FAILED    | error"})
    void showsTheCategoryOutcomeAndFieldsOfACase(String kind, String category, String outcome, String fields) {
        // when
        List<String> lines = Cli.run("cases").out().lines().toList();

        // then
        assertThat(lines).filteredOn(line -> line.startsWith(kind + " ")).singleElement().asString()
                .matches(java.util.regex.Pattern.quote(kind) + " +" + java.util.regex.Pattern.quote(category)
                        + " +" + java.util.regex.Pattern.quote(outcome) + " +" + java.util.regex.Pattern.quote(fields));
    }

    @Test
    void everyCaseWithAFixedCategoryHasTheCategoryAndOutcomeOfTheGoldenTable() {
        // when
        List<CasesCommand.Row> rows = CasesCommand.rows();

        // then
        assertThat(rows).filteredOn(row -> row.category() != null).hasSize(31).allSatisfy(row -> {
            JsonNode golden = GoldenFiles.caseRow(row.kind());
            assertThat(row.category()).isEqualTo(golden.path("category").asText());
            assertThat(row.defaultOutcome()).isEqualTo(golden.path("defaultOutcome").asText());
        });
    }

    @Test
    void printsTheCatalogueAsAJsonArrayOfObjects() throws IOException {
        // when
        Cli.Result result = Cli.run("cases", "--json");

        // then
        assertThat(result.status()).isZero();
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertThat(json.isArray()).isTrue();
        assertThat(json).hasSize(33);
        List<String> cases = new ArrayList<>();
        json.forEach(row -> cases.add(row.path("case").asText()));
        assertThat(cases).containsExactlyElementsOf(TerminusModule.frameworkCaseFields().keySet());
        JsonNode token = json.get(cases.indexOf("TokenBudgetExhausted"));
        assertThat(token.path("category").asText()).isEqualTo("CAPACITY");
        assertThat(token.path("defaultOutcome").asText()).isEqualTo("FAILED");
        List<String> tokenFields = new ArrayList<>();
        token.path("fields").forEach(field -> tokenFields.add(field.asText()));
        assertThat(tokenFields).containsExactly("tokensConsumed", "limit", "kind");
        JsonNode failed = json.get(cases.indexOf("Failed"));
        assertThat(failed.path("category").isNull()).isTrue();
        assertThat(failed.path("defaultOutcome").asText()).isEqualTo("FAILED");
        JsonNode custom = json.get(cases.indexOf("Custom"));
        assertThat(custom.path("category").isNull()).isTrue();
        assertThat(custom.path("defaultOutcome").isNull()).isTrue();
    }

    @Test
    void theJsonFieldsAreTheWireFieldsOfEveryCase() throws IOException {
        // given
        Map<String, List<String>> wire = TerminusModule.frameworkCaseFields();

        // when
        JsonNode json = new ObjectMapper().readTree(Cli.run("cases", "--json").out());

        // then
        json.forEach(row -> {
            List<String> fields = new ArrayList<>();
            row.path("fields").forEach(field -> fields.add(field.asText()));
            assertThat(fields).as(row.path("case").asText()).isEqualTo(wire.get(row.path("case").asText()));
        });
    }
}
