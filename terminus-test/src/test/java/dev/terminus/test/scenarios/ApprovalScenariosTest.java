package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ApprovalScenariosTest {

    private static Agent refunds(ScriptedModel model, AtomicInteger refunds, AgentConfig config) {
        return Agent.builder(model).config(config).tools(echo("refund", refunds), echo("lookup"))
                .requireApproval("refund").build();
    }

    private static ScriptedModel refundThenDone() {
        return ScriptedModel.builder().usage(Usage.of(10, 5)).toolCall("refund", args("x", 42)).text("refunded").build();
    }

    @Test
    void aCallThatNeedsApprovalPausesTheRunWithACheckpointAndDoesNotRun() {
        // given
        var refunds = new AtomicInteger();
        var agent = refunds(refundThenDone(), refunds, AgentConfig.custom().name("support").build());

        // when
        RunResult paused = agent.run("refund order 42");

        // then
        var gate = (Termination.HitlGatePending) paused.termination();
        assertThat(gate.proposalId()).isEqualTo("call_1");
        assertThat(gate.agentId()).isEqualTo("support");
        assertThat(gate.cycle()).isEqualTo(1);
        assertThat(gate.summary()).isEqualTo("Call refund with {\"x\":42}");
        assertThat(gate.gateId()).startsWith("gate-");
        assertThat(paused).hasOutcome(Outcome.SUSPENDED).hasToolCalls(0).hasIterations(1);
        assertThat(refunds).hasValue(0);
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();
        assertThat(checkpoint.gate()).isEqualTo(gate);
        assertThat(checkpoint.pendingCall()).isEqualTo(new ToolCall("call_1", "refund", Map.of("x", 42)));
        assertThat(checkpoint.usage()).isEqualTo(Usage.of(10, 5));
        assertThat(checkpoint.transcript()).isEqualTo(paused.transcript());
        assertThat(paused.finalAnswer()).isEmpty();
    }

    @Test
    void approvingRunsTheCallAndTheRunContinuesWithItsCountersCarriedOver() {
        // given
        var refunds = new AtomicInteger();
        var agent = refunds(refundThenDone(), refunds, AgentConfig.ofDefaults());
        RunResult paused = agent.run("refund order 42");
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.approve(checkpoint.gateId()));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasIterations(2).hasToolCalls(1).isConsistent();
        assertThat(refunds).hasValue(1);
        assertThat(done.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(resultOf(done, "call_1").content()).isEqualTo("refund:42");
        assertThat(done.transcript()).startsWith(paused.transcript().toArray(Message[]::new));
        assertThat(done.finalAnswer()).contains("refunded");
        assertThat(done.duration()).isGreaterThanOrEqualTo(checkpoint.elapsed());
    }

    @Test
    void rejectingAnswersTheCallWithTheReasonAndTheModelGoesOn() {
        // given
        var refunds = new AtomicInteger();
        var model = ScriptedModel.builder().toolCall("refund", args("x", 42)).text("I could not refund it")
                .recordRequests().build();
        var agent = refunds(model, refunds, AgentConfig.ofDefaults());
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.reject(checkpoint.gateId(), "over the limit"));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(0).isConsistent();
        assertThat(refunds).hasValue(0);
        assertThat(resultOf(done, "call_1")).isEqualTo(new Message.ToolResult("call_1", "refund",
                "Rejected by a person, not run: over the limit", true));
        assertThat(model.requests().getLast().messages()).contains(resultOf(done, "call_1"));
    }

    @Test
    void approvingWithEditedArgumentsRunsTheEditedCallAndTellsTheModel() {
        // given
        var refunds = new AtomicInteger();
        var agent = refunds(refundThenDone(), refunds, AgentConfig.ofDefaults());
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint,
                GateDecision.approveWithArguments(checkpoint.gateId(), Map.of("x", 7)));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(resultOf(done, "call_1").content()).isEqualTo(
                "A person approved this call with edited arguments: {\"x\":7}. Result:\nrefund:7");
    }

    @Test
    void approvingWithTheProposedArgumentsAsEditsRunsTheCallWithoutANote() {
        // given
        var refunds = new AtomicInteger();
        var agent = refunds(refundThenDone(), refunds, AgentConfig.ofDefaults());
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when: the "edit" leaves the arguments as the model proposed them
        RunResult done = agent.resume(checkpoint,
                GateDecision.approveWithArguments(checkpoint.gateId(), Map.of("x", 42)));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(resultOf(done, "call_1").content()).isEqualTo("refund:42");
    }

    @Test
    void editedArgumentsThatFailTheToolsSchemaAreAMistakeThatSaysAPersonEditedThem() {
        // given: the refund tool declares an integer x
        var refunds = new AtomicInteger();
        var refund = Tools.of("refund", "Refunds an order",
                Map.of("type", "object", "properties", Map.of("x", Map.of("type", "integer")), "required", List.of("x")),
                (arguments, run) -> "refund:" + arguments.get("x") + ":" + refunds.incrementAndGet());
        var agent = Agent.builder(refundThenDone()).tool(refund).requireApproval("refund").build();
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint,
                GateDecision.approveWithArguments(checkpoint.gateId(), Map.of("x", "seven")));

        // then: nothing ran, and the model learns the refused arguments were a person's, not its own
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(0).isConsistent();
        assertThat(refunds).hasValue(0);
        assertThat(resultOf(done, "call_1").content()).isEqualTo("A person approved this call with edited arguments:"
                + " {\"x\":\"seven\"}. Result:\nError: invalid arguments: argument \"x\" must be of type integer,"
                + " was seven");
        assertThat(resultOf(done, "call_1").error()).isTrue();
    }

    @Test
    void aCheckpointWhoseTimeBudgetRanOutWhilePausedEndsTheResumeWithoutRunningTheCall() {
        // given: a run with 30 s, paused; its checkpoint says 31 s have gone by
        var refunds = new AtomicInteger();
        var agent = refunds(refundThenDone(), refunds, AgentConfig.custom().timeBudget(Duration.ofSeconds(30)).build());
        Checkpoint paused = agent.run("go").checkpoint().orElseThrow();
        Checkpoint late = new Checkpoint(paused.formatVersion(), paused.gate(), paused.agentName(), paused.modelName(),
                paused.configFingerprint(), paused.pendingCall(), paused.remainingCalls(), paused.transcript(),
                paused.iteration(), paused.toolCalls(), paused.usage(), paused.costUsd(), paused.iterations(),
                Duration.ofSeconds(31), paused.consecutiveMistakes(), paused.repairsUsed(), paused.finalizing(),
                paused.metadata());

        // when
        RunResult done = agent.resume(late, GateDecision.approve(late.gateId()));

        // then
        assertThat(done).endedWith(Termination.TimeBudgetExhausted.class).satisfies(end -> {
            assertThat(end.limitMs()).isEqualTo(30_000);
            assertThat(end.elapsedMs()).isGreaterThanOrEqualTo(31_000);
        });
        assertThat(refunds).hasValue(0);
        assertThat(done.toolCalls()).isZero();
    }

    @Test
    void onlyCallsWhoseArgumentsMatchThePredicateNeedApproval() {
        // given: refunds above 100 need a person
        var refunds = new AtomicInteger();
        var model = ScriptedModel.builder().toolCall("refund", args("x", 50)).toolCall("refund", args("x", 500))
                .text("done").build();
        var agent = Agent.builder(model).tool(echo("refund", refunds))
                .requireApproval("refund", arguments -> ((Number) arguments.get("x")).intValue() > 100).build();

        // when
        RunResult paused = agent.run("refund both");

        // then: the small one ran, the big one waits
        assertThat(paused).endedWith(Termination.HitlGatePending.class)
                .satisfies(gate -> assertThat(gate.proposalId()).isEqualTo("call_2"));
        assertThat(refunds).hasValue(1);
        assertThat(paused).hasToolCalls(1).hasIterations(2);
    }

    @Test
    void theCallsAfterThePendingOneInTheSameRoundRunAfterTheDecision() {
        // given
        var refunds = new AtomicInteger();
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("lookup", args("x", 1)), Map.entry("refund", args("x", 2)),
                        Map.entry("lookup", args("x", 3))))
                .text("done").build();
        var agent = refunds(model, refunds, AgentConfig.ofDefaults());
        RunResult paused = agent.run("go");
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.approve(checkpoint.gateId()));

        // then
        assertThat(toolResults(paused)).extracting(Message.ToolResult::content).containsExactly("lookup:1");
        assertThat(checkpoint.remainingCalls()).extracting(ToolCall::id).containsExactly("call_3");
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(3).hasIterations(2).isConsistent();
        assertThat(toolResults(done)).extracting(Message.ToolResult::content)
                .containsExactly("lookup:1", "refund:2", "lookup:3");
        Scenarios.assertEveryCallAnsweredOnce(done);
    }

    @Test
    void budgetsCountOnFromTheCheckpointInsteadOfStartingAgain() {
        // given: two iterations at most; the pause came in the first
        var model = ScriptedModel.builder().toolCall("refund", args("x", 1)).toolCall("lookup", args("x", 2))
                .text("never reached").build();
        var agent = refunds(model, new AtomicInteger(), AgentConfig.custom().maxIterations(2).build());
        Checkpoint checkpoint = agent.run("go").checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.approve(checkpoint.gateId()));

        // then
        assertThat(done).endedWith(new Termination.MaxIterationsReached(2, 2)).hasToolCalls(2).isConsistent();
    }

    @Test
    void aRunCanPauseAgainAtTheNextGateAfterResumingAndKeepsTheCheckpointsMetadata() {
        // given
        var refunds = new AtomicInteger();
        var model = ScriptedModel.builder().toolCall("refund", args("x", 1)).toolCall("refund", args("x", 2))
                .text("done").build();
        var agent = refunds(model, refunds, AgentConfig.ofDefaults());
        Checkpoint first = agent.run("go").checkpoint().orElseThrow().withMetadata("ticket", "T-42");

        // when
        RunResult second = agent.resume(first, GateDecision.approve(first.gateId()));
        Checkpoint next = second.checkpoint().orElseThrow();
        RunResult done = agent.resume(next, GateDecision.approve(next.gateId()));

        // then
        assertThat(next.gateId()).isNotEqualTo(first.gateId());
        assertThat(next.metadata()).isEqualTo(first.metadata());
        assertThat(next.iteration()).isEqualTo(2);
        assertThat(next.toolCalls()).isEqualTo(1);
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(2).hasIterations(3).isConsistent();
        assertThat(refunds).hasValue(2);
    }

    @Test
    void aSupervisedRunWithATimeBudgetPausesAndResumesToo() {
        // given
        var refunds = new AtomicInteger();
        var agent = refunds(refundThenDone(), refunds, AgentConfig.custom().timeBudget(Duration.ofSeconds(30)).build());
        Checkpoint checkpoint = agent.run("go").checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.approve(checkpoint.gateId()));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(refunds).hasValue(1);
    }

    @Test
    void aDecisionForAnotherGateIsRefusedNamingBothGates() {
        // given
        var agent = refunds(refundThenDone(), new AtomicInteger(), AgentConfig.ofDefaults());
        Checkpoint checkpoint = agent.run("go").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> agent.resume(checkpoint, GateDecision.approve("gate-other")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the decision is for gate \"gate-other\" but the checkpoint is waiting at gate \""
                        + checkpoint.gateId() + "\"");
    }

    @Test
    void aCheckpointFromAnAgentWithOtherToolsIsRefused() {
        // given
        var agent = refunds(refundThenDone(), new AtomicInteger(), AgentConfig.ofDefaults());
        Checkpoint checkpoint = agent.run("go").checkpoint().orElseThrow();
        var other = Agent.builder(refundThenDone()).tools(echo("refund"), echo("lookup"), echo("delete"))
                .requireApproval("refund").build();

        // when / then
        assertThatThrownBy(() -> other.resume(checkpoint, GateDecision.approve(checkpoint.gateId())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the checkpoint's configFingerprint is \"" + checkpoint.configFingerprint()
                        + "\" but this agent's is \"")
                .hasMessageEndingWith("it was written by an agent of another configuration");
    }

    @Test
    void aCheckpointFromAnAgentOfAnotherNameIsRefused() {
        // given
        var agent = refunds(refundThenDone(), new AtomicInteger(), AgentConfig.ofDefaults());
        Checkpoint checkpoint = agent.run("go").checkpoint().orElseThrow();
        var other = refunds(refundThenDone(), new AtomicInteger(), AgentConfig.custom().name("billing").build());

        // when / then
        assertThatThrownBy(() -> other.resume(checkpoint, GateDecision.approve(checkpoint.gateId())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint's agentName is \"agent\" but this agent's is \"billing\": it was written by"
                        + " an agent of another configuration");
    }

    @Test
    void anApprovalForAToolTheAgentDoesNotHaveIsRefusedWhenBuilding() {
        assertThatThrownBy(() -> Agent.builder(refundThenDone()).tool(echo("lookup")).requireApproval("refund").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("requireApproval names tool \"refund\", which the agent does not have; its tools: [lookup]");
    }

    @Test
    void aResumeCancelledDuringTheApprovedCallAnswersEveryCallOfThePausedRound() {
        // given: a round of a refund (which pauses) and a lookup kept for the resume; the refund, once approved, is
        // where the caller's thread is interrupted
        var lookups = new AtomicInteger();
        var model = ScriptedModel.builder().toolCalls(List.of(Map.entry("refund", args("x", 42)),
                Map.entry("lookup", args("x", 1)))).text("refunded").build();
        var agent = Agent.builder(model).tools(echo("lookup", lookups), Tools.of("refund", "refunds", (a, run) -> {
            Thread.currentThread().interrupt();
            Thread.sleep(60_000);
            return "refunded";
        })).requireApproval("refund").build();
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult resumed;
        try {
            resumed = agent.resume(checkpoint, GateDecision.approve(checkpoint.gate().gateId()));
        } finally {
            Thread.interrupted();
        }

        // then
        assertThat(resumed).endedWith(new Termination.Cancelled(Termination.Cancelled.THREAD_INTERRUPT));
        assertThat(resumed).as("both calls of the paused round are answered").hasEveryToolCallAnsweredOnce()
                .isConsistent();
        assertThat(lookups).as("the rest of the round does not run").hasValue(0);
        assertThat(resultOf(resumed, "call_2").content()).startsWith("Not run");
    }
}
