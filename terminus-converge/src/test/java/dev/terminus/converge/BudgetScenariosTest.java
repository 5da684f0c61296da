package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Real runs stopped by their cycle, fact, token and time budgets. */
class BudgetScenariosTest {

    @Test
    void aRunThatNeverSettlesEndsMaxIterationsReachedAtTheCycleCap() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.counter("counter", "n"))
                .maxCycles(5)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.MaxIterationsReached(5, 5));
        assertThat(result.cycles()).isEqualTo(5);
        assertThat(result.context().value("n")).isEqualTo(5);
    }

    @Test
    void aMergeThatGrowsTheContextPastTheFactCapEndsTheRunFactBudgetExhausted() {
        // given
        List<ProposedFact> ten = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ten.add(ProposedFact.of("k" + i, i));
        }
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("flood", Trigger.always(), (context, cycle) -> Reply.propose(ten)))
                .maxFacts(5)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.of(Map.of("seed", true)));

        // then: the seed and k0..k3 fill the cap; k4 is the fact too many
        assertThat(result.termination()).isEqualTo(new Termination.FactBudgetExhausted(6, 5));
        assertThat(result.context().size()).isEqualTo(6);
    }

    @Test
    void anInitialContextOverTheFactCapEndsTheRunBeforeAnyCycle() {
        // given
        AtomicInteger calls = new AtomicInteger();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("a", Trigger.always(), (context, cycle) -> {
                    calls.incrementAndGet();
                    return Reply.nothing();
                }))
                .maxFacts(1)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.of(Map.of("x", 1, "y", 2)));

        // then
        assertThat(result.termination()).isEqualTo(new Termination.FactBudgetExhausted(2, 1));
        assertThat(result.cycles()).isZero();
        assertThat(calls).hasValue(0);
    }

    @Test
    void anAgentLoopWhoseTokensTakeTheRunPastTheBudgetEndsItTokenBudgetExhaustedAndItsFactsAreDropped() {
        // given: every model call costs 100 in and 50 out
        ScriptedModel model = ScriptedModel.builder().usage(Usage.of(100, 50))
                .text("{\"facts\": [{\"key\": \"title\", \"value\": \"Q3 report\"}]}").build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", Fixtures.loop(model)).build())
                .tokenBudget(TokenBudget.total(120))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(150, 120, TokenKind.TOTAL));
        assertThat(result.usage()).isEqualTo(Usage.of(100, 50));
        assertThat(result.context().contains("title")).isFalse();
    }

    @Test
    void aTokenCapReachedExactlyStopsTheRunBeforeTheNextAgentIsAsked() {
        // given
        AtomicInteger secondCalls = new AtomicInteger();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("first", Trigger.always(), (context, cycle) ->
                        new Reply.Propose(List.of(ProposedFact.of("a", 1)), Usage.of(15, 5))))
                .agent(ConvergenceAgent.of("second", Trigger.always(), (context, cycle) -> {
                    secondCalls.incrementAndGet();
                    return Reply.nothing();
                }))
                .tokenBudget(TokenBudget.output(5))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(5, 5, TokenKind.OUTPUT));
        assertThat(secondCalls).hasValue(0);
    }

    @Test
    void aHangingAgentIsInterruptedAtTheDeadlineAndTheRunEndsTimeBudgetExhaustedOnTime() throws Exception {
        // given
        CountDownLatch interrupted = new CountDownLatch(1);
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("quick", Map.of("x", 1)))
                .agent(ConvergenceAgent.of("stuck", Trigger.always(), (context, cycle) -> {
                    try {
                        new CountDownLatch(1).await();
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        throw e;
                    }
                    return Reply.nothing();
                }))
                .timeBudget(Duration.ofMillis(300))
                .build();

        // when
        long start = System.nanoTime();
        ConvergenceResult result = engine.run(Context.empty());
        long tookMs = (System.nanoTime() - start) / 1_000_000;

        // then
        Termination.TimeBudgetExhausted exhausted = (Termination.TimeBudgetExhausted) result.termination();
        assertThat(exhausted.limitMs()).isEqualTo(300);
        assertThat(exhausted.elapsedMs()).isBetween(300L, 1_500L);
        assertThat(tookMs).isLessThan(1_500);
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anAgentThatIgnoresInterruptsIsAbandonedAtTheDeadline() {
        // given
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ConvergenceAgent.of("deaf", Trigger.always(), (context, cycle) -> {
                    long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    return Reply.propose(ProposedFact.of("late", true));
                }))
                .timeBudget(Duration.ofMillis(200))
                .build();

        // when
        long start = System.nanoTime();
        ConvergenceResult result = engine.run(Context.empty());
        long tookMs = (System.nanoTime() - start) / 1_000_000;

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(tookMs).isLessThan(1_500);
        assertThat(result.context().contains("late")).isFalse();
    }

    @Test
    void anAgentLoopWhoseModelHangsIsInterruptedAtTheDeadline() {
        // given
        ScriptedModel model = ScriptedModel.builder().hang().build();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(ModelAgent.builder("reader", Fixtures.loop(model)).build())
                .timeBudget(Duration.ofMillis(250))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class, exhausted ->
                assertThat(exhausted.elapsedMs()).isBetween(250L, 1_500L));
    }
}
