package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.terminus.Category;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
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

    @Test
    void badFieldsAreRefusedNamingTheFieldAndValue() {
        // when / then
        assertThatThrownBy(() -> Summary.builder().usage(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("Summary.usage must not be null");
        assertThatThrownBy(() -> Summary.builder().costUsd(new BigDecimal("-0.5")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Summary.costUsd must be >= 0, was -0.5");
        assertThatThrownBy(() -> Summary.builder().durationMs(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("Summary.durationMs must not be null");
        assertThatThrownBy(() -> Summary.builder().byStatus(Map.of(Status.SUCCESS, -1)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Summary.byStatus[SUCCESS] must be >= 0, was -1");
    }

    @Test
    void aBuilderStartsFromZerosAndEmptyBreakdowns() {
        // when
        Summary summary = Summary.builder().build();

        // then
        assertThat(summary.rows()).isZero();
        assertThat(summary.passRate()).isZero();
        assertThat(summary.meanScore()).isNull();
        assertThat(summary.byStatus()).isEmpty();
        assertThat(summary.byTermination()).isEmpty();
        assertThat(summary.byCategory()).isEmpty();
        assertThat(summary.errorsByComponent()).isEmpty();
        assertThat(summary.usage()).isEqualTo(Usage.ZERO);
        assertThat(summary.costUsd()).isEqualTo(BigDecimal.ZERO);
        assertThat(summary.durationMs()).isEqualTo(Summary.Percentiles.NONE);
    }

    @Test
    void summariesAreEqualExactlyWhenEveryFieldIs() {
        // given
        Summary base = Summary.of(ROWS);

        // when
        List<Summary> changed = List.of(
                base.toBuilder().rows(8).build(),
                base.toBuilder().tasks(5).build(),
                base.toBuilder().evaluated(5).build(),
                base.toBuilder().passed(4).build(),
                base.toBuilder().failed(2).build(),
                base.toBuilder().excluded(2).build(),
                base.toBuilder().notEvaluated(3).build(),
                base.toBuilder().passRate(0.5).build(),
                base.toBuilder().meanScore(null).build(),
                base.toBuilder().tasksPassedEveryRepeat(2).build(),
                base.toBuilder().tasksPassedAnyRepeat(3).build(),
                base.toBuilder().byStatus(Map.of()).build(),
                base.toBuilder().byTermination(Map.of()).build(),
                base.toBuilder().byCategory(Map.of()).build(),
                base.toBuilder().errorsByComponent(Map.of()).build(),
                base.toBuilder().usage(Usage.ZERO).build(),
                base.toBuilder().costUsd(BigDecimal.ONE).build(),
                base.toBuilder().totalDurationMs(1).build(),
                base.toBuilder().durationMs(Summary.Percentiles.NONE).build(),
                base.toBuilder().retries(1).build());

        // then
        assertThat(Summary.of(ROWS)).isEqualTo(base).hasSameHashCodeAs(base);
        assertThat(changed).allSatisfy(other -> assertThat(other).isNotEqualTo(base));
    }

    @Test
    void toBuilderKeepsEveryFieldItDoesNotChangeAndTheBreakdownsOrder() {
        // given
        Summary original = Summary.of(ROWS);

        // when
        Summary relabelled = original.toBuilder().byTermination(Map.of("Done", 4)).build();

        // then
        assertThat(relabelled.byTermination()).containsExactly(entry("Done", 4));
        assertThat(relabelled.byStatus()).containsExactlyEntriesOf(original.byStatus());
        assertThat(relabelled.toBuilder().byTermination(original.byTermination()).build()).isEqualTo(original);
    }

    @Test
    void toStringNamesEveryFieldAsTheRecordDid() {
        // when
        String text = Summary.builder().rows(1).build().toString();

        // then
        assertThat(text).isEqualTo("Summary[rows=1, tasks=0, evaluated=0, passed=0, failed=0, excluded=0,"
                + " notEvaluated=0, passRate=0.0, meanScore=null, tasksPassedEveryRepeat=0, tasksPassedAnyRepeat=0,"
                + " byStatus={}, byTermination={}, byCategory={}, errorsByComponent={}, usage=" + Usage.ZERO
                + ", costUsd=0, totalDurationMs=0, durationMs=" + Summary.Percentiles.NONE + ", retries=0]");
    }
}
