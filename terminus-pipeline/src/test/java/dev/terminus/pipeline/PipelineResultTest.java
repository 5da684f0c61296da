package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineResultTest {
    private static final StageResult A = StageResult.builder().name("a").termination(new Termination.Completed())
            .outcome(Outcome.SUCCEEDED).attempts(1).usage(Usage.of(10, 5)).costUsd(BigDecimal.ONE)
            .duration(Duration.ofMillis(1)).build();

    @Test
    void aStageIsFoundByName() {
        // given
        PipelineResult result = completed().stages(List.of(A)).usage(Usage.of(10, 5)).costUsd(BigDecimal.ONE)
                .duration(Duration.ofMillis(2)).build();

        // when / then
        assertThat(result.stage("a")).contains(A);
        assertThat(result.stage("b")).isEmpty();
        assertThat(result.completed()).isTrue();
    }

    @Test
    void aPipelineWithStagesNotRunDidNotComplete() {
        // when
        PipelineResult result = PipelineResult.builder().pipelineName("p").termination(new Termination.Cancelled("me"))
                .outcome(Outcome.CANCELLED).stages(List.of(A)).notRun(List.of("b")).build();

        // then
        assertThat(result.completed()).isFalse();
    }

    @Test
    void theListsAreCopiedImmutably() {
        // given
        List<String> notRun = new ArrayList<>(List.of("b"));
        PipelineResult result = PipelineResult.builder().pipelineName("p").termination(new Termination.Cancelled(null))
                .outcome(Outcome.CANCELLED).notRun(notRun).build();

        // when
        notRun.add("c");

        // then
        assertThat(result.notRun()).containsExactly("b");
        assertThatThrownBy(() -> result.notRun().add("d")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void badComponentsAreRefusedNamingThem() {
        assertThatThrownBy(() -> completed().pipelineName(" ").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PipelineResult.pipelineName");
        assertThatThrownBy(() -> completed().costUsd(new BigDecimal("-1")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PipelineResult.costUsd");
    }

    @Test
    void usageAndCostAreTheSumsOverTheStages() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("a", Agents.answering("one"), ctx -> "Go"))
                .stage(Stage.agent("b", Agents.answering("two"), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(result.costUsd()).isEqualByComparingTo(BigDecimal.ZERO);
        assertThat(result.duration()).isPositive();
    }

    @Test
    void aBuilderWithoutNameTerminationOrOutcomeRefusesToBuildNamingTheMissingField() {
        // when / then
        assertThatThrownBy(() -> PipelineResult.builder().termination(new Termination.Completed())
                .outcome(Outcome.SUCCEEDED).build())
                .isInstanceOf(NullPointerException.class).hasMessage("PipelineResult.pipelineName must not be null");
        assertThatThrownBy(() -> completed().termination(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("PipelineResult.termination must not be null");
        assertThatThrownBy(() -> completed().outcome(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("PipelineResult.outcome must not be null");
        assertThatThrownBy(() -> completed().duration(Duration.ofMillis(-1)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("PipelineResult.duration must not be negative, was PT-0.001S");
    }

    @Test
    void fieldsNotSetAreEmptyOrZero() {
        // when
        PipelineResult result = completed().build();

        // then
        assertThat(result.stages()).isEmpty();
        assertThat(result.notRun()).isEmpty();
        assertThat(result.usage()).isEqualTo(Usage.ZERO);
        assertThat(result.costUsd()).isEqualTo(BigDecimal.ZERO);
        assertThat(result.duration()).isEqualTo(Duration.ZERO);
    }

    @Test
    void resultsAreEqualExactlyWhenEveryFieldIs() {
        // given
        PipelineResult base = completed().stages(List.of(A)).usage(Usage.of(10, 5)).build();

        // when
        List<PipelineResult> changed = List.of(
                base.toBuilder().pipelineName("q").build(),
                base.toBuilder().termination(new Termination.Cancelled(null)).build(),
                base.toBuilder().outcome(Outcome.CANCELLED).build(),
                base.toBuilder().stages(List.of()).build(),
                base.toBuilder().notRun(List.of("b")).build(),
                base.toBuilder().usage(Usage.ZERO).build(),
                base.toBuilder().costUsd(BigDecimal.ONE).build(),
                base.toBuilder().duration(Duration.ofMillis(1)).build());

        // then
        assertThat(base.toBuilder().build()).isEqualTo(base).hasSameHashCodeAs(base);
        assertThat(changed).allSatisfy(other -> assertThat(other).isNotEqualTo(base));
    }

    @Test
    void toBuilderKeepsEveryFieldItDoesNotChange() {
        // given
        PipelineResult original = completed().stages(List.of(A)).usage(Usage.of(10, 5)).costUsd(BigDecimal.ONE)
                .duration(Duration.ofMillis(2)).build();

        // when
        PipelineResult copy = original.toBuilder().notRun(List.of("b")).build();

        // then
        assertThat(copy.notRun()).containsExactly("b");
        assertThat(copy.toBuilder().notRun(List.of()).build()).isEqualTo(original);
    }

    @Test
    void toStringNamesEveryFieldAsTheRecordDid() {
        // when
        String text = completed().build().toString();

        // then
        assertThat(text).isEqualTo("PipelineResult[pipelineName=p, termination=Completed[], outcome=SUCCEEDED,"
                + " stages=[], notRun=[], usage=" + Usage.ZERO + ", costUsd=0, duration=PT0S, checkpoint=null]");
    }

    @Test
    void aCheckpointIsOnlyForAPipelinePausedAtAGate() {
        // given
        PipelineCheckpoint checkpoint = Refunds.usual().pipeline().run("order 42").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> completed().checkpoint(checkpoint).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("PipelineResult.checkpoint is only for a pipeline paused at a gate (HitlGatePending), but"
                        + " its termination is Completed[]");
    }

    private static PipelineResult.Builder completed() {
        return PipelineResult.builder().pipelineName("p").termination(new Termination.Completed())
                .outcome(Outcome.SUCCEEDED);
    }
}
