package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A run handed from one agent to another: the same run goes on with the other's prompt, tools and limits. */
class HandoffScenariosTest {

    @Test
    void aHandoffGoesOnWithTheOtherAgentsPromptToolsAndModelAndTheResultNamesIt() {
        // given
        var billingModel = ScriptedModel.builder().name("billing-model").callIdPrefix("billing_").recordRequests().usage(Usage.of(20, 10))
                .toolCall("refund", args("x", 1)).text("Refunded.").build();
        var billing = Agent.builder(billingModel).name("billing").systemPrompt("You handle billing.")
                .tool(echo("refund")).build();
        var triageModel = ScriptedModel.builder().name("triage-model").recordRequests()
                .toolCall("transfer_to_billing", Map.of()).text("never").build();
        var triage = Agent.builder(triageModel).name("triage").systemPrompt("Route the customer.")
                .handoff(billing).build();

        // when
        RunResult result = triage.run("I want my money back");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(3).hasToolCalls(2)
                .isConsistent().hasEveryToolCallAnsweredOnce();
        assertThat(result.agentName()).contains("billing");
        assertThat(result.finalAnswer()).contains("Refunded.");
        assertThat(result.usage()).as("the run's totals, both agents'").isEqualTo(Usage.of(50, 25));
        assertThat(triageModel.calls()).isEqualTo(1);
        var firstForBilling = billingModel.requests().getFirst();
        assertThat(firstForBilling.messages().getFirst()).isEqualTo(new Message.System("You handle billing."));
        assertThat(firstForBilling.messages()).contains(new Message.User("I want my money back"));
        assertThat(firstForBilling.tools()).extracting(ToolSpec::name).containsExactly("refund");
        assertThat(result.transcript().getFirst()).isEqualTo(new Message.System("You handle billing."));
        assertThat(toolResults(result).getFirst().content()).startsWith("Transferred to billing");
    }

