package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.terminus.cli.report.ReportRows;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportWriter;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus report}: the summary and the page of an existing report, rendered again, whatever terminations it
 * holds, never over the report itself.
 */
class ReportCommandTest {

    @TempDir
    Path dir;

    private Path writeRows(String name, List<ReportRow> rows) throws IOException {
        Path file = dir.resolve(name);
        try (ReportWriter writer = ReportWriter.create(file, ReportJson.ofDefaults())) {
            for (ReportRow row : rows) {
                writer.write(row);
            }
        }
        return file;
    }

    /** The summary lines without the title (which names the suite or the file) and the report line. */
    private static List<String> body(String out) {
        List<String> lines = out.lines().toList();
        return lines.subList(1, lines.size() - 1);
    }

    private static String between(String page, String from, String to) {
        return page.substring(page.indexOf(from), page.indexOf(to));
    }

    private static List<String> gridRows(String page) {
        return page.lines().filter(line -> line.startsWith("<tr><td>")).toList();
    }

    @Test
    void theSummaryAndThePageOfAnEvalReportAreRenderedAgainAsEvalRenderedThem() throws IOException {
        // given
        Cli.Result eval = Cli.run("eval", "--demo", "--out", dir.toString());
        assertThat(eval.status()).as(eval.err()).isZero();
        Path page = dir.resolve("report.html");
        String evalPage = Files.readString(page);
        Files.delete(page);

        // when
        Cli.Result result = Cli.run("report", dir.resolve("report.jsonl").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.err()).isEmpty();
        assertThat(result.out()).startsWith("report.jsonl: 22 runs of 11 tasks");
        assertThat(body(result.out())).isEqualTo(body(eval.out()));
        assertThat(result.out().lines().toList().getLast()).isEqualTo("  Report        " + page);
        String again = Files.readString(page);
        assertThat(again).contains("<h1>report.jsonl</h1>").contains("Terminations by case")
                .contains("<title>ProviderAuthFailed: 2</title>");
        assertThat(between(again, "</h1>", "<h2>")).as("the same headline and charts")
                .isEqualTo(between(evalPage, "</h1>", "<h2>"));
        assertThat(gridRows(again)).as("the same task rows (in the file's order, not the suite's)")
                .hasSize(11).containsExactlyInAnyOrderElementsOf(gridRows(evalPage));
    }

