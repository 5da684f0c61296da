package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A stage whose agent calls another agent as a tool: the child runs within the stage, its budget, and its result. */
@Timeout(30)
class ComposedAgentStageTest {

    /** A child that calls its echo tool {@code calls} times at 15 tokens a call, then answers. */
    private static Agent spender(int calls) {
        ScriptedModel.Builder model = ScriptedModel.builder().name("child-model").usage(Usage.of(10, 5));
        for (int i = 1; i <= calls; i++) {
            model.toolCall("echo", Map.of("x", i));
        }
        return Agent.builder(model.text("spent").build()).name("spender")
                .tool(Tools.of("echo", "Echoes", (arguments, run) -> String.valueOf(arguments))).build();
    }

    /** A parent that calls the child once (15 tokens), then answers (15 tokens). */
    private static Agent delegating(Agent child, TokenBudget budget) {
        return Agent.builder(ScriptedModel.builder().name("parent-model").usage(Usage.of(10, 5))
                        .toolCall("spend", Map.of("task", "spend")).text("delegated").build())
                .name("delegator").tool(Tools.agent("spend", "Spends", child)).tokenBudget(budget).build();
    }

    @Test
    void anAgentStageWhoseAgentCallsAnotherRunsTheChildAndKeepsItsResultAndSpendingInTheStages() {
        // given: the child makes two calls and answers (45 tokens); the parent's two calls spend 30
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.agent("delegate", delegating(spender(2), TokenBudget.UNLIMITED), ctx -> "Go"))
                .stage(Stage.of("after", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.outcome()).isEqualTo(Outcome.SUCCEEDED);
        StageResult stage = result.stage("delegate").orElseThrow();
        assertThat(stage.termination()).isEqualTo(new Termination.NaturalCompletion());
        RunResult run = stage.lastRun().orElseThrow();
        assertThat(run.finalAnswer()).contains("delegated");
        assertThat(run.children()).singleElement().satisfies((ChildRun child) -> {
            assertThat(child.toolName()).isEqualTo("spend");
            assertThat(child.result().agentName()).contains("spender");
            assertThat(child.result().termination()).isEqualTo(new Termination.NaturalCompletion());
            assertThat(child.result().finalAnswer()).contains("spent");
            assertThat(child.result().usage()).isEqualTo(Usage.of(30, 15));
        });
        assertThat(stage.usage()).as("the stage's usage is its run's tree's").isEqualTo(Usage.of(50, 25));
        assertThat(result.usage()).isEqualTo(Usage.of(50, 25));
    }

    @Test
    void thePipelinesBudgetGivenToAComposedStageEndsTheChildMidRunAndThenTheStage() {
        // given: 100 tokens for the pipeline; the parent's call spends 15, then each of the child's 15
        var child = spender(20);
        Pipeline pipeline = Pipeline.builder()
                .tokenBudget(TokenBudget.total(100))
                .stage(Stage.budgetedAgent("delegate", budget -> delegating(child, budget), ctx -> "Go"))
                .stage(Stage.of("after", ctx -> new Termination.Completed()))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then: the child stopped at the call that passed 100, the parent at its next iteration
        Termination exhausted = new Termination.TokenBudgetExhausted(105, 100, TokenKind.TOTAL);
        StageResult stage = result.stage("delegate").orElseThrow();
        assertThat(stage.termination()).isEqualTo(exhausted);
        assertThat(stage.lastRun().orElseThrow().children()).singleElement().satisfies(spent -> {
            assertThat(spent.result().termination()).isEqualTo(exhausted);
            assertThat(spent.result().usage().totalTokens()).as("the child's own share").isEqualTo(90);
        });
        assertThat(result.termination()).isEqualTo(exhausted);
        assertThat(result.notRun()).containsExactly("after");
        assertThat(result.usage().totalTokens()).isEqualTo(105);
    }
}
