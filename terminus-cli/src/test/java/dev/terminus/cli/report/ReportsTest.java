package dev.terminus.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import dev.terminus.jackson.UnrecognizedTermination;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Terminations read without knowing their case are counted and named by their kind, not as "Unrecognized". */
class ReportsTest {

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
}
