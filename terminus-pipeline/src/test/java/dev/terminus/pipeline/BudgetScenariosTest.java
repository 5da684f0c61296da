package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Stages drawing their tokens from the pipeline's and their phase's budgets, with real agent runs. */
class BudgetScenariosTest {

    @Test
    void aStageGetsOnlyWhatRemainsOfThePipelinesBudgetAndRunningOutEndsThePipeline() {
        // given: 40 tokens; the first stage uses 30 (two calls), the second is given the 10 left
        Agents.Budgeted first = new Agents.Budgeted(Agents.searchingThenAnswering("sources"));
        Agents.Budgeted second = new Agents.Budgeted(Agents.searchingThenAnswering("never reached"));
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(40))
                .stage(Stage.budgetedAgent("research", first, ctx -> "Research"))
                .stage(Stage.budgetedAgent("write", second, ctx -> "Write"))
                .stage(Stage.of("publish", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(first.given).containsExactly(TokenBudget.total(40));
        assertThat(second.given).containsExactly(TokenBudget.total(10));
        StageResult write = result.stage("write").orElseThrow();
        assertThat(write.termination()).isEqualTo(new Termination.TokenBudgetExhausted(15, 10, TokenKind.TOTAL));
        assertThat(result.termination()).isEqualTo(write.termination());
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.notRun()).containsExactly("publish");
        assertThat(result.usage()).isEqualTo(Usage.of(30, 15));
    }

    @Test
    void aStageThatWouldStartWithNothingLeftEndsThePipelineWhateverItsDisposition() {
        // given
        Agents.Budgeted last = new Agents.Budgeted(Agents.searchingThenAnswering("never"));
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(30))
                .stage(Stage.budgetedAgent("research", new Agents.Budgeted(Agents.searchingThenAnswering("a")),
                        ctx -> "Research"))
                .stage(Stage.budgetedAgent("write", last, ctx -> "Write").onFailure(FailureDisposition.CONTINUE))
                .stage(Stage.of("publish", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        Termination exhausted = new Termination.TokenBudgetExhausted(30, 30, TokenKind.TOTAL);
        StageResult write = result.stage("write").orElseThrow();
        assertThat(write.termination()).isEqualTo(exhausted);
        assertThat(write.attempts()).isZero();
        assertThat(last.given).isEmpty();
        assertThat(result.termination()).isEqualTo(exhausted);
        assertThat(result.notRun()).containsExactly("publish");
    }

    @Test
    void aStagesOwnBudgetCapsItsRunBelowWhatRemains() {
        // given
        Agents.Budgeted agent = new Agents.Budgeted(ScriptedModel.builder().text("ok").build());
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(1_000))
                .stage(Stage.budgetedAgent("small", agent, ctx -> "Go").tokenBudget(TokenBudget.total(100).withOutput(20)))
                .build();

        // when
        pipeline.run("");

        // then
        assertThat(agent.given).containsExactly(TokenBudget.total(100).withOutput(20));
    }

    @Test
    void aPhaseBudgetLimitsItsStagesWithinThePipelines() {
        // given: the phase has 20 tokens; its first stage uses 15, so its second gets 5; the stage after the phase
        // draws from the pipeline's 985 left
        Agents.Budgeted one = new Agents.Budgeted(ScriptedModel.builder().text("one").build());
        Agents.Budgeted two = new Agents.Budgeted(ScriptedModel.builder().text("two").build());
        Agents.Budgeted three = new Agents.Budgeted(ScriptedModel.builder().text("three").build());
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(1_000))
                .phase("research", TokenBudget.total(20),
                        Stage.budgetedAgent("one", one, ctx -> "Go"), Stage.budgetedAgent("two", two, ctx -> "Go"))
                .stage(Stage.budgetedAgent("three", three, ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(one.given).containsExactly(TokenBudget.total(20));
        assertThat(two.given).containsExactly(TokenBudget.total(5));
        assertThat(three.given).containsExactly(TokenBudget.total(970));
        assertThat(result.stages()).extracting(StageResult::phase)
                .containsExactly(Optional.of("research"), Optional.of("research"), Optional.empty());
        assertThat(result.completed()).isTrue();
    }

    @Test
    void anExhaustedPhaseEndsThePipelineWithThePhasesFigures() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .phase("research", TokenBudget.total(15),
                        Stage.budgetedAgent("one", new Agents.Budgeted(ScriptedModel.builder().text("a").build()),
                                ctx -> "Go"),
                        Stage.budgetedAgent("two", new Agents.Budgeted(ScriptedModel.builder().text("b").build()),
                                ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(15, 15, TokenKind.TOTAL));
    }

    @Test
    void aFactoryThatIgnoresItsBudgetFailsTheAttemptAsConfiguration() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(100))
                .stage(Stage.budgetedAgent("sloppy", budget -> Agents.answering("x"), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.CONFIGURATION);
            assertThat(failed.error().message()).contains("sloppy").contains("total 100").contains("unlimited");
        });
    }

    @Test
    void functionStagesDrawNoTokensAndRunWhenTheBudgetIsSpent() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(15))
                .stage(Stage.budgetedAgent("spend", new Agents.Budgeted(ScriptedModel.builder().text("a").build()),
                        ctx -> "Go"))
                .stage(Stage.of("tidy", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.stage("tidy").orElseThrow().termination()).isEqualTo(new Termination.Completed());
        assertThat(result.completed()).isTrue();
    }
}
