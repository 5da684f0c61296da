package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Trees of agents: children in parallel, a cost budget over the tree, handoffs and children together, streaming. */
@Timeout(30)
class AgentTreeScenariosTest {

    private static Agent answering(String name, String answer, Usage usage) {
        return Agent.builder(ScriptedModel.builder().name(name + "-model").usage(usage).text(answer).build())
                .name(name).build();
    }

    @Test
    void childrenCalledInOneParallelRoundAreAllKeptAndAllTheirSpendingCounts() {
        // given
        var parent = Agent.builder(ScriptedModel.builder().usage(Usage.of(10, 5)).toolCalls(List.of(
                                Map.entry("a", Map.of("task", "one")), Map.entry("b", Map.of("task", "two")),
                                Map.entry("c", Map.of("task", "three"))))
                        .text("all done").build())
                .tool(Tools.agent("a", "A", answering("a", "A!", Usage.of(1, 1))))
                .tool(Tools.agent("b", "B", answering("b", "B!", Usage.of(2, 2))))
                .tool(Tools.agent("c", "C", answering("c", "C!", Usage.of(3, 3))))
                .config(AgentConfig.custom().parallelToolCalls(true).build())
                .timeBudget(Duration.ofSeconds(20)).build();

        // when
        RunResult result = parent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(3).isConsistent()
                .hasEveryToolCallAnsweredOnce();
        assertThat(result.children()).extracting(ChildRun::toolName).containsExactlyInAnyOrder("a", "b", "c");
        assertThat(result.usage()).isEqualTo(Usage.of(26, 16));
    }

