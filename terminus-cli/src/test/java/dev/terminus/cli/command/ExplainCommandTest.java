package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Termination;
import dev.terminus.cli.output.Playbook;
import dev.terminus.cli.output.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code terminus explain}: every golden vector, both views, and one clear line for every kind of bad input. */
class ExplainCommandTest {

    private static final ObjectMapper PLAIN = new ObjectMapper();

    static Stream<Path> goldenFiles() {
        return GoldenFiles.caseFiles().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void explainsEveryGoldenVectorWithItsCategoryOutcomeAndAdvice(Path file) throws IOException {
        // given
        String caseName = GoldenFiles.caseName(file);
        JsonNode expected = GoldenFiles.caseRow(caseName);
        Termination termination = Wire.MAPPER.readValue(file.toFile(), Termination.class);

        // when
        Cli.Result result = Cli.run("explain", file.toString());

        // then
        assertThat(result.status()).isZero();
        assertThat(result.err()).isEmpty();
        assertThat(result.out())
                .containsPattern("(?m)^Case +" + caseName + "$")
                .containsPattern("(?m)^Category +" + expected.path("category").asText() + " - ")
                .containsPattern("(?m)^Default outcome +" + expected.path("defaultOutcome").asText() + "$")
                .contains("What to do next");
        assertThat(result.flatOut()).contains("1. " + Cli.flat(Playbook.nextSteps(termination).get(0)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void explainAsJsonCarriesTheInputTreeAndTheGoldenCategoryOutcomeAndPredicates(Path file) throws IOException {
        // given
        String caseName = GoldenFiles.caseName(file);
        JsonNode expected = GoldenFiles.caseRow(caseName);
        JsonNode input = PLAIN.readTree(file.toFile());

        // when
        Cli.Result result = Cli.run("explain", "--json", file.toString());

        // then
        assertThat(result.status()).isZero();
        JsonNode json = PLAIN.readTree(result.out());
        assertThat(json.path("case").asText()).isEqualTo(caseName);
        assertThat(json.path("termination")).isEqualTo(input);
        assertThat(json.path("category").asText()).isEqualTo(expected.path("category").asText());
        assertThat(json.path("categoryMeaning").asText()).isNotBlank();
        assertThat(json.path("defaultOutcome").asText()).isEqualTo(expected.path("defaultOutcome").asText());
        for (String predicate : List.of("isSuccess", "isError", "isBudgetExhausted", "isStuck",
                "isValidationFailure", "isSuspended")) {
            assertThat(json.path("predicates").path(predicate).isBoolean()).as(predicate).isTrue();
            assertThat(json.path("predicates").path(predicate).asBoolean()).as(predicate)
                    .isEqualTo(expected.path(predicate).asBoolean());
        }
        assertThat(json.path("nextSteps").isArray()).isTrue();
        assertThat(json.path("nextSteps")).isNotEmpty();
        assertThat(json.fieldNames()).toIterable().containsExactly("case", "termination", "category",
                "categoryMeaning", "defaultOutcome", "predicates", "nextSteps");
    }

    @Test
    void readsStandardInputWhenNoFileIsGiven() {
        // given
        String json = "{\"$kind\":\"MaxIterationsReached\",\"limit\":25,\"iterationsUsed\":25}";

        // when
        Cli.Result result = Cli.withInput(json, "explain");

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("MaxIterationsReached").contains("above 25");
    }

    @Test
    void readsStandardInputWhenTheFileIsADash() {
        // given
        String json = "{\"$kind\":\"Cancelled\",\"requestedBy\":\"ops-bot\"}";

        // when
        Cli.Result result = Cli.withInput(json, "explain", "-");

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("INTERRUPTED").contains("CANCELLED").contains("ops-bot cancelled the run");
    }

    @Test
    void showsTheFactsOfTheTerminationWithTheirWireNames() {
        // given
        String json = "{\"$kind\":\"TokenBudgetExhausted\",\"tokensConsumed\":1234,\"limit\":1000,\"kind\":\"OUTPUT\"}";

        // when
        Cli.Result result = Cli.withInput(json, "explain");

        // then
        assertThat(result.out())
                .containsPattern("(?m)^  tokensConsumed +1234$")
                .containsPattern("(?m)^  limit +1000$")
                .containsPattern("(?m)^  kind +OUTPUT$")
                .containsPattern("(?m)^Predicates +isError, isBudgetExhausted$");
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                Arguments.of("not json", "Unrecognized token 'not'"),
                Arguments.of("{}", "$kind"),
                Arguments.of("{\"$kind\":\"Nope\"}", "Nope"),
                Arguments.of("{\"$kind\":\"MaxIterationsReached\",\"limit\":\"x\",\"iterationsUsed\":1}",
                        "MaxIterationsReached.limit"),
                Arguments.of("{\"$kind\":\"MaxIterationsReached\",\"limit\":-1,\"iterationsUsed\":1}", "limit"),
                Arguments.of("{\"$kind\":\"Completed\",\"extra\":1}", "extra"),
                Arguments.of("[]", "$kind"),
                Arguments.of("{\"$kind\":\"Completed\"} {\"$kind\":\"Completed\"}", "more than one JSON value"),
                Arguments.of("{\"$kind\":", "end-of-input"),
                Arguments.of("", "empty"),
                Arguments.of("  \n ", "empty"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("badInputs")
    void badInputEndsWithOneLineNamingTheProblemAndStatusTwo(String input, String problem) {
        // when
        Cli.Result result = Cli.withInput(input, "explain");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("terminus: standard input: ")
                .contains(problem)
                .doesNotContain("Exception")
                .doesNotContain("\tat "));
    }

    @Test
    void badInputSaysWhereTheProblemIs() {
        // given
        String input = "{\"$kind\":\"MaxIterationsReached\",\n  \"limit\": \"x\",\n  \"iterationsUsed\": 1}";

        // when
        Cli.Result result = Cli.withInput(input, "explain", "--json");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("(line 2, column ");
    }

    @Test
    void aMissingFileEndsWithOneLineNamingTheFile(@TempDir Path dir) {
        // given
        Path missing = dir.resolve("missing.json");

        // when
        Cli.Result result = Cli.run("explain", missing.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).containsExactly("terminus: " + missing + ": no such file");
    }

    @Test
    void aDirectoryIsRefusedAsBadInput(@TempDir Path dir) {
        // when
        Cli.Result result = Cli.run("explain", dir.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: " + dir + ": is a directory");
    }

    @Test
    void aBadFileIsNamedInTheError(@TempDir Path dir) throws IOException {
        // given
        Path file = Files.writeString(dir.resolve("run.json"), "{\"$kind\":\"Nope\"}");

        // when
        Cli.Result result = Cli.run("explain", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: " + file + ": ")
                .contains("Unknown $kind \"Nope\"");
    }

    @Test
    void anUnknownOptionIsAUsageErrorOnOneLine() {
        // when
        Cli.Result result = Cli.run("explain", "--bogus");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly(
                "terminus: Unknown option: '--bogus' (see 'terminus explain --help')");
    }
}
