package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StageResultTest {

    @Test
    void aFunctionStagesResultHasNoLastRun() {
        // given
        StageResult.Builder builder = completed().attempts(1).duration(Duration.ofMillis(3));

        // when
        StageResult result = builder.build();

        // then
        assertThat(result.lastRun()).isEmpty();
    }

    @Test
    void anAgentStagesLastRunIsItsLastAttemptsRunWithItsFinalAnswer() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("a", Agents.answering("forty-two"), ctx -> "Go"))
                .build();

        // when
        StageResult result = pipeline.run("").stages().getFirst();

        // then
        assertThat(result.lastRun()).map(RunResult::termination).contains(new Termination.NaturalCompletion());
        assertThat(result.lastRun().flatMap(RunResult::finalAnswer)).contains("forty-two");
        assertThat(result.usage()).isEqualTo(Usage.of(10, 5));
    }

    @Test
    void aStageDeclaredInAPhaseNamesIt() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .phase("p", TokenBudget.UNLIMITED, Stage.agent("a", Agents.answering("forty-two"), ctx -> "Go"))
                .build();

        // when
        StageResult result = pipeline.run("").stages().getFirst();

        // then
        assertThat(result.phase()).contains("p");
    }

    @Test
    void aStageDeclaredOutsideAnyPhaseHasNone() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("a", Agents.answering("forty-two"), ctx -> "Go"))
                .build();

        // when
        StageResult result = pipeline.run("").stages().getFirst();

        // then
        assertThat(result.phase()).isEmpty();
    }

    @Test
    void badComponentsAreRefusedNamingThem() {
        assertThatThrownBy(() -> completed().attempts(-1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("StageResult.attempts must be >= 0, was -1");
        assertThatThrownBy(() -> completed().duration(Duration.ofMillis(-1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("StageResult.duration");
        assertThatThrownBy(() -> completed().termination(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("StageResult.termination must not be null");
    }

    @Test
    void aBuilderWithoutNameOrOutcomeRefusesToBuildNamingTheMissingField() {
        // when / then
        assertThatThrownBy(() -> StageResult.builder().termination(new Termination.Completed())
                .outcome(Outcome.SUCCEEDED).build())
                .isInstanceOf(NullPointerException.class).hasMessage("StageResult.name must not be null");
        assertThatThrownBy(() -> completed().name(" ").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("StageResult.name must not be blank, was \" \"");
        assertThatThrownBy(() -> completed().outcome(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("StageResult.outcome must not be null");
    }

    @Test
    void fieldsNotSetAreEmptyOrZero() {
        // when
        StageResult result = completed().build();

        // then
        assertThat(result.phase()).isEmpty();
        assertThat(result.attempts()).isZero();
        assertThat(result.usage()).isEqualTo(Usage.ZERO);
        assertThat(result.costUsd()).isEqualTo(BigDecimal.ZERO);
        assertThat(result.duration()).isEqualTo(Duration.ZERO);
        assertThat(result.lastRun()).isEmpty();
    }

    @Test
    void resultsAreEqualExactlyWhenEveryFieldIs() {
        // given
        StageResult base = completed().attempts(1).usage(Usage.of(10, 5)).build();
        RunResult run = RunResult.builder().termination(new Termination.NaturalCompletion())
                .outcome(Outcome.SUCCEEDED).build();

        // when
        List<StageResult> changed = List.of(
                base.toBuilder().name("g").build(),
                base.toBuilder().phase("p").build(),
                base.toBuilder().termination(new Termination.Skipped("no")).build(),
                base.toBuilder().outcome(Outcome.FAILED).build(),
                base.toBuilder().attempts(2).build(),
                base.toBuilder().usage(Usage.ZERO).build(),
                base.toBuilder().costUsd(BigDecimal.ONE).build(),
                base.toBuilder().duration(Duration.ofMillis(1)).build(),
                base.toBuilder().lastRun(run).build());

        // then
        assertThat(base.toBuilder().build()).isEqualTo(base).hasSameHashCodeAs(base);
        assertThat(changed).allSatisfy(other -> assertThat(other).isNotEqualTo(base));
    }

    @Test
    void toBuilderKeepsEveryFieldItDoesNotChange() {
        // given
        StageResult original = completed().phase("p").attempts(2).usage(Usage.of(10, 5)).costUsd(BigDecimal.ONE)
                .duration(Duration.ofMillis(3)).build();

        // when
        StageResult copy = original.toBuilder().outcome(Outcome.FAILED).build();

        // then
        assertThat(copy.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(copy.toBuilder().outcome(Outcome.SUCCEEDED).build()).isEqualTo(original);
    }

    @Test
    void toStringNamesEveryFieldAsTheRecordDid() {
        // when
        String text = completed().build().toString();

        // then
        assertThat(text).isEqualTo("StageResult[name=f, phase=null, termination=Completed[], outcome=SUCCEEDED,"
                + " attempts=0, usage=" + Usage.ZERO + ", costUsd=0, duration=PT0S, lastRun=null]");
    }

    private static StageResult.Builder completed() {
        return StageResult.builder().name("f").termination(new Termination.Completed()).outcome(Outcome.SUCCEEDED);
    }
}