    @Test
    void theParentsCostBudgetEndsTheTreeWithTheTreesSpending() {
        // given: the child's calls cost $1 each; the parent's budget is $2.50
        var prices = PriceTable.builder()
                .price("child-model", ModelPrice.of("1000000", "0"))
                .build();
        var child = Agent.builder(ScriptedModel.builder().name("child-model").usage(Usage.of(1, 0))
                        .toolCall("echo", args("x", 1)).toolCall("echo", args("x", 2)).toolCall("echo", args("x", 3))
                        .toolCall("echo", args("x", 4)).text("never").build())
                .prices(prices).tool(echo("echo")).build();
        var parent = Agent.builder(ScriptedModel.builder().name("free-model")
                        .toolCall("spend", Map.of("task", "spend")).text("never").build())
                .prices(PriceTable.builder().price("free-model", ModelPrice.of("0", "0")).build())
                .costBudgetUsd(new BigDecimal("2.50")).tool(Tools.agent("spend", "Spends", child)).build();

        // when
        RunResult result = parent.run("go");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.CostBudgetExhausted(new BigDecimal("3"),
                new BigDecimal("2.50")));
        assertThat(result.children().getFirst().result().termination())
                .isEqualTo(new Termination.CostBudgetExhausted(new BigDecimal("3"), new BigDecimal("2.50")));
    }

    @Test
    void aChildWithStructuredOutputAnswersItsParentWithItsTypedAnswerAsJson() {
        // given
        var child = Agent.builder(ScriptedModel.builder().text("{\"celsius\": 4}").build())
                .name("forecaster").outputValidator(new StructuredOutputScenariosTest.ForecastValidator()).build();
        var parent = Agent.builder(ScriptedModel.builder().toolCall("forecast", Map.of("task", "Paris?"))
                        .text("done").build())
                .tool(Tools.agent("forecast", "Forecasts", child)).build();

        // when
        RunResult result = parent.run("go");

        // then
        assertThat(Scenarios.toolResults(result).getFirst().content()).isEqualTo("{\"celsius\":4}");
        assertThat(result.children().getFirst().result().structuredOutput()).isPresent();
    }

    @Test
    void anAgentHandedTheRunCallsItsOwnChildrenAndTheResultKeepsThem() {
        // given
        var billing = Agent.builder(ScriptedModel.builder().callIdPrefix("billing_")
                        .toolCall("ledger", Map.of("task", "balance?")).text("balance is 0").build())
                .name("billing").tool(Tools.agent("ledger", "Reads the ledger", answering("ledger", "0", Usage.of(4, 4))))
                .build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").handoff(billing).build();

        // when
        RunResult result = triage.run("balance?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.agentName()).contains("billing");
        assertThat(result.children()).singleElement().extracting(ChildRun::toolName).isEqualTo("ledger");
    }

    @Test
    void aStreamedRunHandedOverEndsWithOneRunTerminatedCarryingTheOtherAgentsResult() {
        // given
        var billing = Agent.builder(ScriptedModel.builder().streamed("bill", "ing ", "here").build())
                .name("billing").build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").handoff(billing).build();
        List<AgentEvent> events = new ArrayList<>();

        // when
        try (RunStream stream = triage.stream("go")) {
            stream.forEach(events::add);
        }

        // then
        List<AgentEvent.RunTerminated> ends = events.stream().filter(AgentEvent.RunTerminated.class::isInstance)
                .map(AgentEvent.RunTerminated.class::cast).toList();
        assertThat(ends).singleElement().satisfies(end -> {
            assertThat(end.result().agentName()).contains("billing");
            assertThat(end.result().finalAnswer()).contains("billing here");
        });
        assertThat(events.getLast()).isInstanceOf(AgentEvent.RunTerminated.class);
        assertThat(events).filteredOn(AgentEvent.RunStarted.class::isInstance).hasSize(1);
        assertThat(events).filteredOn(AgentEvent.TextDelta.class::isInstance).hasSize(3);
    }

    @Test
    void aHandedOverRunThatHangsIsStillCutByTheRunsDeadline() {
        // given
        var billing = Agent.builder(ScriptedModel.builder().hang().build()).name("billing").build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").handoff(billing).timeBudget(Duration.ofMillis(300)).build();

        // when
        RunResult result = triage.run("go");

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result.agentName()).contains("billing");
    }

    @Test
    void aSuspendedPartHandsTheEngineTheChildrenItRanAndTheNextPartKeepsItsOwn() {
        // given
        var parent = Agent.builder(ScriptedModel.builder().toolCall("a", Map.of("task", "one"))
                        .toolCall("b", Map.of("task", "two")).text("done").build())
                .tool(Tools.agent("a", "A", answering("a", "A!", Usage.of(1, 1))))
                .tool(Tools.agent("b", "B", answering("b", "B!", Usage.of(1, 1)))).build();
        var engine = dev.terminus.agent.control.AgentEngine.of(parent);

        // when
        var first = engine.run("go", engine.newControl(), run -> run.iteration() == 1);
        var suspended = (dev.terminus.agent.control.RunStep.Suspended) first;
        var rest = engine.proceed(suspended.continuation(), engine.newControl(suspended.continuation()),
                run -> false);

        // then
        assertThat(suspended.children()).extracting(ChildRun::toolName).containsExactly("a");
        RunResult result = ((dev.terminus.agent.control.RunStep.Ended) rest).result();
        assertThat(result.children()).extracting(ChildRun::toolName).containsExactly("b");
        assertThat(result.usage()).as("the whole run's usage, children of both parts included")
                .isEqualTo(Usage.of(32, 17));
    }

    @Test
    void anAgentCalledUnderAPerToolTimeoutEndsOutOfTimeWithItsOwnResultKeptAndTheParentGoesOn() throws Exception {
        for (boolean parallel : new boolean[] {false, true}) {
            // given: a child whose model never answers, called by a parent whose tools have 2 s each
            var clock = new dev.terminus.agent.control.ManualClock();
            var inCall = new java.util.concurrent.CountDownLatch(1);
            var child = Agent.builder(request -> {
                inCall.countDown();
                clock.sleep(Duration.ofMinutes(1).toNanos());
                return dev.terminus.agent.spi.ModelResponse.text("late", Usage.of(1, 1));
            }).name("slow").clock(clock).build();
            var parent = Agent.builder(ScriptedModel.builder().toolCalls(List.of(
                                    Map.entry("slow", Map.of("task", "think")), Map.entry("echo", Map.of("x", 1))))
                            .text("went on without it").build())
                    .clock(clock).tool(Tools.agent("slow", "Thinks slowly", child)).tool(echo("echo"))
                    .config(AgentConfig.custom().parallelToolCalls(parallel).build())
                    .toolTimeout(Duration.ofSeconds(2)).build();
            var handle = parent.start("go");
            assertThat(inCall.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

            // when: the tool timeout passes
            clock.advance(Duration.ofSeconds(2));
            RunResult result = handle.await();

            // then
            assertThat(result).as("parallel: %s", parallel).endedWith(new Termination.NaturalCompletion());
            assertThat(result.children()).singleElement().satisfies(c -> assertThat(c.result().termination())
                    .isEqualTo(new Termination.TimeBudgetExhausted(2_000, 2_000)));
            assertThat(Scenarios.toolResults(result).getFirst().content()).contains("slow", "TimeBudgetExhausted");
        }
    }
    @Test
    void aCallersInterruptThatComesWhileAChildWindsDownFromItsDeadlineCancelsTheParent() throws Exception {
        // given: a parent on its caller's thread calls a child with a 50 ms budget, whose model notices the deadline's
        // interrupt but takes until it is released to answer it
        var clock = new dev.terminus.agent.control.ManualClock();
        var inCall = new java.util.concurrent.CountDownLatch(1);
        var deadlineSeen = new java.util.concurrent.CountDownLatch(1);
        var release = new java.util.concurrent.CountDownLatch(1);
        var child = Agent.builder(request -> {
            inCall.countDown();
            try {
                new java.util.concurrent.CountDownLatch(1).await();
            } catch (InterruptedException deadline) {
                deadlineSeen.countDown();
            }
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException more) {
                    // still winding down
                }
            }
            return dev.terminus.agent.spi.ModelResponse.text("late", Usage.of(1, 1));
        }).name("slow").clock(clock).config(AgentConfig.custom().timeBudget(Duration.ofMillis(50))
                .interruptGrace(Duration.ofSeconds(5)).build()).build();
        var parent = Agent.builder(ScriptedModel.builder().toolCalls(List.of(Map.entry("slow", Map.of("task", "x"))))
                        .text("went on as if nobody had cancelled").build())
                .clock(clock).tool(Tools.agent("slow", "Thinks slowly", child))
                .config(AgentConfig.custom().interruptGrace(Duration.ofSeconds(5)).build()).build();
        var result = new java.util.concurrent.CompletableFuture<RunResult>();
        var keptInterrupt = new java.util.concurrent.atomic.AtomicBoolean();
        Thread caller = Thread.ofVirtual().start(() -> {
            result.complete(parent.run("go"));
            keptInterrupt.set(Thread.currentThread().isInterrupted());
        });
        assertThat(inCall.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        clock.advance(Duration.ofMillis(50));
        assertThat(deadlineSeen.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("the child's deadline").isTrue();

        // when: the caller cancels its run by an interrupt while the child winds down, which then ends
        caller.interrupt();
        release.countDown();
        RunResult ended = result.get(10, java.util.concurrent.TimeUnit.SECONDS);
        caller.join();

        // then: the cancel is not lost in the child's deadline
        assertThat(ended).endedWith(new Termination.Cancelled(Termination.Cancelled.THREAD_INTERRUPT));
        assertThat(keptInterrupt).as("the caller keeps its interrupt").isTrue();
    }
}
