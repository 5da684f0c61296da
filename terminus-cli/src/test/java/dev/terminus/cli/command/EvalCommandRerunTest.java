package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.cli.report.ReportRows;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportWriter;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus eval --rerun}: only the rows that failed run again, from another report or from the one the run
 * writes, and rows whose terminations the command does not know are kept as they were.
 */
class EvalCommandRerunTest {

    @TempDir
    Path dir;

    /** An application's own termination case, registered only where the report was written. */
    record QuotaExceeded(String tenant) implements Termination.Extension {
        @Override
        public String tag() {
            return "QuotaExceeded";
        }

        @Override
        public Category category() {
            return Category.CAPACITY;
        }
    }

    /** @return the lines of the report's rows that a rerun keeps */
    private static Set<String> keptLines(Path report) throws IOException {
        List<String> lines = Files.readAllLines(report);
        List<ReportRow> rows = ReportReader.read(report);
        Set<String> kept = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!rows.get(i).needsRerun()) {
                kept.add(lines.get(i));
            }
        }
        return kept;
    }

    @Test
    void aRerunRunsAgainOnlyTheRowsThatFailedAndTheNewReportHoldsEveryRow() throws IOException {
        // given: the demo's report, kept as previous.jsonl
        Cli.Result first = Cli.run("eval", "--demo", "--out", dir.toString());
        assertThat(first.status()).as(first.err()).isZero();
        Path previous = Files.move(dir.resolve("report.jsonl"), dir.resolve("previous.jsonl"));
        List<String> previousLines = Files.readAllLines(previous);
        Set<String> keptLines = keptLines(previous);

        // when
        Cli.Result result = Cli.run("eval", "--demo", "--out", dir.toString(), "--rerun", previous.toString());

        // then: the 14 passed or excluded rows are copied unchanged first, then the 8 others ran again
        assertThat(result.status()).as(result.err()).isZero();
        List<String> lines = Files.readAllLines(dir.resolve("report.jsonl"));
        List<ReportRow> rows = ReportReader.read(dir.resolve("report.jsonl"));
        assertThat(rows).hasSize(22);
        assertThat(keptLines).hasSize(14);
        assertThat(Set.copyOf(lines.subList(0, 14))).isEqualTo(keptLines);
        List<ReportRow> ranAgain = rows.subList(14, 22);
        assertThat(ranAgain).extracting(row -> row.task() + "#" + row.repeat()).containsExactlyInAnyOrder(
                "finland#0", "finland#1", "latvia#0", "latvia#1", "lithuania#0", "lithuania#1", "austria#0",
                "austria#1");
        assertThat(rows.stream().map(row -> row.task() + "#" + row.repeat()).distinct()).hasSize(22);
        assertThat(result.err()).as("the progress counts only the runs made again").contains("] 8/8  ")
                .doesNotContain("/22");
        assertThat(result.flatOut()).contains("capitals (demo): 22 runs of 11 tasks").contains("(22 rows)")
                .contains("Pass rate 85.7% (12 of 14 evaluated");
        assertThat(previous).content().isEqualTo(String.join("\n", previousLines) + "\n");
    }

    @Test
    void aTornLastLineOfThePreviousReportIsToldInOneLineAndLeftOut() throws IOException {
        // given: the demo's report, whose writer was killed in the middle of one more row
        Cli.Result first = Cli.run("eval", "--demo", "--out", dir.toString());
        assertThat(first.status()).as(first.err()).isZero();
        Path previous = Files.move(dir.resolve("report.jsonl"), dir.resolve("previous.jsonl"));
        String torn = "{\"task\":\"norway\",\"repeat\":7,\"sta";
        Files.writeString(previous, torn, java.nio.file.StandardOpenOption.APPEND);

        // when
        Cli.Result result = Cli.run("eval", "--demo", "--out", dir.toString(), "--rerun", previous.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.errLines()).filteredOn(line -> line.contains("torn"))
                .containsExactly("terminus: --rerun " + previous + ": skipped a torn last line ("
                        + torn.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + " bytes)");
        assertThat(ReportReader.read(dir.resolve("report.jsonl"))).hasSize(22);
    }

    @Test
    void aRerunOfTheReportThisRunWritesKeepsItsPassingRowsAndRunsTheOthersAgain() throws IOException {
        // given: the demo's report, rerun into itself (the default --out of a rerun from the current directory)
        Cli.Result first = Cli.run("eval", "--demo", "--out", dir.toString());
        assertThat(first.status()).as(first.err()).isZero();
        Path report = dir.resolve("report.jsonl");
        Set<String> keptLines = keptLines(report);

        // when
        Cli.Result result = Cli.run("eval", "--demo", "--out", dir.toString(), "--rerun", report.toString());

        // then: the 14 passed or excluded rows, unchanged, then the 8 others run again
        assertThat(result.status()).as(result.err()).isZero();
        List<String> lines = Files.readAllLines(report);
        assertThat(keptLines).hasSize(14);
        assertThat(lines).hasSize(22);
        assertThat(Set.copyOf(lines.subList(0, 14))).isEqualTo(keptLines);
        assertThat(ReportReader.read(report).subList(14, 22)).extracting(row -> row.task() + "#" + row.repeat())
                .containsExactlyInAnyOrder("finland#0", "finland#1", "latvia#0", "latvia#1", "lithuania#0",
                        "lithuania#1", "austria#0", "austria#1");
        assertThat(result.err()).contains("] 8/8  ");
        assertThat(result.flatOut()).contains("(22 rows)").contains("Pass rate 85.7% (12 of 14 evaluated");
    }

    @Test
    void aRerunOfAMissingOrBrokenReportIsRefusedNamingItBeforeAnythingIsWritten() throws IOException {
        // given
        Path missing = dir.resolve("nope.jsonl");
        Path garbage = Files.writeString(dir.resolve("garbage.jsonl"), "this is not a report\n");

        // when
        Cli.Result noFile = Cli.run("eval", "--demo", "--out", dir.resolve("a").toString(), "--rerun",
                missing.toString());
        Cli.Result notAReport = Cli.run("eval", "--demo", "--out", dir.resolve("b").toString(), "--rerun",
                garbage.toString());

        // then
        assertThat(noFile.status()).isEqualTo(2);
        assertThat(noFile.errLines()).singleElement().asString()
                .isEqualTo("terminus: --rerun " + missing + ": no such file");
        assertThat(notAReport.status()).isEqualTo(2);
        assertThat(notAReport.errLines()).singleElement().asString().startsWith("terminus: --rerun " + garbage)
                .contains("not a readable report").contains("line 1");
        assertThat(dir.resolve("a")).doesNotExist();
        assertThat(dir.resolve("b")).doesNotExist();
    }

    @Test
    void aRerunKeepsRowsWithTerminationsTheCommandDoesNotKnowAndCountsThemByTheirKind() throws IOException {
        // given: a report written by an application that registered its own case, QuotaExceeded
        Path suite = Files.writeString(dir.resolve("suite.json"), """
                {"name": "quota", "evaluator": {"type": "exact"},
                 "tasks": [{"id": "a", "input": "2 + 2?", "expected": "4", "script": [{"text": "4"}]},
                           {"id": "b", "input": "3 + 3?", "expected": "6", "script": [{"text": "6"}]}]}
                """);
        Path previous = dir.resolve("previous.jsonl");
        ReportJson withQuota = ReportJson.of(TerminusModule.builder()
                .registerExtension("QuotaExceeded", QuotaExceeded.class).build());
        try (ReportWriter writer = ReportWriter.create(previous, withQuota)) {
            writer.write(ReportRows.success("a", 0, new QuotaExceeded("acme"), Evaluation.pass("stopped in time"), 2,
                    10));
            writer.write(ReportRows.failed("b", 0, 1, 10));
        }
        String quotaLine = Files.readAllLines(previous).getFirst();
        assertThat(quotaLine).contains("{\"$kind\":\"QuotaExceeded\",\"tenant\":\"acme\"}");

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", dir.resolve("new").toString(), "--rerun",
                previous.toString());

        // then: "a" is kept as written, "b" ran again and passed
        assertThat(result.status()).as(result.err()).isZero();
        List<String> lines = Files.readAllLines(dir.resolve("new/report.jsonl"));
        assertThat(lines).hasSize(2);
        assertThat(lines.getFirst()).isEqualTo(quotaLine);
        assertThat(result.flatOut()).contains("Terminations NaturalCompletion 1 QuotaExceeded 1")
                .contains("CAPACITY 1").doesNotContain("Unrecognized");
        assertThat(dir.resolve("new/report.html")).content().contains("<title>QuotaExceeded: 1</title>")
                .doesNotContain("Unrecognized");
    }
}
