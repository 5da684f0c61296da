package dev.terminus.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import dev.terminus.jackson.UnrecognizedTermination;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Terminations read without knowing their case are counted and named by their kind, not as "Unrecognized"; a page is
 * written whole or not at all.
 */
class ReportsTest {

    @TempDir
    Path dir;

    private static ReportRow unknown(String task, String kind) {
        return ReportRows.success(task, 0, new UnrecognizedTermination(kind, Map.of("n", 1)), Evaluation.pass("ok"), 1,
                5);
    }

    @Test
    void aCaseReadWithoutKnowingItIsNamedByItsKind() {
        // when
        String name = Reports.caseName(new UnrecognizedTermination("QuotaExceeded", Map.of()));

        // then
        assertThat(name).isEqualTo("QuotaExceeded");
        assertThat(Reports.caseName(new Termination.MaxIterationsReached(3, 3))).isEqualTo("MaxIterationsReached");
    }

    @Test
    void theSummaryCountsEachUnknownKindApartTheMostFrequentFirstTiesByName() {
        // given
        List<ReportRow> rows = List.of(unknown("a", "Zeta"), unknown("b", "QuotaExceeded"), unknown("c", "Alpha"),
                unknown("d", "QuotaExceeded"), ReportRows.passed("e", 0, 1, 5), ReportRows.setupFailed("f", 0));

        // when
        Summary summary = Reports.summarize(rows);

        // then
        assertThat(summary.byTermination()).containsExactly(Map.entry("QuotaExceeded", 2), Map.entry("Alpha", 1),
                Map.entry("NaturalCompletion", 1), Map.entry("Zeta", 1));
        assertThat(summary).usingRecursiveComparison().ignoringFields("byTermination").isEqualTo(Summary.of(rows));
    }

    @Test
    void withoutUnknownKindsTheSummaryIsTheLibrarys() {
        // given
        List<ReportRow> rows = List.of(ReportRows.passed("a", 0, 1, 5), ReportRows.timedOut("b", 0, 40));

        // when
        Summary summary = Reports.summarize(rows);

        // then
        assertThat(summary).isEqualTo(Summary.of(rows));
    }

    @Test
    void aPageIsWrittenIntoItsNewDirectoryAndReplacedWholeLeavingNoTemporaryFile() throws IOException {
        // given
        Path page = dir.resolve("site/report.html");
        List<ReportRow> rows = List.of(ReportRows.passed("a", 0, 1, 5));
        Reports.writeHtml("first", Summary.of(rows), rows, page);

        // when
        Reports.writeHtml("second", Summary.of(rows), rows, page);

        // then
        assertThat(page).content().contains("second").doesNotContain("first");
        assertThat(namesIn(page.getParent())).containsExactly("report.html");
    }

    @Test
    void aPageThatCannotReplaceItsTargetFailsLeavingTheTargetAndNoTemporaryFile() throws IOException {
        // given: the page's path is taken by a directory that is not empty
        Path page = dir.resolve("report.html");
        Files.createDirectories(page.resolve("occupied"));
        List<ReportRow> rows = List.of(ReportRows.passed("a", 0, 1, 5));

        // when / then
        assertThatThrownBy(() -> Reports.writeHtml("suite", Summary.of(rows), rows, page))
                .isInstanceOf(IOException.class);
        assertThat(namesIn(dir)).containsExactly("report.html");
        assertThat(page.resolve("occupied")).isDirectory();
    }

    private static List<String> namesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
