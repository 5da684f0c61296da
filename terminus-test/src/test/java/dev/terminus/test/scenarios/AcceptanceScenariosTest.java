package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.lastUserMessage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.CriterionResult;
import dev.terminus.agent.Invariant;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.SuccessCriterion;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Success criteria, invariants and the promotion gate: what a run must pass before it may end as done. */
class AcceptanceScenariosTest {

    /** A semantic invariant: at most two tool calls in the whole run. */
    private static final Invariant AT_MOST_TWO_CALLS = Invariant.of("at-most-two-calls", InvariantClass.SEMANTIC,
            run -> run.toolCallCount() > 2 ? run.toolCallCount() + " calls" : null);

    private static SuccessCriterion mentions(String word) {
        return SuccessCriterion.of("mentions-" + word, (run, answer) -> answer != null && answer.contains(word)
                ? CriterionResult.met() : CriterionResult.notMet("mention " + word));
    }

    @Test
    void whenEveryCriterionIsMetTheRunEndsCriteriaMetNamingThem() {
        // given
        var model = ScriptedModel.builder().text("Oslo and Bergen").build();
        var agent = Agent.builder(model).criterion(mentions("Oslo")).criterion(mentions("Bergen")).build();

        // when
        RunResult result = agent.run("name two cities");

        // then
        assertThat(result).endedWith(new Termination.CriteriaMet(List.of("mentions-Oslo", "mentions-Bergen")))
                .hasIterations(1).isConsistent();
    }

    @Test
    void anUnmetCriterionSendsTheModelBackWithWhatIsMissing() {
        // given
        var model = ScriptedModel.builder().text("Oslo").text("Oslo and Bergen").recordRequests().build();
        var agent = Agent.builder(model).criterion(mentions("Oslo")).criterion(mentions("Bergen")).build();

        // when
        RunResult result = agent.run("name two cities");

        // then
        assertThat(result).endedWith(new Termination.CriteriaMet(List.of("mentions-Oslo", "mentions-Bergen")))
                .hasIterations(2).isConsistent();
        assertThat(lastUserMessage(model.requests().get(1).messages()))
                .isEqualTo("You are not done yet. Still missing:\n- mentions-Bergen: mention Bergen");
    }

    @Test
    void aCriterionBlockedOnAPersonEndsTheRunHumanInterventionRequired() {
        // given
        var model = ScriptedModel.builder().text("Draft ready").build();
        var agent = Agent.builder(model).criterion(mentions("Draft"))
                .criterion(SuccessCriterion.of("legal-sign-off", (run, answer) -> CriterionResult.blocked("LEGAL-17")))
                .build();

        // when
        RunResult result = agent.run("write the contract");

        // then
        assertThat(result).endedWith(new Termination.HumanInterventionRequired(List.of("legal-sign-off"),
                List.of("LEGAL-17"))).isConsistent();
    }

    @Test
    void aStructuralInvariantIsCheckedOnEveryModelMessage() {
        // given
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).text("the key is sk-123").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .invariant(Invariant.of("no-api-keys", InvariantClass.STRUCTURAL,
                        run -> run.transcript().getLast() instanceof Message.Assistant a && a.content().contains("sk-")
                                ? "the model wrote an API key" : null))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.InvariantViolated(InvariantClass.STRUCTURAL, "no-api-keys",
                "the model wrote an API key")).hasIterations(2).isConsistent();
    }

    @Test
    void aSemanticInvariantIsCheckedAtTheEndOfEveryIteration() {
        // given: at most two tool calls in all
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).toolCall("echo", args("x", 2))
                .toolCall("echo", args("x", 3)).text("done").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .invariant(AT_MOST_TWO_CALLS)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.InvariantViolated(InvariantClass.SEMANTIC, "at-most-two-calls",
                "3 calls")).hasIterations(3).hasToolCalls(3).isConsistent();
    }

    @Test
    void aSemanticInvariantIsCheckedAtTheEndOfTheIterationThatAnswers() {
        // given: the answer leaks what the invariant forbids; the iteration that answers is an iteration too
        var model = ScriptedModel.builder().text("the password is hunter2").build();
        var agent = Agent.builder(model)
                .invariant(Invariant.of("no-secrets", InvariantClass.SEMANTIC,
                        run -> run.transcript().getLast() instanceof Message.Assistant answer
                                && answer.content().contains("hunter2") ? "the answer holds a password" : null))
                .build();

        // when
        RunResult result = agent.run("what is the password?");

        // then
        assertThat(result).endedWith(new Termination.InvariantViolated(InvariantClass.SEMANTIC, "no-secrets",
                "the answer holds a password")).hasIterations(1).isConsistent();
    }

    @Test
    void aSemanticInvariantIsCheckedAtTheEndOfTheIterationThatSubmits() {
        // given: submitting through the final-answer tool after a third call breaks "at most two calls"
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).toolCall("echo", args("x", 2))
                .toolCalls(List.of(Map.entry("echo", args("x", 3)), Map.entry("submit", args("answer", "done"))))
                .build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().finalAnswerTool("submit").build())
                .invariant(AT_MOST_TWO_CALLS)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.InvariantViolated(InvariantClass.SEMANTIC, "at-most-two-calls",
                "3 calls")).hasIterations(3).hasToolCalls(3).isConsistent();
    }

    @Test
    void anAcceptanceInvariantIsCheckedWhenTheRunClaimsCompletion() {
        // given: the answer must come after at least one tool call
        var model = ScriptedModel.builder().text("done, trust me").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .invariant(Invariant.of("used-a-tool", InvariantClass.ACCEPTANCE,
                        run -> run.toolCallCount() == 0 ? "no tool was used" : null))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.InvariantViolated(InvariantClass.ACCEPTANCE, "used-a-tool",
                "no tool was used")).isConsistent();
    }

    @Test
    void aPromotionGateThatRejectsTheAnswerEndsTheRunPromotionRejected() {
        // given
        var model = ScriptedModel.builder().toolCall("echo", args("x", 1)).text("x".repeat(300)).build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .promotionGate((run, answer) -> answer != null && answer.length() <= 280 ? PromotionDecision.accept()
                        : PromotionDecision.reject("longer than 280 characters"))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.PromotionRejected("answer-2", "longer than 280 characters"))
                .isConsistent();
    }

    @Test
    void aPromotionGateThatAcceptsLetsTheClaimStand() {
        // given
        var model = ScriptedModel.builder().text("short").build();
        var agent = Agent.builder(model).promotionGate((run, answer) -> PromotionDecision.accept()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(result.finalAnswer()).contains("short");
    }

    @Test
    void aCriterionThatThrowsFailsTheRun() {
        // given
        var model = ScriptedModel.builder().text("done").build();
        var agent = Agent.builder(model).criterion(SuccessCriterion.of("broken", (run, answer) -> {
            throw new IllegalStateException("criterion broke");
        })).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class)
                .satisfies(failed -> assertThat(failed.error().message()).isEqualTo("criterion broke"));
    }
}
