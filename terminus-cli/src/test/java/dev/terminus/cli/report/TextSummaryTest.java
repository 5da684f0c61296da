package dev.terminus.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The terminal summary: one line per roll-up, zero counts left out, retries only when there were some. */
class TextSummaryTest {

    @Test
    void everyLineSaysItsRollUpLeavingOutTheCategoriesAndStatusesNoRunHad() {
        // given
        List<ReportRow> rows = List.of(ReportRows.passed("a", 0, 1, 10), ReportRows.failed("a", 1, 1, 20),
                ReportRows.excluded("b", 0, 3, 30), ReportRows.timedOut("c", 0, 400),
                ReportRows.authFailed("d", 0, 5), ReportRows.serverFailed("e", 0, 50, 2));

        // when
        List<String> lines = TextSummary.lines("capitals", Summary.of(rows));

        // then
        assertThat(lines).containsExactly(
                "capitals: 6 runs of 5 tasks",
                "  Pass rate     50.0% (1 of 2 evaluated; 1 excluded, 3 not evaluated)",
                "  pass@k        1 tasks passed at least once, 0 passed every repeat",
                "  Categories    SUCCESS 2 RETRYABLE 1 CAPACITY 1 FATAL 1 INTERRUPTED 1",
                "  Terminations  NaturalCompletion 2 Cancelled 1 Failed 1 MaxIterationsReached 1 ProviderAuthFailed 1",
                "  Statuses      SUCCESS 3 AGENT_ERROR 2 TASK_TIMEOUT 1",
                "  Tokens        50 in, 25 out",
                "  Cost          $0.000525 (1 retries)",
                "  Duration      p50 20 ms, p90 400 ms, p99 400 ms, max 400 ms");
    }

    @Test
    void theCostLineSaysNothingOfRetriesWhenThereWereNone() {
        // given
        List<ReportRow> rows = List.of(ReportRows.passed("a", 0, 1, 7), ReportRows.passed("b", 0, 1, 9));

        // when
        List<String> lines = TextSummary.lines("s", Summary.of(rows));

        // then
        assertThat(lines).contains("  Cost          $0.000210", "  pass@k        2 tasks passed at least once, 2 passed"
                + " every repeat", "  Pass rate     100.0% (2 of 2 evaluated; 0 excluded, 0 not evaluated)");
    }

    @Test
    void anEmptyReportIsAllZeroes() {
        // when
        List<String> lines = TextSummary.lines("empty", Summary.of(List.of()));

        // then
        assertThat(lines).containsExactly(
                "empty: 0 runs of 0 tasks",
                "  Pass rate     0.0% (0 of 0 evaluated; 0 excluded, 0 not evaluated)",
                "  pass@k        0 tasks passed at least once, 0 passed every repeat",
                "  Categories   ",
                "  Terminations ",
                "  Statuses     ",
                "  Tokens        0 in, 0 out",
                "  Cost          $0",
                "  Duration      p50 0 ms, p90 0 ms, p99 0 ms, max 0 ms");
    }
}
