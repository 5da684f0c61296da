package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.eval.Component;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportRow.Verdict;
import dev.terminus.eval.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code terminus eval}: the demo suite, suite files with each evaluator, bad input and the progress bar. */
class EvalCommandTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static Map<String, List<ReportRow>> byTask(List<ReportRow> rows) {
        return rows.stream().collect(Collectors.groupingBy(ReportRow::task));
    }

    private static ReportRow only(List<ReportRow> rows, String task) {
        List<ReportRow> of = rows.stream().filter(row -> row.task().equals(task)).toList();
        assertThat(of).as(task).hasSize(1);
        return of.getFirst();
    }

    @Test
    void theDemoWritesARowPerTaskAndRepeatAndThePageAndPrintsTheSummary() throws IOException {
        // when
        Cli.Result result = Cli.run("eval", "--demo", "--out", dir.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        List<ReportRow> rows = ReportReader.read(dir.resolve("report.jsonl"));
        assertThat(rows).hasSize(22);
        assertThat(rows.stream().map(row -> row.task() + "#" + row.repeat()).distinct()).hasSize(22);
        assertThat(byTask(rows)).hasSize(11).allSatisfy((task, repeats) ->
                assertThat(repeats).extracting(ReportRow::repeat).containsExactlyInAnyOrder(0, 1));
        assertThat(dir.resolve("report.html")).content().contains("<h1>capitals (demo)</h1>")
                .contains("Terminations by case");
        assertThat(result.flatOut())
                .contains("capitals (demo): 22 runs of 11 tasks")
                .contains("Pass rate 85.7% (12 of 14 evaluated; 2 excluded, 6 not evaluated)")
                .contains("pass@k 6 tasks passed at least once, 6 passed every repeat")
                .contains("Categories SUCCESS 14 RETRYABLE 2 CAPACITY 2 FATAL 2 INTERRUPTED 2")
                .contains("Terminations NaturalCompletion 14 Cancelled 2 Failed 2 MaxIterationsReached 2"
                        + " ProviderAuthFailed 2")
                .contains("Statuses SUCCESS 16 AGENT_ERROR 4 TASK_TIMEOUT 2")
                .contains("Tokens 220 in, 110 out")
                .contains("Cost $0.002310 (2 retries)")
                .contains("Report " + dir.resolve("report.jsonl") + " (22 rows), " + dir.resolve("report.html"));
    }

    @Test
    void theDemoRowsEndTheWayTheSuiteScriptsThem() throws IOException {
        // when
        Cli.Result result = Cli.run("eval", "--demo", "--out", dir.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        Map<String, List<ReportRow>> tasks = byTask(ReportReader.read(dir.resolve("report.jsonl")));
        assertThat(tasks.get("latvia")).hasSize(2).allSatisfy(row -> {
            assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
            assertThat(row.termination()).isEqualTo(new Termination.Cancelled("task-timeout"));
            assertThat(row.verdict()).isEqualTo(Verdict.NOT_EVALUATED);
            assertThat(row.error().component()).isEqualTo(Component.AGENT);
            assertThat(row.error().message()).contains("400 ms");
        });
        assertThat(tasks.get("lithuania")).hasSize(2).allSatisfy(row -> {
            assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
            assertThat(row.termination()).isEqualTo(new Termination.ProviderAuthFailed("scripted", 401));
            assertThat(row.category()).isEqualTo(Category.FATAL);
            assertThat(row.attempt()).as("FATAL is never retried").isEqualTo(1);
        });
        assertThat(tasks.get("estonia")).hasSize(2).allSatisfy(row -> {
            assertThat(row.status()).isEqualTo(Status.SUCCESS);
            assertThat(row.termination()).isEqualTo(new Termination.MaxIterationsReached(3, 3));
            assertThat(row.excluded()).isTrue();
            assertThat(row.verdict()).isEqualTo(Verdict.EXCLUDED);
            assertThat(row.toolCalls()).isEqualTo(3);
        });
        assertThat(tasks.get("finland")).hasSize(2).allSatisfy(row -> {
            assertThat(row.status()).isEqualTo(Status.SUCCESS);
            assertThat(row.verdict()).isEqualTo(Verdict.FAILED);
            assertThat(row.eval().reason()).isEqualTo("expected \"Helsinki\", got \"Turku\"");
        });
        assertThat(tasks.get("poland")).as("two server errors, retried by the agent within its 2 retries")
                .hasSize(2).allSatisfy(row -> {
                    assertThat(row.status()).isEqualTo(Status.SUCCESS);
                    assertThat(row.verdict()).isEqualTo(Verdict.PASSED);
                    assertThat(row.attempt()).isEqualTo(1);
                });
        assertThat(tasks.get("austria")).as("three server errors: Failed, retried once by the harness, failed again")
                .hasSize(2).allSatisfy(row -> {
                    assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
                    assertThat(row.termination()).isInstanceOf(Termination.Failed.class);
                    assertThat(row.category()).isEqualTo(Category.RETRYABLE);
                    assertThat(row.attempt()).isEqualTo(2);
                });
        assertThat(tasks.get("denmark")).allSatisfy(row -> {
            assertThat(row.verdict()).isEqualTo(Verdict.PASSED);
            assertThat(row.iterations()).isEqualTo(2);
            assertThat(row.toolCalls()).isEqualTo(1);
        });
        for (String passing : List.of("norway", "sweden", "iceland", "germany")) {
            assertThat(tasks.get(passing)).as(passing).extracting(ReportRow::verdict)
                    .containsExactly(Verdict.PASSED, Verdict.PASSED);
        }
    }

    @Test
    void theProgressBarIsDrawnOnStandardErrorWithTheCountsAndAnEta() {
        // when
        Cli.Result result = Cli.run("eval", "--demo", "--out", dir.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.err()).contains("passed").contains("failed").contains("ETA")
                .contains("[##############################] 22/22  passed 12  failed 2  excluded 2  errors 6  ETA 0s")
                .endsWith(System.lineSeparator());
        assertThat(result.out()).doesNotContain("ETA");
    }

    @Test
    void aRegexEvaluatorFindsThePatternOrTheExpectedAnswerAsAPattern() throws IOException {
        // given
        Path suite = write("regex.json", """
                {"name": "regex suite", "evaluator": {"type": "regex", "pattern": "(?i)\\\\boslo\\\\b"},
                 "tasks": [
                   {"id": "sentence", "input": "Capital of Norway?", "script": [{"text": "It is Oslo, of course."}]},
                   {"id": "lowercase", "input": "Capital of Norway?", "script": [{"text": "oslo"}]},
                   {"id": "wrong", "input": "Capital of Norway?", "script": [{"text": "Bergen"}]},
                   {"id": "inside-a-word", "input": "Capital of Norway?", "script": [{"text": "Osloby"}]}
                 ]}
                """);
        Path fromExpected = write("expected.json", """
                {"evaluator": {"type": "regex"},
                 "tasks": [
                   {"id": "digits", "input": "A year?", "expected": "^\\\\d{4}$", "script": [{"text": "1905"}]},
                   {"id": "words", "input": "A year?", "expected": "^\\\\d{4}$", "script": [{"text": "in 1905"}]}
                 ]}
                """);

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", dir.resolve("a").toString());
        Cli.Result expected = Cli.run("eval", fromExpected.toString(), "--out", dir.resolve("b").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        List<ReportRow> rows = ReportReader.read(dir.resolve("a/report.jsonl"));
        assertThat(only(rows, "sentence").verdict()).isEqualTo(Verdict.PASSED);
        assertThat(only(rows, "lowercase").verdict()).isEqualTo(Verdict.PASSED);
        assertThat(only(rows, "wrong").verdict()).isEqualTo(Verdict.FAILED);
        assertThat(only(rows, "inside-a-word").verdict()).isEqualTo(Verdict.FAILED);
        assertThat(result.flatOut()).contains("regex suite: 4 runs of 4 tasks").contains("Pass rate 50.0% (2 of 4");
        assertThat(expected.status()).as(expected.err()).isZero();
        List<ReportRow> expectedRows = ReportReader.read(dir.resolve("b/report.jsonl"));
        assertThat(only(expectedRows, "digits").verdict()).isEqualTo(Verdict.PASSED);
        assertThat(only(expectedRows, "words").verdict()).isEqualTo(Verdict.FAILED);
        assertThat(expected.flatOut()).as("a suite without a name is titled by its file")
                .contains(fromExpected + ": 2 runs of 2 tasks");
    }

    @Test
    void aJsonFieldEvaluatorComparesTheValueAtThePointer() throws IOException {
        // given
        Path suite = write("json.json", """
                {"evaluator": {"type": "jsonField", "pointer": "/celsius", "expected": 21},
                 "tasks": [
                   {"id": "same-number", "input": "Oslo?", "script": [{"text": "{\\"celsius\\": 21.0, \\"city\\": \\"Oslo\\"}"}]},
                   {"id": "fenced", "input": "Oslo?", "script": [{"text": "```json\\n{\\"celsius\\": 21}\\n```"}]},
                   {"id": "other-number", "input": "Oslo?", "script": [{"text": "{\\"celsius\\": 19}"}]},
                   {"id": "no-field", "input": "Oslo?", "script": [{"text": "{\\"fahrenheit\\": 70}"}]},
                   {"id": "not-json", "input": "Oslo?", "script": [{"text": "about 21 degrees"}]}
                 ]}
                """);
        Path fromExpected = write("json-expected.json", """
                {"evaluator": {"type": "jsonField", "pointer": "/city"},
                 "tasks": [
                   {"id": "oslo", "input": "Where?", "expected": "\\"Oslo\\"", "script": [{"text": "{\\"city\\": \\"Oslo\\"}"}]},
                   {"id": "bergen", "input": "Where?", "expected": "\\"Oslo\\"", "script": [{"text": "{\\"city\\": \\"Bergen\\"}"}]}
                 ]}
                """);

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", dir.resolve("a").toString());
        Cli.Result expected = Cli.run("eval", fromExpected.toString(), "--out", dir.resolve("b").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        List<ReportRow> rows = ReportReader.read(dir.resolve("a/report.jsonl"));
        assertThat(only(rows, "same-number").verdict()).isEqualTo(Verdict.PASSED);
        assertThat(only(rows, "fenced").verdict()).isEqualTo(Verdict.PASSED);
        assertThat(only(rows, "other-number").verdict()).isEqualTo(Verdict.FAILED);
        assertThat(only(rows, "no-field").eval().reason()).contains("no value at /celsius");
        assertThat(only(rows, "not-json").eval().reason()).contains("not JSON");
        assertThat(expected.status()).as(expected.err()).isZero();
        List<ReportRow> expectedRows = ReportReader.read(dir.resolve("b/report.jsonl"));
        assertThat(only(expectedRows, "oslo").verdict()).isEqualTo(Verdict.PASSED);
        assertThat(only(expectedRows, "bergen").verdict()).isEqualTo(Verdict.FAILED);
    }

    /** A suite of tasks, each with its own answer, judged by a scripted judge whose script is {@code judge}. */
    private Path judgeSuite(String name, String judge, String... tasks) throws IOException {
        StringBuilder json = new StringBuilder("{\"evaluator\": {\"type\": \"judge\", \"rubric\": \"The answer"
                + " names a source.\", \"script\": " + judge + "}, \"tasks\": [");
        for (int i = 0; i < tasks.length; i++) {
            json.append(i == 0 ? "" : ", ").append("{\"id\": \"").append(tasks[i])
                    .append("\", \"input\": \"Capital of Norway?\", \"script\": [{\"text\": \"Oslo (atlas)\"}]}");
        }
        return write(name, json.append("]}").toString());
    }

    @Test
    void aScriptedJudgePlaysItsScriptFromTheStartForEveryRunAtTheDefaultConcurrency() throws IOException {
        // given: 12 runs at once (the default concurrency, 8), and a judge whose later answers would fail them
        Path suite = judgeSuite("judge.json", """
                [{"text": "PASS: it cites the atlas"}, {"text": "FAIL - no source"}, {"text": "I am not sure"}]""",
                "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l");

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", dir.toString());

        // then: every run got the script's first answer, whichever finished first
        assertThat(result.status()).as(result.err()).isZero();
        List<ReportRow> rows = ReportReader.read(dir.resolve("report.jsonl"));
        assertThat(rows).hasSize(12).allSatisfy(row -> {
            assertThat(row.verdict()).as(row.task()).isEqualTo(Verdict.PASSED);
            assertThat(row.eval().reason()).as(row.task()).isEqualTo("it cites the atlas");
        });
        assertThat(result.flatOut()).contains("Pass rate 100.0% (12 of 12 evaluated");
    }

    @Test
    void aScriptedJudgeAnsweringFailFailsTheRunsAndAnAnswerThatIsNeitherFailsTheirEvaluation() throws IOException {
        // given
        Path failing = judgeSuite("failing.json", "[{\"text\": \"FAIL - no source\"}]", "uncited", "also-uncited");
        Path unsure = judgeSuite("unsure.json", "[{\"text\": \"I am not sure\"}]", "unsure", "also-unsure");

        // when
        Cli.Result failed = Cli.run("eval", failing.toString(), "--out", dir.resolve("failing").toString());
        Cli.Result notEvaluated = Cli.run("eval", unsure.toString(), "--out", dir.resolve("unsure").toString());

        // then
        assertThat(failed.status()).as(failed.err()).isZero();
        assertThat(ReportReader.read(dir.resolve("failing/report.jsonl"))).hasSize(2).allSatisfy(row -> {
            assertThat(row.verdict()).as(row.task()).isEqualTo(Verdict.FAILED);
            assertThat(row.eval().reason()).as(row.task()).isEqualTo("no source");
        });
        assertThat(notEvaluated.status()).as(notEvaluated.err()).isZero();
        assertThat(ReportReader.read(dir.resolve("unsure/report.jsonl"))).hasSize(2).allSatisfy(row -> {
            assertThat(row.status()).as(row.task()).isEqualTo(Status.EVALUATION_FAILED);
            assertThat(row.error().component()).isEqualTo(Component.EVALUATOR);
            assertThat(row.error().message()).contains("neither PASS nor FAIL").contains("I am not sure");
        });
        assertThat(notEvaluated.flatOut()).contains("(0 of 0 evaluated; 0 excluded, 2 not evaluated)");
    }

    static Stream<Arguments> badSuites() {
        String task = "{\"id\": \"t\", \"input\": \"x\", \"script\": [{\"text\": \"x\"}]}";
        return Stream.of(
                Arguments.of("missing tasks", "{\"evaluator\": {\"type\": \"exact\"}}",
                        List.of("line 1", "\"tasks\" is required")),
                Arguments.of("no tasks", "{\"evaluator\": {\"type\": \"exact\"}, \"tasks\": []}",
                        List.of("tasks: needs at least one task, was []")),
                Arguments.of("unknown evaluator", "{\"evaluator\": {\"type\": \"fuzzy\"}, \"tasks\": [" + task + "]}",
                        List.of("evaluator.type: \"fuzzy\" is not one of exact, regex, jsonField, judge")),
                Arguments.of("negative repeats", "{\"repeats\": -1, \"evaluator\": {\"type\": \"exact\"}, \"tasks\": ["
                        + task + "]}", List.of("repeats: must be >= 1, was -1")),
                Arguments.of("zero concurrency", "{\"concurrency\": 0, \"evaluator\": {\"type\": \"exact\"},"
                        + " \"tasks\": [" + task + "]}", List.of("concurrency: must be >= 1, was 0")),
                Arguments.of("negative retries", "{\"retries\": {\"maxRetries\": -2, \"initialBackoffMs\": 0,"
                        + " \"maxBackoffMs\": 0}, \"evaluator\": {\"type\": \"exact\"}, \"tasks\": [" + task + "]}",
                        List.of("retries.maxRetries: must be >= 0, was -2")),
                Arguments.of("zero timeout", "{\"taskTimeoutMs\": 0, \"evaluator\": {\"type\": \"exact\"},"
                        + " \"tasks\": [" + task + "]}", List.of("taskTimeoutMs: must be > 0, was 0")),
                Arguments.of("unknown capacity", "{\"capacity\": \"skip\", \"evaluator\": {\"type\": \"exact\"},"
                        + " \"tasks\": [" + task + "]}", List.of("capacity: \"skip\" is not one of evaluate, exclude")),
                Arguments.of("unknown field", "{\"evaluator\": {\"type\": \"exact\"}, \"tasks\": [" + task
                        + "], \"repeat\": 3}", List.of("unknown field \"repeat\"", "repeats")),
                Arguments.of("duplicate id", "{\"evaluator\": {\"type\": \"exact\"}, \"tasks\": [" + task + ", "
                        + task + "]}", List.of("tasks[1].id: \"t\" is used twice")),
                Arguments.of("bad pattern", "{\"evaluator\": {\"type\": \"regex\", \"pattern\": \"((\"},"
                        + " \"tasks\": [" + task + "]}", List.of("evaluator.pattern: \"((\" is not a regular expression")),
                Arguments.of("jsonField without pointer", "{\"evaluator\": {\"type\": \"jsonField\"}, \"tasks\": ["
                        + task + "]}", List.of("evaluator.pointer is required for jsonField")),
                Arguments.of("judge without rubric", "{\"evaluator\": {\"type\": \"judge\", \"script\": [{\"text\":"
                        + " \"PASS\"}]}, \"tasks\": [" + task + "]}", List.of("evaluator.rubric is required")),
                Arguments.of("judge without script", "{\"evaluator\": {\"type\": \"judge\", \"rubric\": \"r\"},"
                        + " \"tasks\": [" + task + "]}", List.of("evaluator.script is required", "--provider")),
                Arguments.of("task without script", "{\"evaluator\": {\"type\": \"exact\"}, \"tasks\": [{\"id\":"
                        + " \"t\", \"input\": \"x\"}]}", List.of("\"script\" is required")),
                Arguments.of("task without input", "{\"evaluator\": {\"type\": \"exact\"}, \"tasks\": [{\"id\":"
                        + " \"t\"}]}", List.of("tasks[0]", "input")),
                Arguments.of("empty file", "  \n", List.of("the file is empty", "a suite object")),
                Arguments.of("malformed JSON", "{\n  \"evaluator\": {\"type\": \"exact\"},\n  \"tasks\": [\n"
                        + "    {\"id\": \"t\" \"input\": \"x\"}\n  ]\n}\n", List.of("line 4", "tasks[0]",
                        "was expecting comma")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSuites")
    void aBadSuiteIsOneLineNamingTheFileAndTheFieldWithStatus2AndNothingIsWritten(String name, String json,
            List<String> fragments) throws IOException {
        // given
        Path suite = write("suite.json", json);
        Path out = dir.resolve("out");

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", out.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: " + suite)
                .contains(fragments);
        assertThat(out).doesNotExist();
    }

    @Test
    void aModelOrBaseUrlWithoutAProviderIsRefusedBeforeTheSuiteRuns() {
        // given
        Path out = dir.resolve("out");

        // when
        Cli.Result result = Cli.run("eval", "--demo", "--model", "gpt-4o", "--out", out.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .isEqualTo("terminus: --base-url and --model need --provider");
        assertThat(out).doesNotExist();
    }

    @Test
    void aSuiteFileThatDoesNotExistIsNamed() {
        // given
        Path missing = dir.resolve("missing.json");

        // when
        Cli.Result result = Cli.run("eval", missing.toString(), "--out", dir.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .isEqualTo("terminus: " + missing + ": no such file");
        assertThat(dir.resolve("report.jsonl")).doesNotExist();
    }

    @Test
    void bothASuiteAndTheDemoOrNeitherIsRefused() throws IOException {
        // given
        Path suite = write("suite.json", "{}");

        // when
        Cli.Result both = Cli.run("eval", suite.toString(), "--demo", "--out", dir.toString());
        Cli.Result neither = Cli.run("eval", "--out", dir.toString());

        // then
        for (Cli.Result result : List.of(both, neither)) {
            assertThat(result.status()).isEqualTo(2);
            assertThat(result.errLines()).singleElement().asString()
                    .isEqualTo("terminus: eval needs a SUITE file or --demo (not both)");
        }
        assertThat(dir.resolve("report.jsonl")).doesNotExist();
    }

    @Test
    void theSuiteIsReadFromStandardInputWhenTheFileIsADash() {
        // given
        String suite = """
                {"name": "piped", "evaluator": {"type": "exact"},
                 "tasks": [{"id": "t", "input": "2 + 2?", "expected": "4", "script": [{"text": "4"}]}]}
                """;

        // when
        Cli.Result result = Cli.withInput(suite, "eval", "-", "--out", dir.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("piped: 1 runs of 1 tasks").contains("Pass rate 100.0% (1 of 1");
        assertThat(dir.resolve("report.jsonl")).exists();
    }

    @Test
    void theOutputDirectoryIsCreatedWhenMissing() throws IOException {
        // given
        Path out = dir.resolve("a/b/c");
        Path suite = write("suite.json", """
                {"repeats": 3, "evaluator": {"type": "exact"},
                 "tasks": [{"id": "t", "input": "2 + 2?", "expected": "4", "script": [{"text": "4"}]}]}
                """);

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", out.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(ReportReader.read(out.resolve("report.jsonl"))).extracting(ReportRow::repeat)
                .containsExactlyInAnyOrder(0, 1, 2);
        assertThat(out.resolve("report.html")).isNotEmptyFile();
    }

    @Test
    void thePageIsReadableByEveryoneLikeTheJsonLinesBesideIt() throws IOException {
        // given
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions");

        // when
        Cli.Result result = Cli.run("eval", "--demo", "--out", dir.toString());

        // then: not the owner-only mode of the temporary file the page is written through
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("report.html"))))
                .isEqualTo("rw-r--r--");
    }
}
