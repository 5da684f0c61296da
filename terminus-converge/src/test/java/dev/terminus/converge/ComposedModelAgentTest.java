package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A convergence agent whose loop calls another agent as a tool, or hands its run to one. */
@Timeout(30)
class ComposedModelAgentTest {
    private static final String PAGES = "{\"facts\": [{\"key\": \"pages\", \"value\": 12}]}";

    /** A child that counts the pages: one model call of 15 tokens. */
    private static Agent pageCounter() {
        return Agent.builder(ScriptedModel.builder().name("counter-model").usage(Usage.of(10, 5)).text("12 pages").build())
                .name("page-counter").retryPolicy(RetryPolicy.none()).build();
    }

    /** A loop that asks the child, then answers the facts: two model calls of 15 tokens. */
    private static ScriptedModel asksThenAnswers() {
        return ScriptedModel.builder().name("reader-model").usage(Usage.of(10, 5)).recordRequests()
                .toolCall("count_pages", Map.of("task", "How many pages?")).text(PAGES).build();
    }

    @Test
    void aModelAgentWhoseLoopCallsAnotherAgentProposesFromItsAnswerAndTheWholeTreesTokensCount() {
        // given
        ScriptedModel readerModel = asksThenAnswers();
        Agent reader = Agent.builder(readerModel).name("reader").retryPolicy(RetryPolicy.none())
                .tool(Tools.agent("count_pages", "Counts a document's pages", pageCounter())).build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", reader).trigger(Trigger.on("document")).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.of(Map.of("document", "Q3 report")));

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(result.context().value("pages")).isEqualTo(12);
        assertThat(result.context().fact("pages").orElseThrow().provenance().agent()).isEqualTo("reader");
        assertThat(readerModel.requests().get(1).messages()).filteredOn(Message.ToolResult.class::isInstance)
                .singleElement().satisfies(answer ->
                        assertThat(((Message.ToolResult) answer).content()).isEqualTo("12 pages"));
        assertThat(result.usage()).as("the reader's two calls and its child's one").isEqualTo(Usage.of(30, 15));
    }

    @Test
    void theEnginesTokenBudgetCountsTheChildsTokensAndDropsTheTreesFacts() {
        // given: 40 tokens; the tree spends 45, 15 of them the child's
        Agent reader = Agent.builder(asksThenAnswers()).name("reader").retryPolicy(RetryPolicy.none())
                .tool(Tools.agent("count_pages", "Counts a document's pages", pageCounter())).build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", reader).build())
                .tokenBudget(TokenBudget.total(40))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(45, 40, TokenKind.TOTAL));
        assertThat(result.context().contains("pages")).isFalse();
    }

    @Test
    void theEnginesDeadlineStopsAChildInItsModelCallAndTheChildEndsWithATerminationOfItsOwn() throws Exception {
        // given: the child's model never answers
        CompletableFuture<RunResult> childEnd = new CompletableFuture<>();
        Agent stuck = Agent.builder(ScriptedModel.builder().name("stuck-model").hang().build()).name("stuck")
                .retryPolicy(RetryPolicy.none())
                .listener(event -> {
                    if (event instanceof AgentEvent.RunTerminated terminated) {
                        childEnd.complete(terminated.result());
                    }
                }).build();
        Agent reader = Agent.builder(asksThenAnswers()).name("reader").retryPolicy(RetryPolicy.none())
                .tool(Tools.agent("count_pages", "Counts a document's pages", stuck)).build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", reader).build())
                .timeBudget(Duration.ofMillis(300))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class, exhausted ->
                assertThat(exhausted.elapsedMs()).as("within the deadline plus 2 s").isBetween(300L, 2_300L));
        RunResult child = childEnd.get(5, TimeUnit.SECONDS);
        assertThat(child.termination().isSuccess()).isFalse();
        assertThat(child.termination()).isInstanceOfAny(Termination.TimeBudgetExhausted.class,
                Termination.Cancelled.class);
    }

    @Test
    void aModelAgentWhoseLoopHandsItsRunToAnotherAgentProposesThatAgentsAnswer() {
        // given
        Agent extractor = Agent.builder(ScriptedModel.builder().name("extractor-model").callIdPrefix("extractor_")
                        .usage(Usage.of(10, 5)).text(PAGES).build())
                .name("extractor").retryPolicy(RetryPolicy.none()).build();
        Agent triage = Agent.builder(ScriptedModel.builder().name("triage-model").usage(Usage.of(10, 5))
                        .toolCall("transfer_to_extractor", Map.of()).text("never").build())
                .name("triage").retryPolicy(RetryPolicy.none()).handoff(extractor).build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", triage).trigger(Trigger.on("document")).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.of(Map.of("document", "Q3 report")));

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(result.context().value("pages")).isEqualTo(12);
        assertThat(result.usage()).as("both agents' calls").isEqualTo(Usage.of(20, 10));
    }
}
