package dev.terminus.test.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * {@link RunContext#askModel}: a tool asks the run's own model (as an MCP server's sampling request does), and the
 * call counts in the run's usage, its iteration's record, its budgets and its events.
 */
class ToolAsksModelScenariosTest {

    /** A tool that asks the run's model from a thread of its own, as an MCP client's handler does. */
    private static Tool asking() {
        return Tools.of("ask", "Asks the model", Map.of("type", "object", "properties", Map.of()), (arguments, run) ->
                CompletableFuture.supplyAsync(() -> {
                    try {
                        return run.askModel(new ModelRequest(List.of(new Message.User("what is 6 x 7?")), List.of(),
                                50)).message().content();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }).join());
    }

    @Test
    void theAnswerIsTheToolsResultAndItsTokensCountInTheRunsUsageIterationAndEvents() {
        // given: 10 input and 5 output tokens per call
        List<AgentEvent.ModelCalled> calls = new CopyOnWriteArrayList<>();
        Agent agent = Agent.builder(ScriptedModel.builder().toolCall("ask", Map.of()).text("42").text("done").build())
                .config(AgentConfig.custom().name("asker").build()).tool(asking())
                .listener(event -> {
                    if (event instanceof AgentEvent.ModelCalled called) {
                        calls.add(called);
                    }
                }).build();

        // when
        RunResult result = agent.run("ask");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.transcript()).filteredOn(Message.ToolResult.class::isInstance)
                .singleElement().extracting(message -> ((Message.ToolResult) message).content()).isEqualTo("42");
        assertThat(result.usage()).isEqualTo(Usage.of(30, 15));
        assertThat(result.iterations().getFirst().usage()).isEqualTo(Usage.of(20, 10));
        assertThat(calls).hasSize(3).extracting(AgentEvent.ModelCalled::iteration).containsExactly(1, 1, 2);
    }

    @Test
    void aTokenBudgetTheAskedCallUsesUpEndsTheRunBeforeTheNextIteration() {
        // given: the run's own call uses 15 tokens of 25, the tool's call 15 more
        Agent agent = Agent.builder(ScriptedModel.builder().toolCall("ask", Map.of()).text("42").text("never").build())
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(25)).build()).tool(asking()).build();

        // when
        RunResult result = agent.run("ask");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(30, 25, TokenKind.TOTAL));
        assertThat(result.usage()).isEqualTo(Usage.of(20, 10));
    }

    @Test
    void aRunContextOfNoRunHasNoModelToAsk() {
        // given
        RunContext view = new RunContext() {
            @Override public String agentName() { return "none"; }
            @Override public int iteration() { return 0; }
            @Override public int toolCallCount() { return 0; }
            @Override public Usage usage() { return Usage.ZERO; }
            @Override public java.math.BigDecimal costUsd() { return java.math.BigDecimal.ZERO; }
            @Override public java.time.Duration elapsed() { return java.time.Duration.ZERO; }
            @Override public List<Message> transcript() { return List.of(); }
        };

        // when / then
        assertThatThrownBy(() -> view.askModel(new ModelRequest(List.of(), List.of(), null)))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("has no model to ask");
    }
}
