package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.assertEveryCallAnsweredOnce;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Invariant;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** An invariant or the promotion gate ends a run with the application's own termination; a framework case is refused. */
class GuardEndScenariosTest {

    /** The application's own case. */
    record PolicyBreach(String rule) implements Termination.Extension {
        @Override public String tag() { return "PolicyBreach"; }
        @Override public Category category() { return Category.FATAL; }
    }

    /** The application's own case of a person to ask. */
    record NeedsLegalReview(String answer) implements Termination.Extension {
        @Override public String tag() { return "NeedsLegalReview"; }
        @Override public Category category() { return Category.SUSPENDED; }
    }

    /** Iteration 1 calls echo twice (x=1, x=2); iteration 2 answers "done". */
    private static ScriptedModel echoTwiceThenDone() {
        return ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("echo", args("x", 2))))
                .text("done").build();
    }

    /** A structural invariant violated by any answer with tool calls. */
    private static Invariant noToolCalls() {
        return Invariant.of("no-tool-calls", InvariantClass.STRUCTURAL,
                run -> run.transcript().getLast() instanceof Message.Assistant answer && !answer.toolCalls().isEmpty()
                        ? "the model called a tool" : null);
    }

    /** An invariant that is always violated and ends the run with the given termination. */
    private static Invariant alwaysViolated(String name, InvariantClass when, Termination end) {
        return new Invariant() {
            @Override public String name() { return name; }
            @Override public InvariantClass invariantClass() { return when; }
            @Override public @Nullable String violation(RunContext run) { return "always"; }
            @Override public Termination termination(RunContext run, String reason) { return end; }
        };
    }

    @Test
    void aStructuralInvariantEndsTheRunWithTheApplicationsCaseAndTheAnswersCallsAreAnswered() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo", calls))
                .invariant(noToolCalls().endingWith(PolicyBreach::new)).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new PolicyBreach("the model called a tool")).hasIterations(1).hasToolCalls(0)
                .isConsistent();
        assertThat(calls).hasValue(0);
        assertThat(resultOf(result, "call_1").content()).isEqualTo("Not run: the run ended (PolicyBreach).");
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aSemanticInvariantEndsTheRunWithACustomTermination() {
        // given
        var custom = new Termination.Custom("ledger closed", Map.of("calls", 2), Category.FATAL);
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .invariant(Invariant.of("at-most-one-call", InvariantClass.SEMANTIC,
                        run -> run.toolCallCount() > 1 ? "two calls" : null).endingWith(reason -> custom))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(custom).hasIterations(1).hasToolCalls(2).isConsistent();
    }

    @Test
    void anAcceptanceInvariantEndsAClaimWithTheApplicationsCase() {
        // given
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .invariant(Invariant.of("said-please", InvariantClass.ACCEPTANCE, run -> "no please")
                        .endingWith(PolicyBreach::new))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new PolicyBreach("no please")).hasIterations(2).isConsistent();
    }

    @Test
    void anInvariantEndingTheRunWithAFrameworkCaseFailsItNamingTheInvariantAndTheCase() {
        // given
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .invariant(alwaysViolated("liar", InvariantClass.SEMANTIC, new Termination.NaturalCompletion()))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class).satisfies(failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.INTERNAL);
            assertThat(failed.error().message()).isEqualTo("the termination of invariant \"liar\" (SEMANTIC), when"
                    + " not its own InvariantViolated, must be an application's own case (a Termination.Extension or"
                    + " a Termination.Custom), was NaturalCompletion[]: the framework's cases are the loop's to"
                    + " report");
        });
        assertThat(result).hasIterations(1).isConsistent();
    }

    @Test
    void aStructuralInvariantRefusedItsCaseFailsTheRunAndTheAnswersCallsAreStillAnswered() {
        // given
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .invariant(alwaysViolated("liar", InvariantClass.STRUCTURAL, new Termination.MaxToolCallsReached(0, 0)))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class)
                .satisfies(failed -> assertThat(failed.error().message()).contains("invariant \"liar\" (STRUCTURAL)")
                        .contains("was MaxToolCallsReached[limit=0, toolCallsUsed=0]"));
        assertThat(result).hasToolCalls(0).isConsistent();
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: the run ended (Failed).");
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void anInvariantMayNotEndTheRunAsAnotherInvariant() {
        // given
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .invariant(alwaysViolated("mine", InvariantClass.SEMANTIC,
                        new Termination.InvariantViolated(InvariantClass.SEMANTIC, "someone-else", "always")))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class)
                .satisfies(failed -> assertThat(failed.error().message()).contains("invariant \"mine\" (SEMANTIC)")
                        .contains("was InvariantViolated[invariantClass=SEMANTIC, name=someone-else"));
    }

    @Test
    void thePromotionGateEndsAClaimWithTheApplicationsCase() {
        // given
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .promotionGate((run, answer) -> PromotionDecision.end(new NeedsLegalReview(answer)))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new NeedsLegalReview("done")).hasIterations(2).hasOutcome(Outcome.SUSPENDED)
                .isConsistent();
    }
}
