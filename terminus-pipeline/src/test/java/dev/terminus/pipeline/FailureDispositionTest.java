package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import org.junit.jupiter.api.Test;

class FailureDispositionTest {
    private static final Termination CAPACITY = new Termination.MaxToolCallsReached(2, 2);

    private static PipelineResult failingFirst(FailureDisposition disposition) {
        return Pipeline.builder()
                .stage(Stage.of("fails", ctx -> CAPACITY).onFailure(disposition))
                .stage(Stage.of("next", ctx -> new Termination.Completed()))
                .build().run("");
    }

    @Test
    void abortEndsThePipelineWithTheFailingStagesTermination() {
        // when
        PipelineResult result = failingFirst(FailureDisposition.ABORT);

        // then
        assertThat(result.termination()).isEqualTo(CAPACITY);
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.notRun()).containsExactly("next");
    }

    @Test
    void continueRunsTheNextStagesAndThePipelineCompletes() {
        // when
        PipelineResult result = failingFirst(FailureDisposition.CONTINUE);

        // then
        assertThat(result.stages()).extracting(StageResult::outcome).containsExactly(Outcome.FAILED, Outcome.SUCCEEDED);
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
        assertThat(result.outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void aStageTreatedAsSuccessesNeverTriggersItsDisposition() {
        // when
        PipelineResult result = Pipeline.builder()
                .stage(Stage.of("fails", ctx -> CAPACITY).treatAsSuccess(t -> t.category() == Category.CAPACITY))
                .stage(Stage.of("next", ctx -> new Termination.Completed()))
                .build().run("");

        // then
        assertThat(result.completed()).isTrue();
        assertThat(result.stage("fails").orElseThrow().termination()).isEqualTo(CAPACITY);
    }
}
