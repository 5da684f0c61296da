package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import org.junit.jupiter.api.Test;

class StageTest {

    @Test
    void aNewStageHasNoRetriesNoBudgetAndAbortsOnFailure() {
        // when
        Stage stage = Stage.agent("research", Agents.answering("x"), ctx -> "Go");

        // then
        assertThat(stage.name()).isEqualTo("research");
        assertThat(stage.retryPolicy().maxRetries()).isZero();
        assertThat(stage.tokenBudget()).isEqualTo(TokenBudget.UNLIMITED);
        assertThat(stage.failureDisposition()).isEqualTo(FailureDisposition.ABORT);
        assertThat(stage.runsAgent()).isTrue();
        assertThat(Stage.of("f", ctx -> new Termination.Completed()).runsAgent()).isFalse();
    }

    @Test
    void withMethodsReturnACopyAndLeaveTheOriginalAsItWas() {
        // given
        Stage original = Stage.budgetedAgent("draft", budget -> Agents.answering("x"), ctx -> "Go");

        // when
        Stage changed = original.retryPolicy(RetryPolicy.immediate(2)).onFailure(FailureDisposition.CONTINUE)
                .tokenBudget(TokenBudget.total(9));

        // then
        assertThat(changed.retryPolicy().maxRetries()).isEqualTo(2);
        assertThat(changed.failureDisposition()).isEqualTo(FailureDisposition.CONTINUE);
        assertThat(changed.tokenBudget()).isEqualTo(TokenBudget.total(9));
        assertThat(original.retryPolicy().maxRetries()).isZero();
        assertThat(original.failureDisposition()).isEqualTo(FailureDisposition.ABORT);
        assertThat(changed).hasToString("Stage[draft, agent, retries=2, onFailure=CONTINUE, tokenBudget=total 9]");
    }

    @Test
    void badValuesAreRefusedNamingThem() {
        Stage stage = Stage.of("s", ctx -> new Termination.Completed());
        assertThatThrownBy(() -> Stage.of(" ", ctx -> new Termination.Completed()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("stage name must not be blank, was \" \"");
        assertThatThrownBy(() -> stage.retryPolicy(RetryPolicy.immediate(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("RetryPolicy.maxRetries must be >= 0, was -1");
        assertThatThrownBy(() -> stage.onFailure(null))
                .isInstanceOf(NullPointerException.class).hasMessage("onFailure must not be null");
        assertThatThrownBy(() -> stage.skipWhen(null))
                .isInstanceOf(NullPointerException.class).hasMessage("skipPolicy must not be null");
        assertThatThrownBy(() -> Stage.agent("a", null, ctx -> "Go"))
                .isInstanceOf(NullPointerException.class).hasMessage("agent must not be null");
        assertThatThrownBy(() -> Stage.of("f", null))
                .isInstanceOf(NullPointerException.class).hasMessage("function must not be null");
    }

    @Test
    void aFunctionStageCannotHaveATokenBudget() {
        assertThatThrownBy(() -> Stage.of("f", ctx -> new Termination.Completed()).tokenBudget(TokenBudget.total(5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stage \"f\" runs a function");
    }

    @Test
    void treatAsSuccessConditionsAddUp() {
        // given
        Stage stage = Stage.of("f", ctx -> new Termination.MaxToolCallsReached(3, 3))
                .treatAsSuccess(Termination.MaxIterationsReached.class)
                .treatAsSuccess(termination -> termination instanceof Termination.MaxToolCallsReached);

        // when
        PipelineResult result = Pipeline.builder().stage(stage).build().run("");

        // then
        assertThat(result.stages().getFirst().outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(result.stages().getFirst().termination()).isEqualTo(new Termination.MaxToolCallsReached(3, 3));
    }

    @Test
    void aTreatAsSuccessConditionThatThrowsFailsTheStage() {
        // given
        Stage stage = Stage.of("f", ctx -> new Termination.Completed()).treatAsSuccess(termination -> {
            throw new IllegalStateException("bad predicate");
        });

        // when
        PipelineResult result = Pipeline.builder().stage(stage).build().run("");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().message()).isEqualTo("bad predicate"));
    }
}
