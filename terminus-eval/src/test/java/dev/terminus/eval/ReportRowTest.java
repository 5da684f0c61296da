package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ReportRowTest {

    private static final Termination DONE = new Termination.NaturalCompletion();

    @Test
    void theVerdictSaysPassedFailedExcludedOrNotEvaluated() {
        // when / then
        assertThat(Fixtures.evaluated("t", 0, true, 1).verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        assertThat(Fixtures.evaluated("t", 0, false, 1).verdict()).isEqualTo(ReportRow.Verdict.FAILED);
        assertThat(Fixtures.excluded("t", 0, 1).verdict()).isEqualTo(ReportRow.Verdict.EXCLUDED);
        assertThat(Fixtures.broken("t", 0, Status.SETUP_FAILED, Component.SETUP, 1).verdict())
                .isEqualTo(ReportRow.Verdict.NOT_EVALUATED);
    }

    @Test
    void rowsThatBrokeOrFailedNeedARerunWhilePassedAndExcludedOnesDoNot() {
        // when / then
        assertThat(Fixtures.evaluated("t", 0, true, 1).needsRerun()).isFalse();
        assertThat(Fixtures.excluded("t", 0, 1).needsRerun()).isFalse();
        assertThat(Fixtures.evaluated("t", 0, false, 1).needsRerun()).isTrue();
        assertThat(Fixtures.broken("t", 0, Status.TASK_TIMEOUT, Component.AGENT, 1).needsRerun()).isTrue();
    }

    @Test
    void aTerminationComesWithItsCategoryAndOutcome() {
        // when / then
        assertThatThrownBy(() -> new ReportRow("t", 0, Status.AGENT_ERROR, DONE, null, Outcome.SUCCEEDED, null, false,
                Usage.ZERO, BigDecimal.ZERO, 0, 0, 0, 1, new TaskError("X", "", Component.AGENT)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("category and ReportRow.outcome must be present exactly when");
    }

    @Test
    void onlySuccessRowsAreEvaluatedAndEachOfThemIsEvaluatedOrExcluded() {
        // when / then
        assertThatThrownBy(() -> new ReportRow("t", 0, Status.EVALUATION_FAILED, DONE, Category.SUCCESS,
                Outcome.SUCCEEDED, Evaluation.pass("x"), false, Usage.ZERO, BigDecimal.ZERO, 0, 0, 0, 1,
                new TaskError("X", "", Component.EVALUATOR)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("EVALUATION_FAILED row is not evaluated");
        assertThatThrownBy(() -> new ReportRow("t", 0, Status.SUCCESS, DONE, Category.SUCCESS, Outcome.SUCCEEDED,
                null, false, Usage.ZERO, BigDecimal.ZERO, 0, 0, 0, 1, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SUCCESS row must have");
        assertThatThrownBy(() -> new ReportRow("t", 0, Status.SUCCESS, DONE, Category.SUCCESS, Outcome.SUCCEEDED,
                Evaluation.pass("x"), true, Usage.ZERO, BigDecimal.ZERO, 0, 0, 0, 1, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("eval must be null when the row is excluded");
    }

    @Test
    void anErrorIsPresentExactlyWhenTheStatusIsNotSuccess() {
        // when / then
        assertThatThrownBy(() -> new ReportRow("t", 0, Status.SETUP_FAILED, null, null, null, null, false, Usage.ZERO,
                BigDecimal.ZERO, 0, 0, 0, 1, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("error must be null exactly when");
    }

    @Test
    void negativeCountsAndAZeroAttemptAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> Fixtures.broken("t", -1, Status.SETUP_FAILED, Component.SETUP, 0))
                .hasMessageContaining("ReportRow.repeat");
        assertThatThrownBy(() -> Fixtures.broken("t", 0, Status.SETUP_FAILED, Component.SETUP, -5))
                .hasMessageContaining("ReportRow.durationMs");
        assertThatThrownBy(() -> new ReportRow("t", 0, Status.SETUP_FAILED, null, null, null, null, false, Usage.ZERO,
                BigDecimal.ZERO, 0, 0, 0, 0, new TaskError("X", "", Component.SETUP)))
                .hasMessage("ReportRow.attempt must be >= 1, was 0");
        assertThatThrownBy(() -> new ReportRow("t", 0, Status.SETUP_FAILED, null, null, null, null, false, Usage.ZERO,
                new BigDecimal("-1"), 0, 0, 0, 1, new TaskError("X", "", Component.SETUP)))
                .hasMessageContaining("ReportRow.costUsd");
    }
}
