package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.CompactionStrategies;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.CompactionStrategy;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.TokenEstimator;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactionScenariosTest {

    /** One token per message: sizes in these tests are message counts. */
    private static final TokenEstimator ONE_PER_MESSAGE = messages -> messages.size();

    private static ScriptedModel fiveToolRoundsThenDone() {
        var builder = ScriptedModel.builder().recordRequests();
        for (int i = 1; i <= 5; i++) {
            builder.toolCall("echo", args("x", i));
        }
        return builder.text("done").build();
    }

    private static Compaction.Builder window(long tokens) {
        return Compaction.custom().estimator(ONE_PER_MESSAGE).contextWindow("scripted", tokens);
    }

    @Test
    void aTranscriptReachingTheThresholdIsCompactedBeforeTheModelCallKeepingPromptTaskAndPairs() {
        // given: a window of 10 messages, compaction at 8 down to 5
        var model = fiveToolRoundsThenDone();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(dev.terminus.agent.AgentConfig.custom().systemPrompt("be brief").build())
                .compaction(window(10).threshold(0.8).target(0.5).build()).build();

        // when
        RunResult result = agent.run("count");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(5).isConsistent();
        for (var request : model.requests()) {
            assertThat(request.messages().size()).as("messages sent").isLessThan(8);
            assertThat(request.messages().get(0)).isEqualTo(new Message.System("be brief"));
            assertThat(request.messages().get(1)).isEqualTo(new Message.User("count"));
            if (request.messages().size() > 2) {
                assertThat(request.messages().get(2)).isInstanceOf(Message.Assistant.class);
            }
        }
        assertThat(model.requests().getLast().messages()).hasSize(4);
        Scenarios.assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aPromptTheProviderRefusesIsCompactedAndRetriedOnce() {
        // given: the provider refuses the fourth call once
        var model = ScriptedModel.builder().recordRequests().toolCall("echo", args("x", 1)).toolCall("echo", args("x", 2))
                .fail(new ModelException.ContextLengthExceeded(9L, 8L, "too long", null)).text("done").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .compaction(Compaction.custom().estimator(ONE_PER_MESSAGE).build()).build();

        // when
        RunResult result = agent.run("count");

        // then: the retry got the compacted transcript: the task and the last turn
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(3).isConsistent();
        List<Message> retried = model.requests().getLast().messages();
        assertThat(retried).hasSize(3);
        assertThat(retried.get(0)).isEqualTo(new Message.User("count"));
    }

    @Test
    void aPromptStillRefusedAfterCompactionEndsTheRunPromptTooLong() {
        // given
        var tooLong = new ModelException.ContextLengthExceeded(900L, 800L, "too long", null);
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).fail(tooLong).fail(tooLong).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .compaction(Compaction.custom().estimator(ONE_PER_MESSAGE).build()).build();

        // when
        RunResult result = agent.run("count");

        // then
        assertThat(result).endedWith(new Termination.PromptTooLong(900L, 800L)).isConsistent();
        assertThat(model.calls()).isEqualTo(3);
    }

    @Test
    void withoutCompactionARefusedPromptEndsTheRunPromptTooLongAtOnce() {
        // given
        var model = ScriptedModel.builder().fail(new ModelException.ContextLengthExceeded(900L, 800L, "too long", null))
                .build();

        // when
        RunResult result = Agent.builder(model).build().run("count");

        // then
        assertThat(result).endedWith(new Termination.PromptTooLong(900L, 800L));
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void aStrategyThatFailsEndsTheRunCompactionFailedWithItsReason() {
        // given
        CompactionStrategy broken = request -> {
            throw new IllegalStateException("summarizer unavailable");
        };
        var model = fiveToolRoundsThenDone();
        var agent = Agent.builder(model).tool(echo("echo"))
                .compaction(window(6).strategy(broken).threshold(0.5).target(0.5).build()).build();

        // when
        RunResult result = agent.run("count");

        // then
        assertThat(result).endedWith(Termination.CompactionFailed.class)
                .satisfies(end -> assertThat(end.reason()).endsWith("failed: summarizer unavailable"));
        assertThat(result).isConsistent();
    }

    @Test
    void aTranscriptThatCannotBeMadeSmallEnoughEndsTheRunPromptTooLong() {
        // given: a window of 2 messages cannot hold even the task and the last turn
        var model = fiveToolRoundsThenDone();
        var agent = Agent.builder(model).tool(echo("echo")).compaction(window(2).threshold(1.0).target(1.0).build())
                .build();

        // when
        RunResult result = agent.run("count");

        // then
        assertThat(result).endedWith(new Termination.PromptTooLong(3L, 2L)).isConsistent();
    }

    @Test
    void summarizingReplacesOlderTurnsWithTheSummaryAndCountsTheSummarizersTokens() {
        // given
        var summarizer = ScriptedModel.builder().usage(Usage.of(100, 20)).text("echoed 1 to 3").thenRepeatLast()
                .build();
        var model = fiveToolRoundsThenDone();
        var agent = Agent.builder(model).tool(echo("echo"))
                .compaction(window(10).strategy(CompactionStrategies.summarizeOlderTurns(summarizer, 1))
                        .threshold(0.8).target(0.5).build())
                .build();

        // when
        RunResult result = agent.run("count");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(summarizer.calls()).isPositive();
        List<Message> last = model.requests().getLast().messages();
        assertThat(last.get(1)).isInstanceOfSatisfying(Message.User.class,
                user -> assertThat(user.content()).endsWith("echoed 1 to 3"));
        assertThat(result.usage().inputTokens()).isGreaterThanOrEqualTo(100L * summarizer.calls());
    }

    @Test
    void aSummaryThatUsesUpTheTokenBudgetEndsTheRunBeforeAnotherModelCall() {
        // given: the summarizer's 120 tokens take the run past its budget of 150 during compaction
        var summarizer = ScriptedModel.builder().usage(Usage.of(100, 20)).text("echoed 1 to 3").thenRepeatLast()
                .build();
        var model = fiveToolRoundsThenDone();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(150)).build())
                .compaction(window(10).strategy(CompactionStrategies.summarizeOlderTurns(summarizer, 1))
                        .threshold(0.8).target(0.5).build())
                .build();

        // when
        RunResult result = agent.run("count");

        // then: no model call is made with the budget used up
        assertThat(result).endedWith(Termination.TokenBudgetExhausted.class);
        assertThat(result).isConsistent();
        assertThat(summarizer.calls()).isEqualTo(1);
        assertThat(model.requests()).hasSize(result.iterations().size() - 1);
        assertThat(result.usage().totalTokens()).isGreaterThanOrEqualTo(150);
    }
}
