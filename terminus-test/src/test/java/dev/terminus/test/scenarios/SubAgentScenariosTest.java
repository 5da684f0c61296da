package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** An agent offered as a tool: a real child run, bounded by its parent's time, budgets and cancel, kept in its result. */
@Timeout(30)
class SubAgentScenariosTest {

    private static ScriptedModel.Builder echoLoop(int calls, Usage usage) {
        ScriptedModel.Builder script = ScriptedModel.builder().name("child-model").usage(usage);
        for (int i = 1; i <= calls; i++) {
            script.toolCall("echo", args("x", i));
        }
        return script;
    }

    @Test
    void aChildThatSucceedsAnswersTheCallWithItsAnswerAndItsRunIsKeptInTheParents() {
        // given
        var child = Agent.builder(ScriptedModel.builder().usage(Usage.of(7, 3)).text("Paris").build())
                .name("researcher").build();
        var parentModel = ScriptedModel.builder().usage(Usage.of(10, 5))
                .toolCall("research", Map.of("task", "capital of France?")).text("It is Paris.").build();
        var parent = Agent.builder(parentModel).name("writer")
                .tool(Tools.agent("research", "Finds facts", child)).build();

        // when
        RunResult result = parent.run("write it");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(2).hasToolCalls(1)
                .isConsistent();
        assertThat(toolResults(result)).singleElement().satisfies(r -> {
            assertThat(r.content()).isEqualTo("Paris");
            assertThat(r.error()).isFalse();
        });
        assertThat(result.children()).singleElement().satisfies(c -> {
            assertThat(c.toolName()).isEqualTo("research");
            assertThat(c.iteration()).isEqualTo(1);
            assertThat(c.result().termination()).isEqualTo(new Termination.NaturalCompletion());
            assertThat(c.result().agentName()).contains("researcher");
            assertThat(c.result().usage()).isEqualTo(Usage.of(7, 3));
        });
        assertThat(result.usage()).as("the parent's usage is its tree's").isEqualTo(Usage.of(27, 13));
        assertThat(result.agentName()).contains("writer");
    }

    @Test
    void aChildThatReachesItsIterationCapFailsTheCallWithItsTerminationAndTheParentGoesOn() {
        // given
        var child = Agent.builder(echoLoop(5, Usage.of(1, 1)).build()).name("looper").tool(echo("echo"))
                .maxIterations(2).build();
        var parent = Agent.builder(ScriptedModel.builder().toolCall("delegate", Map.of("task", "loop"))
                        .text("done without it").build())
                .tool(Tools.agent("delegate", "Loops", child)).build();

        // when
        RunResult result = parent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(toolResults(result)).singleElement().satisfies(r -> {
            assertThat(r.error()).isTrue();
            assertThat(r.content()).contains("looper", "MaxIterationsReached[limit=2, iterationsUsed=2]");
        });
        assertThat(result.children()).singleElement().extracting(c -> c.result().termination())
                .isEqualTo(new Termination.MaxIterationsReached(2, 2));
    }

    @Test
    void theParentsTokenBudgetEndsTheChildMidRunAndThenTheParentWithFactsThatSumTheTree() {
        // given: the parent's budget is 100 tokens; its own call spends 15, each of the child's spends 15
        var child = Agent.builder(echoLoop(20, Usage.of(10, 5)).build()).name("spender").tool(echo("echo")).build();
        var parent = Agent.builder(ScriptedModel.builder().usage(Usage.of(10, 5))
                        .toolCall("spend", Map.of("task", "spend")).text("never").build())
                .tool(Tools.agent("spend", "Spends", child)).tokenBudget(TokenBudget.total(100)).build();

        // when
        RunResult result = parent.run("go");

        // then: the child stopped before the call that would have passed 100 + one call, then the parent stopped
        assertThat(result).endedWith(new Termination.TokenBudgetExhausted(105, 100, TokenKind.TOTAL)).isConsistent();
        assertThat(result.usage().totalTokens()).isEqualTo(105);
        ChildRun spent = result.children().getFirst();
        assertThat(spent.result().termination())
                .isEqualTo(new Termination.TokenBudgetExhausted(105, 100, TokenKind.TOTAL));
        assertThat(spent.result().usage().totalTokens()).as("the child's own share").isEqualTo(90);
        assertThat(spent.result().iterations()).hasSize(6);
    }

    @Test
    void aChildsCostCountsInTheParentsAtTheChildsOwnPrice() {
        // given
        var prices = PriceTable.builder()
                .price("parent-model", new ModelPrice(new BigDecimal("1"), BigDecimal.ZERO, new BigDecimal("2")))
                .price("child-model", new ModelPrice(new BigDecimal("10"), BigDecimal.ZERO, new BigDecimal("20")))
                .build();
        var child = Agent.builder(ScriptedModel.builder().name("child-model").usage(Usage.of(1_000_000, 0))
                .text("ok").build()).prices(prices).build();
        var parent = Agent.builder(ScriptedModel.builder().name("parent-model").usage(Usage.of(1_000_000, 0))
                        .toolCall("ask", Map.of("task", "t")).text("done").build())
                .prices(prices).tool(Tools.agent("ask", "Asks", child)).build();

        // when
        RunResult result = parent.run("go");

        // then: two parent calls at $1 and one child call at $10
        assertThat(result.children().getFirst().result().costUsd()).isEqualByComparingTo("10");
        assertThat(result.costUsd()).isEqualByComparingTo("12");
    }

