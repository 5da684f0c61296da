package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus eval --resume DIR}: the rows of the report in DIR are kept, only the missing pairs run, a torn last
 * line is told in one line and cut off, and what cannot be resumed is refused in one line with exit status 2.
 */
class EvalCommandResumeTest {

    private static final String SUITE = """
            {
              "repeats": 2,
              "evaluator": {"type": "exact"},
              "agent": {"model": {"name": "scripted"}, "script": [{"text": "?"}]},
              "tasks": [
                {"id": "right", "input": "Capital of Norway?", "expected": "Oslo", "script": [{"text": "Oslo"}]},
                {"id": "wrong", "input": "Capital of Norway?", "expected": "Oslo", "script": [{"text": "Bergen"}]},
                {"id": "broken", "input": "Capital of Norway?", "expected": "Oslo", "script": [{"error": "auth"}]}
              ]
            }
            """;

    @TempDir
    Path dir;

    private Path suite(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private Path evaluated(Path suite) {
        Path out = dir.resolve("out");
        Cli.Result first = Cli.run("eval", suite.toString(), "--out", out.toString());
        assertThat(first.status()).as(first.err()).isZero();
        return out.resolve("report.jsonl");
    }

    @Test
    void aReportCutByAKillIsCompletedKeepingItsRowsAndTheTornLineIsToldInOneLine() throws IOException {
        // given: the report of a run killed while it wrote its fourth row
        Path suite = suite("suite.json", SUITE);
        Path report = evaluated(suite);
        byte[] bytes = Files.readAllBytes(report);
        List<String> lines = Files.readAllLines(report);
        int whole = String.join("\n", lines.subList(0, 3)).length() + 1;
        Files.write(report, Arrays.copyOf(bytes, whole + 40));

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--resume", report.getParent().toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.errLines()).filteredOn(line -> line.contains("torn"))
                .containsExactly(report + ": dropped a torn last line (40 bytes)");
        List<String> after = Files.readAllLines(report);
        assertThat(after).hasSize(6).startsWith(lines.subList(0, 3).toArray(String[]::new));
        assertThat(ReportReader.read(report)).extracting(row -> row.task() + "#" + row.repeat())
                .containsExactlyInAnyOrder("right#0", "right#1", "wrong#0", "wrong#1", "broken#0", "broken#1");
        assertThat(result.out()).contains("(6 rows)");
    }

    @Test
    void resumingAFinishedEvaluationRunsNothing() throws IOException {
        // given
        Path suite = suite("suite.json", SUITE);
        Path report = evaluated(suite);
        byte[] before = Files.readAllBytes(report);

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--resume", report.getParent().toString());

        // then: the rows, durations included, are the first run's
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(Files.readAllBytes(report)).isEqualTo(before);
        assertThat(result.out()).contains("(6 rows)");
    }

    @Test
    void aReportOfAnotherSuiteIsRefusedInOneLineAndLeftAsItWas() throws IOException {
        // given: the suite document changed since the report was written
        Path report = evaluated(suite("suite.json", SUITE));
        byte[] before = Files.readAllBytes(report);
        Path other = suite("other.json", SUITE.replace("\"repeats\": 2", "\"repeats\": 3"));

        // when
        Cli.Result result = Cli.run("eval", other.toString(), "--resume", report.getParent().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: --resume " + report.getParent() + ": ")
                .contains("was written by another benchmark (identity sha256:");
        assertThat(Files.readAllBytes(report)).isEqualTo(before);
    }

    @Test
    void aDamagedLineThatIsNotTheLastIsRefusedInOneLineNamingTheLine() throws IOException {
        // given
        Path suite = suite("suite.json", SUITE);
        Path report = evaluated(suite);
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(report));
        lines.set(2, "{\"task\": \"right\"");
        Files.write(report, lines, StandardCharsets.UTF_8);

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--resume", report.getParent().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains(report + " line 3: ");
    }

    @Test
    void resumeWithRerunIsRefusedInOneLine() throws IOException {
        // given
        Path suite = suite("suite.json", SUITE);

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--resume", dir.toString(), "--rerun",
                dir.resolve("report.jsonl").toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: --resume and --rerun do not go together");
        assertThat(dir.resolve("report.jsonl")).doesNotExist();
    }

    @Test
    void resumeWithAnotherOutIsRefusedInOneLineAndTheSameOutIsAccepted() throws IOException {
        // given
        Path suite = suite("suite.json", SUITE);
        Path out = dir.resolve("out");

        // when
        Cli.Result other = Cli.run("eval", suite.toString(), "--resume", out.toString(), "--out", dir.toString());
        Cli.Result same = Cli.run("eval", suite.toString(), "--resume", out.toString(), "--out",
                out.resolve(".").toString());

        // then
        assertThat(other.status()).isEqualTo(2);
        assertThat(other.errLines()).singleElement().asString()
                .isEqualTo("terminus: --resume " + out + " continues the report in that directory; --out " + dir
                        + " names another one (leave --out out)");
        assertThat(same.status()).as(same.err()).isZero();
        assertThat(ReportReader.read(out.resolve("report.jsonl"))).extracting(ReportRow::task).hasSize(6);
    }
}
