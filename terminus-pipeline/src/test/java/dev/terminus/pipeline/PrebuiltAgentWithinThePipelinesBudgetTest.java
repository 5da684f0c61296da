package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, item 6, "Snippets that compile but do not run": a prebuilt agent (one without a budget of its own, as
 * every documented agent) runs under what remains of the pipeline's and its phase's budgets, as a child agent runs
 * under its parent's, and a run they stop ends with their figures. Every model call reports 15 tokens.
 */
class PrebuiltAgentWithinThePipelinesBudgetTest {

    /** @return a model that searches {@code times} times, each with new arguments (no guard trips), then answers */
    private static ScriptedModel spending(int times) {
        ScriptedModel.Builder model = ScriptedModel.builder();
        for (int i = 1; i <= times; i++) {
            model.toolCall("search", Map.of("query", "page " + i));
        }
        return model.text("spent").build();
    }

    private static Agent unbudgeted(ScriptedModel model) {
        return Agents.of(model, TokenBudget.UNLIMITED);
    }

    @Test
    void snippetsThatCompileButDoNotRun_aBudgetedPipelineOfAgentsWithoutBudgetsBuildsAndCompletes() {
        // given: the README's shape: a pipeline budget, agents with none
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(50_000))
                .stage(Stage.agent("search", unbudgeted(Agents.searchingThenAnswering("sources")), ctx -> "Find"))
                .stage(Stage.agent("draft", unbudgeted(ScriptedModel.builder().text("draft").build()),
                        ctx -> "Summarize " + ctx.previousAnswer().orElse("")))
                .build();

        // when
        PipelineResult result = pipeline.run("the Oslo climate");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Completed());
        assertThat(result.stage("draft").flatMap(StageResult::lastRun).flatMap(run -> run.finalAnswer()))
                .contains("draft");
        assertThat(result.usage()).isEqualTo(Usage.of(30, 15));
    }

    @Test
    void snippetsThatCompileButDoNotRun_anAgentWithoutABudgetSpendingPastWhatRemainsEndsWithThePipelinesFigures() {
        // given: 40 tokens; the first stage uses 30, so the second, an agent without a budget, runs under the 10 left
        ScriptedModel spender = spending(5);
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(40))
                .stage(Stage.agent("research", unbudgeted(Agents.searchingThenAnswering("a")), ctx -> "Go"))
                .stage(Stage.agent("write", unbudgeted(spender), ctx -> "Go"))
                .stage(Stage.of("publish", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then: stopped after its first call (15 > 10): the pipeline's 45 of 40, not the run's 15 of 10
        Termination pipelines = new Termination.TokenBudgetExhausted(45, 40, TokenKind.TOTAL);
        StageResult write = result.stage("write").orElseThrow();
        assertThat(write.termination()).isEqualTo(pipelines);
        assertThat(write.lastRun().orElseThrow().termination())
                .isEqualTo(new Termination.TokenBudgetExhausted(15, 10, TokenKind.TOTAL));
        assertThat(spender.calls()).isEqualTo(1);
        assertThat(result.termination()).isEqualTo(pipelines);
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.notRun()).containsExactly("publish");
        assertThat(result.usage().totalTokens()).isEqualTo(45);
    }

    @Test
    void snippetsThatCompileButDoNotRun_anAgentWithoutABudgetInAPhaseEndsWithThePhasesFigures() {
        // given: the phase has 40 of the pipeline's 1,000; its first stage uses 30
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(1_000))
                .phase("research", TokenBudget.total(40),
                        Stage.agent("gather", unbudgeted(Agents.searchingThenAnswering("a")), ctx -> "Go"),
                        Stage.agent("sift", unbudgeted(spending(5)), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(45, 40, TokenKind.TOTAL));
    }

    @Test
    void anAgentWhoseOwnBudgetIsAboveWhatRemainsRunsCappedByThePipelines() {
        // given: the agent may use 20 of its own, but 10 remain of the pipeline's
        ScriptedModel spender = spending(5);
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(40))
                .stage(Stage.agent("research", unbudgeted(Agents.searchingThenAnswering("a")), ctx -> "Go"))
                .stage(Stage.agent("write", Agents.of(spender, TokenBudget.total(20)), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then: it ran, and the pipeline's budget stopped it
        assertThat(spender.calls()).isEqualTo(1);
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(45, 40, TokenKind.TOTAL));
    }

    @Test
    void anAgentWhoseOwnBudgetIsBelowWhatRemainsEndsWithItsOwnFigures() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(1_000))
                .stage(Stage.agent("write", Agents.of(spending(5), TokenBudget.total(20)), ctx -> "Go"))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(30, 20, TokenKind.TOTAL));
    }

    @Test
    void aStagesBudgetBelowItsAgentsOwnCapsEachRunWithTheRunsFigures() {
        // given: the stage allows 20 per run, the agent 500
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("write", Agents.of(spending(5), TokenBudget.total(500)), ctx -> "Go")
                        .tokenBudget(TokenBudget.total(20)))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(30, 20, TokenKind.TOTAL));
    }
}