    @Test
    void aGrandchildsTokensCountAtTheRootAndTheRootsBudgetStopsIt() {
        // given: root -> middle -> leaf; the root's budget is 60 tokens, every call spends 15
        var leaf = Agent.builder(echoLoop(20, Usage.of(10, 5)).build()).name("leaf").tool(echo("echo")).build();
        var middle = Agent.builder(ScriptedModel.builder().usage(Usage.of(10, 5))
                        .toolCall("leaf", Map.of("task", "dig")).text("middle done").build())
                .name("middle").tool(Tools.agent("leaf", "Digs", leaf)).build();
        var root = Agent.builder(ScriptedModel.builder().usage(Usage.of(10, 5))
                        .toolCall("middle", Map.of("task", "go")).text("root done").build())
                .name("root").tool(Tools.agent("middle", "Delegates", middle)).tokenBudget(TokenBudget.total(60))
                .build();

        // when
        RunResult result = root.run("go");

        // then: root 15 + middle 15 + leaf 2 x 15 = 60: the leaf stops before its third call
        assertThat(result).endedWith(new Termination.TokenBudgetExhausted(60, 60, TokenKind.TOTAL));
        RunResult middleRun = result.children().getFirst().result();
        RunResult leafRun = middleRun.children().getFirst().result();
        assertThat(leafRun.termination()).isEqualTo(new Termination.TokenBudgetExhausted(60, 60, TokenKind.TOTAL));
        assertThat(leafRun.usage().totalTokens()).isEqualTo(30);
        assertThat(middleRun.termination()).isEqualTo(new Termination.TokenBudgetExhausted(60, 60, TokenKind.TOTAL));
        assertThat(middleRun.usage().totalTokens()).as("its own and its child's").isEqualTo(45);
    }

    @Test
    void theParentsDeadlineEndsAHangingChildAndThenTheParent() {
        // given
        var child = Agent.builder(ScriptedModel.builder().hang().build()).name("sleeper").build();
        var parent = Agent.builder(ScriptedModel.builder().toolCall("sleep", Map.of("task", "sleep"))
                        .text("never").build())
                .tool(Tools.agent("sleep", "Sleeps", child)).timeBudget(Duration.ofMillis(300)).build();

        // when
        RunResult result = parent.run("go");

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result.children()).singleElement().satisfies(c -> {
            assertThat(c.result().termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
            var childEnd = (Termination.TimeBudgetExhausted) c.result().termination();
            assertThat(childEnd.limitMs()).as("the child's deadline is its parent's").isLessThanOrEqualTo(300);
        });
    }

    @Test
    void theParentsCancelCancelsTheChildWithTheSameRequester() throws Exception {
        // given
        var childStarted = new CountDownLatch(1);
        var parent = parentOfAHangingChild(childStarted);
        RunHandle handle = parent.start("go");
        assertThat(childStarted.await(10, TimeUnit.SECONDS)).isTrue();

        // when
        handle.cancel("operator");
        RunResult result = handle.await();

        // then
        assertThat(result).endedWith(new Termination.Cancelled("operator")).hasOutcome(Outcome.CANCELLED);
        assertThat(result.children()).singleElement().extracting(c -> c.result().termination())
                .isEqualTo(new Termination.Cancelled("operator"));
    }

    @Test
    void interruptingTheCallerOfAnInlineParentCancelsTheChildAndThenTheParent() throws Exception {
        // given
        var childStarted = new CountDownLatch(1);
        var parent = parentOfAHangingChild(childStarted);
        var outcome = new java.util.concurrent.CompletableFuture<RunResult>();
        var keptInterrupt = new java.util.concurrent.CompletableFuture<Boolean>();
        Thread caller = Thread.ofPlatform().start(() -> {
            outcome.complete(parent.run("go"));
            keptInterrupt.complete(Thread.currentThread().isInterrupted());
        });
        assertThat(childStarted.await(10, TimeUnit.SECONDS)).isTrue();

        // when
        caller.interrupt();

        // then
        RunResult result = outcome.get(10, TimeUnit.SECONDS);
        assertThat(result).endedWith(Termination.Cancelled.byThreadInterrupt());
        assertThat(result.children()).singleElement().extracting(c -> c.result().termination())
                .isEqualTo(Termination.Cancelled.byThreadInterrupt());
        assertThat(keptInterrupt.get(10, TimeUnit.SECONDS)).as("the caller keeps its interrupt").isTrue();
    }

    /** A parent whose one call runs a child whose model never answers; {@code started} counts down in the child. */
    private static Agent parentOfAHangingChild(CountDownLatch started) {
        var child = Agent.builder(ScriptedModel.builder().hang().build()).name("sleeper")
                .listener(event -> {
                    if (event instanceof AgentEvent.IterationStarted) {
                        started.countDown();
                    }
                }).build();
        return Agent.builder(ScriptedModel.builder().toolCall("sleep", Map.of("task", "sleep")).text("never").build())
                .tool(Tools.agent("sleep", "Sleeps", child)).build();
    }
}
