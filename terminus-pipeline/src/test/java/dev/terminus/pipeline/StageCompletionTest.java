package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StageCompletionTest {

    /** An application's own typed case. */
    record NeedsReview(String reviewer) implements Termination.Extension {
        @Override public String tag() { return "NeedsReview"; }
        @Override public Category category() { return Category.SUSPENDED; }
    }

    private static StageResult onlyStage(Stage stage) {
        return Pipeline.builder().stage(stage).build().run("").stages().getFirst();
    }

    @Test
    void keepingTheTerminationLeavesTheStageAsTheLoopEndedIt() {
        // when
        StageResult result = onlyStage(Stage.agent("a", Agents.answering("x"), ctx -> "Go")
                .onComplete((termination, run) -> termination));

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
    }

    @Test
    void anExtensionReplacesTheTerminationAndItsOutcomeFollows() {
        // when
        StageResult result = onlyStage(Stage.agent("a", Agents.answering("x"), ctx -> "Go")
                .onComplete((termination, run) -> new NeedsReview("legal")));

        // then
        assertThat(result.termination()).isEqualTo(new NeedsReview("legal"));
        assertThat(result.outcome()).isEqualTo(Outcome.SUSPENDED);
    }

    @Test
    void aRetryableCustomAsksForARetryAndTheCallbackJudgesEveryAttempt() {
        // given
        List<String> judged = new ArrayList<>();
        Stage stage = Stage.agent("draft", Agents.answering("TODO: write", "Dear customer"), ctx -> "Draft")
                .retryPolicy(RetryPolicy.immediate(2))
                .onComplete((termination, run) -> {
                    String answer = run.finalAnswer().orElse("");
                    judged.add(answer);
                    return answer.contains("TODO") ? Termination.Custom.of("unfinished draft", Category.RETRYABLE)
                            : termination;
                });

        // when
        StageResult result = onlyStage(stage);

        // then
        assertThat(judged).containsExactly("TODO: write", "Dear customer");
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
    }

    @Test
    void aFunctionStagesCallbackGetsNoRun() {
        // given
        List<Boolean> runs = new ArrayList<>();

        // when
        onlyStage(Stage.of("f", ctx -> new Termination.Completed()).onComplete((termination, run) -> {
            runs.add(run == null);
            return termination;
        }));

        // then
        assertThat(runs).containsExactly(true);
    }

    @Test
    void replacingWithAnotherFrameworkCaseIsADefectThatFailsTheStage() {
        // when
        StageResult result = onlyStage(Stage.agent("a", Agents.answering("x"), ctx -> "Go")
                .onComplete((termination, run) -> new Termination.Completed()));

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.INTERNAL);
            assertThat(failed.error().message()).contains("stage \"a\"").contains("returned Completed")
                    .contains("NaturalCompletion");
        });
        assertThat(result.lastRun()).isPresent();
    }

    @Test
    void aCallbackThatThrowsOrReturnsNullFailsTheStageInternal() {
        // when
        StageResult thrown = onlyStage(Stage.of("f", ctx -> new Termination.Completed())
                .onComplete((termination, run) -> {
                    throw new IllegalStateException("judge broke");
                }));
        StageResult nulled = onlyStage(Stage.of("f", ctx -> new Termination.Completed())
                .onComplete((termination, run) -> null));

        // then
        assertThat(thrown.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().message()).isEqualTo("judge broke"));
        assertThat(nulled.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().message()).contains("returned null"));
    }
}
