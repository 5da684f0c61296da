package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportRowTest {

    private static final Termination DONE = new Termination.NaturalCompletion();
    private static final TaskError SETUP_ERROR = new TaskError("X", "", Component.SETUP);

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
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.AGENT_ERROR).termination(DONE)
                .outcome(Outcome.SUCCEEDED).error(new TaskError("X", "", Component.AGENT)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("category and ReportRow.outcome must be present exactly when");
    }

    @Test
    void onlySuccessRowsAreEvaluatedAndEachOfThemIsEvaluatedOrExcluded() {
        // when / then
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.EVALUATION_FAILED).termination(DONE)
                .category(Category.SUCCESS).outcome(Outcome.SUCCEEDED).eval(Evaluation.pass("x"))
                .error(new TaskError("X", "", Component.EVALUATOR)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("EVALUATION_FAILED row is not evaluated");
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.SUCCESS).termination(DONE)
                .category(Category.SUCCESS).outcome(Outcome.SUCCEEDED).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SUCCESS row must have");
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.SUCCESS).termination(DONE)
                .category(Category.SUCCESS).outcome(Outcome.SUCCEEDED).eval(Evaluation.pass("x")).excluded(true)
                .build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("eval must be null when the row is excluded");
    }

    @Test
    void anErrorIsPresentExactlyWhenTheStatusIsNotSuccess() {
        // when / then
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.SETUP_FAILED).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("error must be null exactly when");
    }

    @Test
    void negativeCountsAndAZeroAttemptAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> Fixtures.broken("t", -1, Status.SETUP_FAILED, Component.SETUP, 0))
                .hasMessageContaining("ReportRow.repeat");
        assertThatThrownBy(() -> Fixtures.broken("t", 0, Status.SETUP_FAILED, Component.SETUP, -5))
                .hasMessageContaining("ReportRow.durationMs");
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.SETUP_FAILED).attempt(0)
                .error(new TaskError("X", "", Component.SETUP)).build())
                .hasMessage("ReportRow.attempt must be >= 1, was 0");
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.SETUP_FAILED)
                .costUsd(new BigDecimal("-1")).error(new TaskError("X", "", Component.SETUP)).build())
                .hasMessageContaining("ReportRow.costUsd");
    }

    @Test
    void aBuilderWithoutTaskOrStatusRefusesToBuildNamingTheMissingField() {
        // when / then
        assertThatThrownBy(() -> ReportRow.builder().status(Status.SETUP_FAILED).error(SETUP_ERROR).build())
                .isInstanceOf(NullPointerException.class).hasMessage("ReportRow.task must not be null");
        assertThatThrownBy(() -> ReportRow.builder().task("t").build())
                .isInstanceOf(NullPointerException.class).hasMessage("ReportRow.status must not be null");
        assertThatThrownBy(() -> Fixtures.evaluated("t", 0, true, 1).toBuilder().usage(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("ReportRow.usage must not be null");
    }

    @Test
    void fieldsNotSetStartAtRepeatZeroAttemptOneAndNothingElse() {
        // when
        ReportRow row = ReportRow.builder().task("t").status(Status.SETUP_FAILED).error(SETUP_ERROR).build();

        // then
        assertThat(row.repeat()).isZero();
        assertThat(row.attempt()).isEqualTo(1);
        assertThat(row.termination()).isNull();
        assertThat(row.category()).isNull();
        assertThat(row.outcome()).isNull();
        assertThat(row.eval()).isNull();
        assertThat(row.excluded()).isFalse();
        assertThat(row.usage()).isEqualTo(Usage.ZERO);
        assertThat(row.costUsd()).isEqualTo(BigDecimal.ZERO);
        assertThat(row.durationMs()).isZero();
        assertThat(row.iterations()).isZero();
        assertThat(row.toolCalls()).isZero();
        assertThat(row.agent()).isNull();
        assertThat(row.stoppedByStage()).isNull();
    }

    @Test
    void anAgentIsNamedOnlyWhenTheLoopRanAndNeverBlank() {
        // when / then
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.SETUP_FAILED).error(SETUP_ERROR)
                .agent("researcher").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ReportRow.agent must be null when the loop did not run")
                .hasMessageContaining("\"researcher\"");
        assertThatThrownBy(() -> Fixtures.evaluated("t", 0, true, 1).toBuilder().agent(" ").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ReportRow.agent")
                .hasMessageContaining("\" \"");
        assertThat(Fixtures.evaluated("t", 0, true, 1).toBuilder().agent("billing").build().agent())
                .isEqualTo("billing");
    }

    @Test
    void aStoppingStageIsNamedOnlyWhenSomethingRanAndNeverBlank() {
        // when / then
        assertThatThrownBy(() -> ReportRow.builder().task("t").status(Status.SETUP_FAILED).error(SETUP_ERROR)
                .stoppedByStage("review").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ReportRow.stoppedByStage must be null when nothing ran")
                .hasMessageContaining("\"review\"");
        assertThatThrownBy(() -> Fixtures.evaluated("t", 0, true, 1).toBuilder().stoppedByStage("").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ReportRow.stoppedByStage")
                .hasMessageContaining("\"\"");
        assertThat(Fixtures.evaluated("t", 0, true, 1).toBuilder().stoppedByStage("review").build().stoppedByStage())
                .isEqualTo("review");
    }

    @Test
    void rowsAreEqualExactlyWhenEveryFieldIs() {
        // given
        ReportRow base = Fixtures.evaluated("t", 0, true, 5);

        // when
        List<ReportRow> changed = List.of(
                base.toBuilder().task("u").build(),
                base.toBuilder().repeat(1).build(),
                base.toBuilder().status(Status.SETUP_FAILED).eval(null).error(SETUP_ERROR).build(),
                base.toBuilder().termination(new Termination.Converged(1)).build(),
                base.toBuilder().category(Category.CAPACITY).build(),
                base.toBuilder().outcome(Outcome.FAILED).build(),
                base.toBuilder().eval(Evaluation.fail("wrong")).build(),
                base.toBuilder().eval(null).excluded(true).build(),
                base.toBuilder().usage(Usage.ZERO).build(),
                base.toBuilder().costUsd(BigDecimal.ONE).build(),
                base.toBuilder().durationMs(6).build(),
                base.toBuilder().iterations(2).build(),
                base.toBuilder().toolCalls(1).build(),
                base.toBuilder().attempt(2).build(),
                base.toBuilder().agent("billing").build(),
                base.toBuilder().stoppedByStage("review").build());

        // then
        assertThat(base.toBuilder().build()).isEqualTo(base).hasSameHashCodeAs(base);
        assertThat(changed).allSatisfy(other -> assertThat(other).isNotEqualTo(base));
    }

    @Test
    void toBuilderKeepsEveryFieldItDoesNotChange() {
        // given
        ReportRow original = Fixtures.excluded("t", 2, 7);

        // when
        ReportRow copy = original.toBuilder().attempt(3).build();
        ReportRow named = original.toBuilder().agent("billing").stoppedByStage("review").build();

        // then
        assertThat(copy.attempt()).isEqualTo(3);
        assertThat(named.toBuilder().attempt(3).build().agent()).isEqualTo("billing");
        assertThat(named.toBuilder().attempt(3).build().stoppedByStage()).isEqualTo("review");
        assertThat(copy.toBuilder().attempt(1).build()).isEqualTo(original);
    }

    @Test
    void toStringNamesEveryFieldAsTheRecordDid() {
        // when
        String text = ReportRow.builder().task("t").status(Status.SETUP_FAILED).error(SETUP_ERROR).build().toString();

        // then
        assertThat(text).isEqualTo("ReportRow[task=t, repeat=0, status=SETUP_FAILED, termination=null, category=null,"
                + " outcome=null, eval=null, excluded=false, usage=" + Usage.ZERO + ", costUsd=0, durationMs=0,"
                + " iterations=0, toolCalls=0, attempt=1, error=" + SETUP_ERROR + ", agent=null,"
                + " stoppedByStage=null]");
    }
}
