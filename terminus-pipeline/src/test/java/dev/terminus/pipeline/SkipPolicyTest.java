package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SkipPolicyTest {
    private static final PipelineContext EMPTY = new PipelineContext("p", "", List.of());

    @Test
    void whenGivesTheReasonOnlyWhileTheConditionHolds() throws Exception {
        // given
        SkipPolicy policy = SkipPolicy.when(ctx -> ctx.input().isEmpty(), "no input");

        // when / then
        assertThat(policy.skipReason(EMPTY)).contains("no input");
        assertThat(policy.skipReason(new PipelineContext("p", "text", List.of()))).isEmpty();
    }

    @Test
    void whenRefusesNulls() {
        assertThatThrownBy(() -> SkipPolicy.when(null, "r")).isInstanceOf(NullPointerException.class)
                .hasMessage("condition must not be null");
        assertThatThrownBy(() -> SkipPolicy.when(ctx -> true, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("reason must not be null");
    }

    @Test
    void aPolicyCanSkipOnAnEarlierStagesResult() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.of("check", ctx -> new Termination.Skipped("nothing new")))
                .stage(Stage.of("report", ctx -> new Termination.Completed()).skipWhen(ctx ->
                        ctx.previous().filter(r -> r.outcome() == Outcome.SKIPPED).map(r -> "nothing to report")))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.stage("report").orElseThrow().termination())
                .isEqualTo(new Termination.Skipped("nothing to report"));
        assertThat(result.completed()).isTrue();
    }

    @Test
    void aPolicyThatThrowsOrReturnsNullFailsTheStageInternal() {
        // given
        SkipPolicy throwing = ctx -> {
            throw new IllegalStateException("cannot decide");
        };
        SkipPolicy nullReturning = ctx -> null;

        // when
        PipelineResult thrown = Pipeline.builder()
                .stage(Stage.of("a", ctx -> new Termination.Completed()).skipWhen(throwing)).build().run("");
        PipelineResult nulled = Pipeline.builder()
                .stage(Stage.of("a", ctx -> new Termination.Completed()).skipWhen(nullReturning)).build().run("");

        // then
        assertThat(List.of(thrown, nulled)).allSatisfy(result -> assertThat(result.termination())
                .isInstanceOfSatisfying(Termination.Failed.class,
                        failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.INTERNAL)));
        assertThat(thrown.stages().getFirst().attempts()).isZero();
        assertThat(Optional.of(nulled.stages().getFirst().outcome())).contains(Outcome.FAILED);
    }
}
