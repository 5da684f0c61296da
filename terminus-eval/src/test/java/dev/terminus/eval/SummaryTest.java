package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.terminus.Category;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary's arithmetic on small hand-made rows. */
class SummaryTest {

    private static final List<ReportRow> ROWS = List.of(
            Fixtures.evaluated("a", 0, true, 40),
            Fixtures.evaluated("a", 1, true, 10),
            Fixtures.evaluated("b", 0, false, 30),
            Fixtures.evaluated("b", 1, true, 20),
            Fixtures.excluded("c", 0, 100),
            Fixtures.broken("c", 1, Status.SETUP_FAILED, Component.SETUP, 0),
            Fixtures.broken("d", 0, Status.TASK_TIMEOUT, Component.AGENT, 70));

    @Test
    void countsAddUpAndThePassRateIsPassedOverEvaluated() {
        // when
        Summary summary = Summary.of(ROWS);

        // then
        assertThat(summary.rows()).isEqualTo(7);
        assertThat(summary.tasks()).isEqualTo(4);
        assertThat(summary.evaluated()).isEqualTo(4);
        assertThat(summary.passed()).isEqualTo(3);
        assertThat(summary.failed()).isEqualTo(1);
        assertThat(summary.excluded()).isEqualTo(1);
        assertThat(summary.notEvaluated()).isEqualTo(2);
        assertThat(summary.passRate()).isEqualTo(0.75);
        assertThat(summary.meanScore()).isEqualTo(0.75);
        assertThat(summary.tasksPassedEveryRepeat()).isEqualTo(1);
        assertThat(summary.tasksPassedAnyRepeat()).isEqualTo(2);
    }

    @Test
    void breakdownsCoverEveryStatusCaseCategoryAndComponent() {
        // when
        Summary summary = Summary.of(ROWS);

        // then
        assertThat(summary.byStatus()).containsExactly(entry(Status.SUCCESS, 5), entry(Status.AGENT_ERROR, 0),
                entry(Status.ENVIRONMENT_ERROR, 0), entry(Status.USER_ERROR, 0), entry(Status.TASK_TIMEOUT, 1),
                entry(Status.UNKNOWN_EXECUTION_ERROR, 0), entry(Status.EVALUATION_FAILED, 0),
                entry(Status.SETUP_FAILED, 1));
        assertThat(summary.byTermination()).containsExactly(entry("NaturalCompletion", 4),
                entry("MaxIterationsReached", 1));
        assertThat(summary.byCategory()).containsExactly(entry(Category.SUCCESS, 4), entry(Category.RETRYABLE, 0),
                entry(Category.CAPACITY, 1), entry(Category.FATAL, 0), entry(Category.INTERRUPTED, 0),
                entry(Category.SUSPENDED, 0));
        assertThat(summary.errorsByComponent()).containsEntry(Component.SETUP, 1).containsEntry(Component.AGENT, 1)
                .containsEntry(Component.ENVIRONMENT, 0).hasSize(Component.values().length);
    }

    @Test
    void tokensCostAndDurationsAreSummed() {
        // when
        Summary summary = Summary.of(ROWS);

        // then
        assertThat(summary.usage()).isEqualTo(Usage.of(60, 30));
        assertThat(summary.costUsd()).isEqualByComparingTo(new BigDecimal("0.006"));
        assertThat(summary.totalDurationMs()).isEqualTo(270);
        assertThat(summary.retries()).isZero();
    }

    @Test
    void durationPercentilesAreNearestRankOverEveryRow() {
        // when
        Summary summary = Summary.of(ROWS); // sorted: 0 10 20 30 40 70 100

        // then: p50 rank ceil(3.5) = 4, p90 rank ceil(6.3) = 7, p99 rank ceil(6.93) = 7
        assertThat(summary.durationMs()).isEqualTo(new Summary.Percentiles(30, 100, 100, 100));
    }

    @Test
    void percentilesOfTenValuesPickTheFifthNinthAndTenth() {
        // when
        Summary.Percentiles percentiles = Summary.Percentiles.of(100, 90, 80, 70, 60, 50, 40, 30, 20, 10);

        // then
        assertThat(percentiles).isEqualTo(new Summary.Percentiles(50, 90, 100, 100));
        assertThat(Summary.Percentiles.of(7)).isEqualTo(new Summary.Percentiles(7, 7, 7, 7));
        assertThat(Summary.Percentiles.of()).isEqualTo(Summary.Percentiles.NONE);
    }

    @Test
    void percentilesOfAHundredValuesAreTheValuesAtThoseRanks() {
        // given
        long[] values = new long[100];
        for (int i = 0; i < 100; i++) {
            values[i] = 100 - i; // 100 down to 1
        }

        // when
        Summary.Percentiles percentiles = Summary.Percentiles.of(values);

        // then
        assertThat(percentiles).isEqualTo(new Summary.Percentiles(50, 90, 99, 100));
        assertThat(values[0]).isEqualTo(100); // the array is not sorted in place
    }

    @Test
    void anEmptyReportSummarizesToZeros() {
        // when
        Summary summary = Summary.of(List.of());

        // then
        assertThat(summary.rows()).isZero();
        assertThat(summary.passRate()).isZero();
        assertThat(summary.meanScore()).isNull();
        assertThat(summary.durationMs()).isEqualTo(Summary.Percentiles.NONE);
        assertThat(summary.byStatus()).containsEntry(Status.SUCCESS, 0);
        assertThat(summary.byTermination()).isEmpty();
    }

    @Test
    void terminationsTiedInCountAreOrderedByName() {
        // given
        List<ReportRow> rows = List.of(Fixtures.excluded("x", 0, 1), Fixtures.evaluated("y", 0, true, 1));

        // when
        Summary summary = Summary.of(rows);

        // then
        assertThat(summary.byTermination()).containsExactly(entry("MaxIterationsReached", 1),
                entry("NaturalCompletion", 1));
    }
}
