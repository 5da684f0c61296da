package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus run FILE} on the scenario files a newcomer writes in the first days: an object with some of its
 * fields reads with the others' defaults, and a wrong value is one line in the file's terms, exit 2.
 */
class ScenarioFileErrorsTest {

    @TempDir
    Path dir;

    @Test
    void aRetriesObjectWithOnlyMaxRetriesTakesTheOtherFieldsDefaults() throws IOException {
        // given
        Path file = write("""
                {"task": "x", "limits": {"retries": {"maxRetries": 0}},
                 "script": [{"error": "server_error"}, {"text": "never reached"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", file.toString(), "--json");

        // then: read, and no retry: the provider error ends the run
        assertThat(result.err()).isEmpty();
        assertThat(result.out()).contains("\"Failed\"");
    }

    @Test
    void aTimeBudgetGivenAsTextIsRefusedNamingTheFieldAndValue() throws IOException {
        // given
        Path file = write("""
                {"task": "x",
                 "limits": {"timeBudgetMs": "5s"},
                 "script": [{"text": "hi"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .isEqualTo("terminus: " + file + " line 2, column 29: limits.timeBudgetMs: \"5s\" is not a number of"
                        + " milliseconds");
    }

    @Test
    void aNegativeTokenBudgetIsRefusedInTheFilesTerms() throws IOException {
        // given
        Path file = write("""
                {"task": "x",
                 "limits": {"tokenBudget": -5},
                 "script": [{"text": "hi"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .isEqualTo("terminus: " + file + " line 2, column 28: limits.tokenBudget: -5 is not an object with"
                        + " the fields total, input, output");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "a fraction for a whole number  | {'task': 'x', 'limits': {'maxIterations': 2.5}, 'script': [{'text': 'hi'}]} "
                + "| limits.maxIterations: 2.5 is not a whole number",
        "a number for a string          | {'task': 'x', 'system': 5, 'script': [{'text': 'hi'}]} "
                + "| system: 5 is not a string",
        "a string for a boolean         | {'task': 'x', 'repeatLast': 'true', 'script': [{'text': 'hi'}]} "
                + "| repeatLast: \"true\" is not true or false",
        "a number beyond a whole number | {'task': 'x', 'limits': {'maxToolCalls': 3000000000}, 'script': [{'text': 'hi'}]} "
                + "| limits.maxToolCalls: 3000000000 is not a whole number between -2147483648 and 2147483647",
        "a null step                    | {'task': 'x', 'script': [null]} "
                + "| script[0]: null is not",
        "a guard that is neither off nor on | {'task': 'x', 'limits': {'stallThreshold': 1}, 'script': [{'text': 'hi'}]} "
                + "| limits.stallThreshold: must be 0 (off) or >= 2, was 1",
        "a retries' longest wait shorter than its first | {'task': 'x', 'limits': {'retries': {'initialBackoffMs': 500, 'maxBackoffMs': 100}}, 'script': [{'text': 'hi'}]} "
                + "| limits.retries.maxBackoffMs: must be >= initialBackoffMs (500), was 100",
        "a list for the whole file      | [] "
                + "| expected a scenario object with a task and a script, got []",
        "a second value after the file's | {'task': 'x', 'script': [{'text': 'hi'}]} {} "
                + "| the file goes on after its JSON value ends",
        "an empty script                | {'task': 'x', 'script': []} "
                + "| script: needs at least one step, was []"})
    void aWrongValueIsOneLineInTheFilesTermsWithExitStatus2(String what, String json, String message)
            throws IOException {
        // given
        Path file = write(json.replace('\'', '"'));

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: " + file + " line 1, column ")
                .contains(message).doesNotContain("java.").doesNotContain("dev.terminus").doesNotContain("`");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aLimitOutOfRangeNamesTheLineOfItsValue() throws IOException {
        // given
        Path file = write("""
                {"task": "x",
                 "limits": {
                   "maxIterations": 0},
                 "script": [{"text": "hi"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .isEqualTo("terminus: " + file + " line 3, column 21: limits.maxIterations: must be >= 1, was 0");
    }

    private Path write(String json) throws IOException {
        Path file = Files.createTempFile(dir, "scenario", ".json");
        Files.writeString(file, json);
        return file;
    }
}
