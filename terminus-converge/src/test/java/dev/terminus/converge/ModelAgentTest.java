package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Diagnostic;
import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Agent loops with scripted models as convergence agents. */
class ModelAgentTest {

    @Test
    void anAgentLoopAnsweringJsonFactsProposesThemAndItsTokensCount() {
        // given
        ScriptedModel model = ScriptedModel.builder().recordRequests()
                .text("```json\n{\"facts\": [{\"key\": \"title\", \"value\": \"Q3 report\", \"confidence\": 0.9},"
                        + " {\"key\": \"pages\", \"value\": 12}]}\n```")
                .text("{\"facts\": []}")
                .build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", Fixtures.loop(model)).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.of(Map.of("document", "Q3 report, 12 pages")));

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(result.context().fact("title").orElseThrow().provenance()).isEqualTo(new Provenance("reader", 1, 0.9));
        assertThat(result.context().value("pages")).isEqualTo(12);
        assertThat(result.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(model.requests().getFirst().messages().getLast().content()).isEqualTo(
                "Facts so far: {\"document\":\"Q3 report, 12 pages\"}\n\n" + ModelAgent.DEFAULT_INSTRUCTIONS);
    }

    @Test
    void anAgentLoopAnsweringWithARefusalEndsTheRunAgentRefusedWithTheConvergenceAgentsName() {
        // given
        ScriptedModel model = ScriptedModel.builder().text("I cannot help with that.", FinishReason.REFUSAL).build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", Fixtures.loop(model)).trigger(Trigger.once())
                        .task(context -> "Read it").build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.AgentRefused("reader", "refusal"));
        assertThat(result.usage()).isEqualTo(Usage.of(10, 5));
    }

    @Test
    void anAgentLoopWhoseRunFailsEndsTheRunWithItsFailure() {
        // given: the provider fails with a 503 and the loop does not retry
        ScriptedModel model = ScriptedModel.builder().serverError(503).build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", Fixtures.loop(model)).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed ->
                assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL));
    }

    @Test
    void anAgentLoopStoppedByItsOwnCapEndsTheRunWithThatTerminationTypedAndTheResultNamesTheAgent() {
        // given: the loop may run one iteration, and the model keeps calling a tool
        ScriptedModel model = ScriptedModel.builder().toolCall("search", Map.of()).thenRepeatLast().build();
        Agent agent = Agent.builder(model)
                .config(AgentConfig.custom().maxIterations(1).retryPolicy(RetryPolicy.none()).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "nothing"))
                .build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", agent).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then: the loop's cap of 1 iteration, not the engine's cap of 100 cycles
        assertThat(result.termination()).isEqualTo(new Termination.MaxIterationsReached(1, 1));
        assertThat(result.stoppedBy()).contains("reader");
        assertThat(result.cycles()).isEqualTo(1);
        assertThat(result.usage()).isEqualTo(Usage.of(10, 5));
    }

    @Test
    void anAgentLoopOutOfItsTokenBudgetEndsTheRunTokenBudgetExhaustedWithTheLoopsFigures() {
        // given: each answer costs 15 tokens and the loop may spend 20
        ScriptedModel model = ScriptedModel.builder().toolCall("search", Map.of()).thenRepeatLast().build();
        Agent agent = Agent.builder(model)
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(20)).retryPolicy(RetryPolicy.none()).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "nothing"))
                .build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", agent).build())
                .tokenBudget(TokenBudget.total(1_000))
                .build();
        Termination.TokenBudgetExhausted loops = (Termination.TokenBudgetExhausted) agent.run("alone").termination();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(loops);
        assertThat(loops.limit()).isEqualTo(20);
        assertThat(result.stoppedBy()).contains("reader");
    }

    @Test
    void anAgentLoopThatPausesAtItsOwnApprovalGateEndsTheRunFailedConfigurationNamingTheAgentAndTheFix() {
        // given: the loop's tool needs a person's approval, which the engine cannot resume
        ScriptedModel model = ScriptedModel.builder().toolCall("publish", Map.of("title", "Q3")).build();
        Agent agent = Agent.builder(model)
                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build())
                .tool(Tools.of("publish", "Publishes", (arguments, run) -> "published"))
                .requireApproval("publish")
                .build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("publisher", agent).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.CONFIGURATION);
            assertThat(failed.error().message())
                    .startsWith("the agent loop of agent \"publisher\" paused at its approval gate gate-")
                    .endsWith("which cannot be resumed through the convergence engine: build the loop without"
                            + " requireApproval, and gate the fact's key with the engine's gatedKeys instead");
        });
        assertThat(result.pause()).isEmpty();
        assertThat(result.stoppedBy()).contains("publisher");
    }

    @Test
    void anAgentLoopEndingUnderBudgetPressureWithAnAnswerProposesItsFacts() {
        // given: two tool rounds take the loop past half its budget, then it answers in its finalization iteration
        ScriptedModel model = ScriptedModel.builder().usage(Usage.of(10, 20))
                .toolCall("search", Map.of()).toolCall("search", Map.of())
                .text("{\"facts\": [{\"key\": \"pages\", \"value\": 12}]}")
                .build();
        Agent agent = Agent.builder(model)
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(100)).budgetPressureThreshold(0.5)
                        .retryPolicy(RetryPolicy.none()).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "nothing"))
                .build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", agent).trigger(Trigger.once()).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(result.context().value("pages")).isEqualTo(12);
        assertThat(result.stoppedBy()).isEmpty();
    }

    @Test
    void anAnswerThatIsNotFactsEndsTheRunSchemaValidationFailedWithEveryViolation() {
        // given
        String answer = "{\"facts\": [{\"value\": 1}, {\"key\": \"a\", \"value\": 1, \"confidence\": 3},"
                + " {\"key\": \"b\"}, 7, {\"key\": \"c\", \"value\": 1}, {\"key\": \"c\", \"value\": 2}]}";
        ScriptedModel model = ScriptedModel.builder().text(answer).build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", Fixtures.loop(model)).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.SchemaValidationFailed(new Diagnostic(answer, List.of(
                new Diagnostic.Violation("$.facts[0].key", "expected a non-blank string"),
                new Diagnostic.Violation("$.facts[1].confidence", "expected a number in [0, 1]"),
                new Diagnostic.Violation("$.facts[2].value", "is missing"),
                new Diagnostic.Violation("$.facts[3]", "expected an object"),
                new Diagnostic.Violation("$.facts[5].key", "\"c\" is proposed twice")))));
    }

    @Test
    void anAnswerThatIsNotJsonIsRefusedAtTheRoot() {
        // given
        ScriptedModel model = ScriptedModel.builder().text("The total is 12.").build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", Fixtures.loop(model)).build())
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.SchemaValidationFailed.class, failed ->
                assertThat(failed.diagnostic().violations()).extracting(Diagnostic.Violation::path).containsExactly("$"));
    }
}
