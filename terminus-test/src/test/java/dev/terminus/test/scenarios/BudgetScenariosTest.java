package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.lastUserMessage;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static dev.terminus.test.scenarios.Scenarios.usageOverIterations;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.scripted.ScriptedModel;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BudgetScenariosTest {

    /** A script of {@code n} echo calls with distinct arguments (so no guard trips), each reporting {@code usage}. */
    private static ScriptedModel.Builder echoCalls(int n, Usage usage) {
        ScriptedModel.Builder script = ScriptedModel.builder().usage(usage);
        for (int i = 1; i <= n; i++) {
            script.toolCall("echo", args("x", i));
        }
        return script;
    }

    @Test
    void theIterationCapEndsTheRunWithTheExactLimitAndIterationsUsed() {
        // given
        var model = echoCalls(10, Usage.of(10, 5)).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().maxIterations(3).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxIterationsReached(3, 3)).hasOutcome(Outcome.FAILED)
                .hasIterations(3).hasToolCalls(3).isConsistent();
        assertThat(model.calls()).isEqualTo(3);
        assertThat(result.usage()).isEqualTo(Usage.of(30, 15));
    }

    @Test
    void aToolCallCapOfNExecutesAtMostNEvenWhenOneAnswerAsksForMore() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("echo", args("x", 2)),
                        Map.entry("echo", args("x", 3)), Map.entry("echo", args("x", 4))))
                .text("never reached")
                .build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().maxToolCalls(2).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxToolCallsReached(2, 2)).hasIterations(1).hasToolCalls(2)
                .isConsistent();
        assertThat(calls).hasValue(2);
        String refusal = "Refused: this run's limit of 2 tool calls is reached; no more tools can run. "
                + "Answer with what you have.";
        assertThat(toolResults(result)).containsExactly(
                new Message.ToolResult("call_1", "echo", "echo:1", false),
                new Message.ToolResult("call_2", "echo", "echo:2", false),
                new Message.ToolResult("call_3", "echo", refusal, true),
                new Message.ToolResult("call_4", "echo", refusal, true));
    }

    @Test
    void theToolCallCapCountsAcrossIterations() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder()
                .toolCall("echo", args("x", 1))
                .toolCalls(List.of(Map.entry("echo", args("x", 2)), Map.entry("echo", args("x", 3))))
                .text("never reached")
                .build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().maxToolCalls(2).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxToolCallsReached(2, 2)).hasIterations(2).hasToolCalls(2)
                .isConsistent();
        assertThat(calls).hasValue(2);
        assertThat(resultOf(result, "call_3").content()).startsWith("Refused:");
    }

    @Test
    void capsSetOnTheAgentBuilderItselfEndTheRunAsACapInAConfigDoes() {
        // given
        var calls = new AtomicInteger();
        var model = echoCalls(10, Usage.of(10, 5)).build();
        var agent = Agent.builder(model).tool(echo("echo", calls)).maxIterations(5).maxToolCalls(1).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxToolCallsReached(1, 1)).hasToolCalls(1).isConsistent();
        assertThat(calls).hasValue(1);
    }

    @Test
    void aToolCallCapOfZeroRefusesEveryCall() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().maxToolCalls(0).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxToolCallsReached(0, 0)).hasToolCalls(0).isConsistent();
        assertThat(calls).hasValue(0);
        assertThat(resultOf(result, "call_1").error()).isTrue();
    }

    @Test
    void anEarlyCompletionOnTheNthCallWinsOverTheCap() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("echo", args("x", 2)),
                        Map.entry("echo", args("x", 3))))
                .build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().maxToolCalls(2).build())
                .completeWhen(run -> run.toolCallCount() == 2, CompletionCheck.AFTER_EACH_TOOL_CALL)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.CompletedEarlyAfterToolCall("echo")).hasToolCalls(2)
                .isConsistent();
        assertThat(calls).hasValue(2);
        assertThat(resultOf(result, "call_3").content()).isEqualTo("Not run: the run ended (CompletedEarlyAfterToolCall).");
    }

    @Test
    void anEarlyCompletionAfterTheRoundWinsOverTheCapReachedInThatRound() {
        // given
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("echo", args("x", 2)),
                        Map.entry("echo", args("x", 3))))
                .build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().maxToolCalls(2).build())
                .completeWhen(run -> run.toolCallCount() == 2, CompletionCheck.AFTER_TOOL_ROUND)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.CompletedEarlyAfterToolCall("echo")).hasToolCalls(2)
                .isConsistent();
        assertThat(resultOf(result, "call_3").content()).startsWith("Refused:");
    }

    @Test
    void theTotalTokenBudgetEndsTheRunBeforeTheNextIteration() {
        // given
        var model = echoCalls(10, Usage.of(10, 5)).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(30)).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.TokenBudgetExhausted(30, 30, TokenKind.TOTAL))
                .hasIterations(2).hasToolCalls(2).isConsistent();
        assertThat(result.termination().category()).isEqualTo(Category.CAPACITY);
    }

    @Test
    void theInputTokenBudgetReportsTheInputTokensConsumed() {
        // given
        var model = echoCalls(10, Usage.of(10, 5)).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().tokenBudget(TokenBudget.input(25)).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.TokenBudgetExhausted(30, 25, TokenKind.INPUT))
                .hasIterations(3).isConsistent();
        assertThat(result.usage()).isEqualTo(Usage.of(30, 15));
    }

    @Test
    void theOutputTokenBudgetReportsTheOutputTokensConsumed() {
        // given
        var model = echoCalls(10, Usage.of(10, 5)).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().tokenBudget(TokenBudget.output(10)).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.TokenBudgetExhausted(10, 10, TokenKind.OUTPUT))
                .hasIterations(2).isConsistent();
    }

    @Test
    void budgetPressureRunsExactlyOneFinalizationIterationWithoutTools() {
        // given
        var model = echoCalls(2, Usage.of(10, 20)).recordRequests().text("here is what I found").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(100)).budgetPressureThreshold(0.5).build())
                .build();

        // when
        RunResult result = agent.run("research");

        // then
        assertThat(result).endedWith(new Termination.BudgetPressure(0.5)).hasOutcome(Outcome.SUCCEEDED)
                .hasIterations(3).hasToolCalls(2).isConsistent();
        List<ModelRequest> requests = model.requests();
        assertThat(requests).hasSize(3);
        assertThat(requests.get(0).tools()).isNotEmpty();
        assertThat(requests.get(1).tools()).isNotEmpty();
        assertThat(requests.get(2).tools()).isEmpty();
        assertThat(requests.get(2).messages().getLast())
                .isEqualTo(new Message.User(AgentConfig.DEFAULT_BUDGET_PRESSURE_INSTRUCTION));
        assertThat(lastUserMessage(requests.get(1).messages())).isEqualTo("research");
        assertThat(result.finalAnswer()).contains("here is what I found");
    }

    @Test
    void aToolCallInTheFinalizationIterationIsNotRunAndTheRunStillEndsUnderPressure() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder().recordRequests().usage(Usage.of(10, 20))
                .toolCall("echo", args("x", 1)).toolCall("echo", args("x", 2)).toolCall("echo", args("x", 3))
                .text("unreachable")
                .build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(100)).budgetPressureThreshold(0.5)
                        .budgetPressureInstruction("Wrap up now.").build())
                .build();

        // when
        RunResult result = agent.run("research");

        // then
        assertThat(result).endedWith(new Termination.BudgetPressure(0.5)).hasIterations(3).hasToolCalls(2)
                .isConsistent();
        assertThat(calls).hasValue(2);
        assertThat(model.calls()).isEqualTo(3);
        assertThat(model.requests().get(2).messages().getLast()).isEqualTo(new Message.User("Wrap up now."));
        assertThat(resultOf(result, "call_3").content()).contains("is not offered now");
    }

    @Test
    void theCostBudgetReportsTheExactDecimalSpend() {
        // given
        var model = echoCalls(10, Usage.of(1000, 500)).name("priced-model").build();
        var prices = PriceTable.builder().price("priced-model", ModelPrice.of("1.25", "10.10")).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().prices(prices).costBudgetUsd(new BigDecimal("0.01")).build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then: each call costs 1000 * 1.25 / 1e6 + 500 * 10.10 / 1e6 = 0.0063 dollars
        var exhausted = assertThat(result).endedWith(Termination.CostBudgetExhausted.class).actual();
        assertThat(exhausted.spentUsd()).isEqualByComparingTo("0.0126");
        assertThat(exhausted.limitUsd()).isEqualByComparingTo("0.01");
        assertThat(result.costUsd()).isEqualByComparingTo("0.0126");
        assertThat(result).hasIterations(2).hasToolCalls(2).isConsistent();
    }

    @Test
    void costBudgetPressureAlsoStartsTheFinalizationIteration() {
        // given
        var model = ScriptedModel.builder().name("priced-model").usage(Usage.of(1000, 500)).recordRequests()
                .toolCall("echo", args("x", 1)).text("final").build();
        var prices = PriceTable.builder().price("priced-model", ModelPrice.of("1.25", "10.10")).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().prices(prices).costBudgetUsd(new BigDecimal("0.01"))
                        .budgetPressureThreshold(0.6).build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then: 0.0063 of 0.01 spent is past 0.6
        assertThat(result).endedWith(new Termination.BudgetPressure(0.6)).hasIterations(2).isConsistent();
        assertThat(model.requests().get(1).tools()).isEmpty();
        assertThat(result.costUsd()).isEqualByComparingTo("0.0126");
    }

    @Test
    void theUsageIsTheSumOverIterationsIncludingCachedAndReasoningTokens() {
        // given
        var model = ScriptedModel.builder()
                .usage(new Usage(100, 40, 30, 10)).toolCall("echo", args("x", 1))
                .usage(new Usage(120, 20, 100, 0)).text("done")
                .build();
        var agent = Agent.builder(model).tool(echo("echo")).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(result.usage()).isEqualTo(new Usage(220, 60, 130, 10)).isEqualTo(usageOverIterations(result));
        assertThat(result.iterations()).extracting(r -> r.usage())
                .containsExactly(new Usage(100, 40, 30, 10), new Usage(120, 20, 100, 0));
    }
}