    @Test
    void theOtherAgentsIterationCapAppliesToTheRunsTotals() {
        // given: triage uses two iterations; billing's cap of 3 leaves it one
        var billing = Agent.builder(ScriptedModel.builder().callIdPrefix("billing_").toolCall("refund", args("x", 1))
                        .toolCall("refund", args("x", 2)).text("never").build())
                .name("billing").tool(echo("refund")).maxIterations(3).build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("lookup", args("x", 1))
                        .toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").tool(echo("lookup")).handoff(billing).build();

        // when
        RunResult result = triage.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxIterationsReached(3, 3)).hasIterations(3).isConsistent();
        assertThat(result.agentName()).contains("billing");
    }

    @Test
    void atTheBoundNoTransferIsOfferedAndACallOfOneIsRefusedAsAMistake() {
        // given: two agents that hand the run to each other, at most once
        var backRef = new AtomicReference<Agent>();
        var secondModel = ScriptedModel.builder().callIdPrefix("second_").recordRequests()
                .toolCall("transfer_to_first", Map.of()).text("second answers").build();
        var second = Agent.builder(secondModel).name("second")
                .handoff("first", null, backRef::get).build();
        var first = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_second", Map.of()).build())
                .name("first").handoff(second).maxHandoffs(1).build();
        backRef.set(first);

        // when
        RunResult result = first.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(result.agentName()).contains("second");
        assertThat(secondModel.requests().getFirst().tools()).as("no handoff left to offer").isEmpty();
        assertThat(toolResults(result).getLast().error()).isTrue();
        assertThat(toolResults(result).getLast().content()).contains("transfer_to_first");
    }

    @Test
    void twoAgentsHandTheRunBackAndForthWithinTheBound() {
        // given
        var backRef = new AtomicReference<Agent>();
        var second = Agent.builder(ScriptedModel.builder().callIdPrefix("second_")
                        .toolCall("transfer_to_first", Map.of()).build())
                .name("second").handoff("first", "Back to the first", backRef::get).build();
        var first = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_second", Map.of())
                        .text("first again, and done").build())
                .name("first").handoff(second).build();
        backRef.set(first);

        // when
        RunResult result = first.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(3).hasToolCalls(2);
        assertThat(result.agentName()).contains("first");
        assertThat(result.finalAnswer()).contains("first again, and done");
    }

    @Test
    void aSecondTransferInTheSameAnswerIsRefusedAndTheFirstWins() {
        // given
        var billing = Agent.builder(ScriptedModel.builder().text("billing here").build()).name("billing").build();
        var sales = Agent.builder(ScriptedModel.builder().text("sales here").build()).name("sales").build();
        var triage = Agent.builder(ScriptedModel.builder().toolCalls(List.of(
                        Map.entry("transfer_to_billing", Map.<String, Object>of()),
                        Map.entry("transfer_to_sales", Map.<String, Object>of()))).build())
                .name("triage").handoff(billing).handoff(sales).build();

        // when
        RunResult result = triage.run("go");

        // then
        assertThat(result.agentName()).contains("billing");
        assertThat(result.finalAnswer()).contains("billing here");
        assertThat(toolResults(result)).hasSize(2);
        assertThat(toolResults(result).get(1).error()).isTrue();
        assertThat(toolResults(result).get(1).content()).contains("one handoff per answer");
    }

    @Test
    void aStartedRunHandedOverIsAwaitedToTheOtherAgentsEnd() throws Exception {
        // given
        var billing = Agent.builder(ScriptedModel.builder().text("billing here").build()).name("billing").build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").handoff(billing).build();

        // when
        RunResult result = triage.start("go").await();

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.agentName()).contains("billing");
    }

    @Test
    void aGateAfterAHandoffIsResumedThroughTheFirstAgentWhichFindsTheAgentThatHoldsTheRun() {
        // given
        var refunds = new java.util.concurrent.atomic.AtomicInteger();
        var billing = Agent.builder(ScriptedModel.builder().callIdPrefix("billing_")
                        .toolCall("refund", args("x", 42)).text("refunded").build())
                .name("billing").tool(echo("refund", refunds)).requireApproval("refund").build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").handoff(billing).build();
        RunResult paused = triage.run("refund 42");

        // when
        RunResult done = triage.approve(paused.checkpoint().orElseThrow()
                .withMetadata("ticket", "T-1"));

        // then
        assertThat(paused.checkpoint().orElseThrow().agentName()).isEqualTo("billing");
        assertThat(done).endedWith(new Termination.NaturalCompletion());
        assertThat(done.agentName()).contains("billing");
        assertThat(refunds).hasValue(1);
    }

    @Test
    void aRunThatUsedItsHandoffsAndPausedResumesWithoutThemAndNotRefusedForItsShape() {
        // given: the bound is one handoff, used; billing then pauses at a gate
        var refunds = new java.util.concurrent.atomic.AtomicInteger();
        var backRef = new AtomicReference<Agent>();
        var billing = Agent.builder(ScriptedModel.builder().callIdPrefix("billing_").recordRequests()
                        .toolCall("refund", args("x", 42)).text("refunded").build())
                .name("billing").tool(echo("refund", refunds)).requireApproval("refund")
                .handoff("triage", null, backRef::get).build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").handoff(billing).maxHandoffs(1).build();
        backRef.set(triage);
        RunResult paused = triage.run("refund 42");

        // when
        RunResult done = triage.approve(paused.checkpoint().orElseThrow());

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion());
        assertThat(refunds).hasValue(1);
        assertThat(done.agentName()).contains("billing");
    }

    @Test
    void anEngineSuspendsAHandedOverRunAndProceedsWithTheAgentThatHoldsIt() {
        // given
        var billing = Agent.builder(ScriptedModel.builder().callIdPrefix("billing_")
                        .toolCall("refund", args("x", 1)).text("billing done").build())
                .name("billing").tool(echo("refund")).build();
        var triage = Agent.builder(ScriptedModel.builder().toolCall("transfer_to_billing", Map.of()).build())
                .name("triage").handoff(billing).build();
        var engine = dev.terminus.agent.control.AgentEngine.of(triage);
        java.util.function.Predicate<dev.terminus.agent.RunContext> always = run -> true;

        // when
        var step = engine.run("go", engine.newControl(), always);
        int parts = 1;
        var holders = new java.util.ArrayList<String>();
        while (step instanceof dev.terminus.agent.control.RunStep.Suspended(var continuation, var children)) {
            assertThat(parts).as("a bounded number of parts").isLessThan(10);
            holders.add(continuation.agentName());
            step = engine.proceed(continuation, engine.newControl(continuation), always);
            parts++;
        }

        // then
        RunResult result = ((dev.terminus.agent.control.RunStep.Ended) step).result();
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(3);
        assertThat(result.agentName()).contains("billing");
        // the first iteration's handoff goes on at once; the agent that then holds the run is suspended after its own
        assertThat(parts).isEqualTo(2);
        assertThat(holders).containsExactly("billing");
    }
}