    @Test
    void theHtmlOptionPutsThePageWhereItSaysAndNowhereElse() throws IOException {
        // given
        Path report = writeRows("runs.jsonl", List.of(ReportRows.passed("a", 0, 1, 10),
                ReportRows.failed("a", 1, 2, 20), ReportRows.timedOut("b", 0, 400)));
        Path elsewhere = Files.createDirectories(dir.resolve("pages")).resolve("mine.html");

        // when
        Cli.Result result = Cli.run("report", report.toString(), "--html", elsewhere.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(elsewhere).content().contains("<h1>runs.jsonl</h1>").contains("Runs by status");
        assertThat(dir.resolve("report.html")).doesNotExist();
        assertThat(result.out()).endsWith("  Report        " + elsewhere + System.lineSeparator());
    }

    @Test
    void rowsWrittenByTheLibrarysWriterAreSummarized() throws IOException {
        // given
        Path report = writeRows("report.jsonl", List.of(
                ReportRows.passed("a", 0, 1, 10), ReportRows.passed("a", 1, 1, 12),
                ReportRows.failed("b", 0, 2, 20), ReportRows.passed("b", 1, 2, 22),
                ReportRows.excluded("c", 0, 5, 30), ReportRows.authFailed("d", 0, 3),
                ReportRows.serverFailed("e", 0, 50, 3)));

        // when
        Cli.Result result = Cli.run("report", report.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut())
                .contains("report.jsonl: 7 runs of 5 tasks")
                .contains("Pass rate 75.0% (3 of 4 evaluated; 1 excluded, 2 not evaluated)")
                .contains("pass@k 2 tasks passed at least once, 1 passed every repeat")
                .contains("Statuses SUCCESS 5 AGENT_ERROR 2")
                .contains("Cost $0.000735 (2 retries)")
                .contains("Duration p50 20 ms, p90 50 ms, p99 50 ms, max 50 ms");
        assertThat(dir.resolve("report.html")).content().contains("<title>MaxIterationsReached: 1</title>");
    }

    @Test
    void aFileThatIsNotAReportIsRefusedNamingItAndItsLine() throws IOException {
        // given
        Path garbage = Files.writeString(dir.resolve("notes.jsonl"), "{\"task\": \"a\"}\nnot json at all\n");

        // when
        Cli.Result result = Cli.run("report", garbage.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: " + garbage + ": not a readable report: " + garbage + " line 1");
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void aReportThatDoesNotExistIsRefusedNamingIt() {
        // given
        Path missing = dir.resolve("missing.jsonl");

        // when
        Cli.Result result = Cli.run("report", missing.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: " + missing + ": not a readable report");
    }

    @Test
    void anEmptyReportRendersWithZeroes() throws IOException {
        // given
        Path empty = Files.writeString(dir.resolve("report.jsonl"), "");

        // when
        Cli.Result result = Cli.run("report", empty.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("report.jsonl: 0 runs of 0 tasks")
                .contains("Pass rate 0.0% (0 of 0 evaluated; 0 excluded, 0 not evaluated)")
                .contains("Duration p50 0 ms, p90 0 ms, p99 0 ms, max 0 ms");
        assertThat(dir.resolve("report.html")).content().contains("<h1>report.jsonl</h1>")
                .contains("Status by task").endsWith("</body></html>\n");
    }

    @Test
    void aPageThatCannotBeWrittenIsRefusedNamingIt() throws IOException {
        // given
        Path report = writeRows("report.jsonl", List.of(ReportRows.passed("a", 0, 1, 10)));
        Path notADirectory = Files.writeString(dir.resolve("file"), "a file, not a directory");
        Path nowhere = notADirectory.resolve("page.html");

        // when
        Cli.Result result = Cli.run("report", report.toString(), "--html", nowhere.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: cannot write " + nowhere);
    }

    @Test
    void theReportArgumentIsRequired() {
        // when
        Cli.Result result = Cli.run("report");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.err()).contains("REPORT").contains("terminus report --help");
    }

    @Test
    void terminationsTheCommandDoesNotKnowAreReadAndShownByTheirKindAndWrittenCategory() throws IOException {
        // given: an application's registered case (twice), and a case of a newer producer with a field of its own
        ReportJson withQuota = ReportJson.of(TerminusModule.builder()
                .registerExtension("QuotaExceeded", EvalCommandRerunTest.QuotaExceeded.class).build());
        Path report = dir.resolve("report.jsonl");
        try (ReportWriter writer = ReportWriter.create(report, withQuota)) {
            writer.write(ReportRows.success("a", 0, new EvalCommandRerunTest.QuotaExceeded("acme"),
                    Evaluation.pass("stopped in time"), 2, 10));
            writer.write(ReportRows.success("a", 1, new EvalCommandRerunTest.QuotaExceeded("acme"),
                    Evaluation.fail("no answer"), 2, 10));
            writer.write(ReportRows.passed("b", 0, 1, 10));
        }
        String newer = ReportJson.ofDefaults().write(ReportRows.passed("c", 0, 1, 10))
                .replace("{\"$kind\":\"NaturalCompletion\"}", "{\"$kind\":\"BudgetVetoed\",\"by\":\"finance\"}")
                .replace("\"category\":\"SUCCESS\"", "\"category\":\"INTERRUPTED\"");
        Files.writeString(report, newer + "\n", StandardOpenOption.APPEND);

        // when
        Cli.Result result = Cli.run("report", report.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("4 runs of 3 tasks")
                .contains("Terminations QuotaExceeded 2 BudgetVetoed 1 NaturalCompletion 1")
                .contains("SUCCESS 1").contains("CAPACITY 2").contains("INTERRUPTED 1")
                .doesNotContain("Unrecognized");
        String page = Files.readString(dir.resolve("report.html"));
        assertThat(page).contains("<title>QuotaExceeded: 2</title>").contains("<title>BudgetVetoed: 1</title>")
                .contains("<td>BudgetVetoed</td>").doesNotContain("Unrecognized");
    }

    @Test
    void aPageThatWouldReplaceTheReportIsRefusedNamingHtmlAndThePath() throws IOException {
        // given
        Path report = writeRows("r.jsonl", List.of(ReportRows.passed("a", 0, 1, 10)));
        String before = Files.readString(report);

        // when
        Cli.Result result = Cli.run("report", report.toString(), "--html", report.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: --html " + report + ": ")
                .contains("would replace the report");
        assertThat(report).content().isEqualTo(before);
    }

    @Test
    void aPageNamingTheReportThroughALinkedDirectoryIsRefusedToo() throws IOException {
        // given: dir/alias is dir, so dir/alias/r.jsonl is the report
        Path report = writeRows("r.jsonl", List.of(ReportRows.passed("a", 0, 1, 10)));
        Path sameFile = Files.createSymbolicLink(dir.resolve("alias"), dir).resolve("r.jsonl");
        String before = Files.readString(report);

        // when
        Cli.Result result = Cli.run("report", report.toString(), "--html", sameFile.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: --html " + sameFile);
        assertThat(report).content().isEqualTo(before);
    }

    @Test
    void thePageIsReadableByEveryone() throws IOException {
        // given
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
        Path report = writeRows("report.jsonl", List.of(ReportRows.passed("a", 0, 1, 10)));

        // when
        Cli.Result result = Cli.run("report", report.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("report.html"))))
                .isEqualTo("rw-r--r--");
    }
}
