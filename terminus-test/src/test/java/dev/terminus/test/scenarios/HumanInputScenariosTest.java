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
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputNeeded;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A tool that asks a person for input ({@link HumanInputNeeded}): the run pauses, a person answers, the call is made again. */
class HumanInputScenariosTest {
    private static final Map<String, Object> ACCOUNT_SCHEMA = Map.of("type", "object",
            "properties", Map.of("iban", Map.of("type", "string", "minLength", 4)), "required", List.of("iban"));
    private static final HumanInputRequest WHICH_ACCOUNT =
            HumanInputRequest.of("Refund to which account?", ACCOUNT_SCHEMA, "payments");
    private static final HumanInputRequest WHICH_REASON =
            HumanInputRequest.of("Why the refund?", Map.of("type", "object"), "payments");

    /** Asks for the account, then does the refund with it; counts how often it was entered. */
    private static Tool refund(AtomicInteger entered) {
        return Tools.of("refund", "Refunds an order", Map.of("type", "object"), (arguments, run) -> {
            entered.incrementAndGet();
            HumanInputAnswer answer = run.humanInput(WHICH_ACCOUNT).orElseThrow(() -> new HumanInputNeeded(WHICH_ACCOUNT));
            return answer.answered().map(account -> "refunded " + arguments.get("x") + " to " + account.get("iban"))
                    .orElse("not refunded: " + answer.declinedBecause());
        });
    }

    private static ScriptedModel refundThenDone() {
        return ScriptedModel.builder().usage(Usage.of(10, 5)).toolCall("refund", args("x", 42)).text("done").build();
    }

    private static Agent agent(ScriptedModel model, Tool... tools) {
        return Agent.builder(model).config(AgentConfig.custom().name("support").build()).tools(tools).build();
    }

    @Test
    void aToolThatAsksForInputPausesTheRunAtAGateWhoseSummaryIsTheQuestion() {
        // given
        var entered = new AtomicInteger();
        var agent = agent(refundThenDone(), refund(entered));

        // when
        RunResult paused = agent.run("refund order 42");

        // then
        var gate = (Termination.HitlGatePending) paused.termination();
        assertThat(gate.summary()).isEqualTo("Refund to which account?");
        assertThat(gate.proposalId()).isEqualTo("call_1");
        assertThat(paused).hasOutcome(Outcome.SUSPENDED).hasToolCalls(0).hasIterations(1);
        assertThat(toolResults(paused)).isEmpty(); // the call's result comes when the run resumes
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();
        assertThat(checkpoint.formatVersion()).isEqualTo(Checkpoint.INPUT_FORMAT_VERSION);
        assertThat(checkpoint.inputRequest()).isEqualTo(WHICH_ACCOUNT);
        assertThat(checkpoint.inputAnswers()).isEmpty();
        assertThat(checkpoint.pendingCall()).isEqualTo(new ToolCall("call_1", "refund", Map.of("x", 42)));
        assertThat(entered).hasValue(1);
    }

    @Test
    void answeringMakesTheCallAgainWithTheAnswerAndTheRunGoesOn() {
        // given
        var entered = new AtomicInteger();
        var agent = agent(refundThenDone(), refund(entered));
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.answer(checkpoint.gateId(), Map.of("iban", "DE89")));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).hasIterations(2)
                .isConsistent();
        assertThat(resultOf(done, "call_1").content()).isEqualTo("refunded 42 to DE89");
        assertThat(done.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(entered).hasValue(2);
        Scenarios.assertEveryCallAnsweredOnce(done);
    }

    @Test
    void decliningMakesTheCallAgainAndTheToolLearnsWhy() {
        // given
        var entered = new AtomicInteger();
        var agent = agent(refundThenDone(), refund(entered));
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.reject(checkpoint.gateId(), "ask the customer"));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(resultOf(done, "call_1").content()).isEqualTo("not refunded: ask the customer");
    }

    @Test
    void aToolThatAsksTwiceIsResumedTwiceAndKeepsTheFirstAnswer() {
        // given
        Tool twice = Tools.of("refund", "Refunds", Map.of("type", "object"), (arguments, run) -> {
            String iban = run.humanInput(WHICH_ACCOUNT).orElseThrow(() -> new HumanInputNeeded(WHICH_ACCOUNT))
                    .answered().orElseThrow().get("iban").toString();
            String why = run.humanInput(WHICH_REASON).orElseThrow(() -> new HumanInputNeeded(WHICH_REASON))
                    .answered().orElseThrow().get("why").toString();
            return iban + " because " + why;
        });
        var agent = agent(refundThenDone(), twice);
        Checkpoint first = agent.run("refund").checkpoint().orElseThrow();

        // when
        RunResult again = agent.resume(first, GateDecision.answer(first.gateId(), Map.of("iban", "DE89")));
        Checkpoint second = again.checkpoint().orElseThrow();
        RunResult done = agent.resume(second, GateDecision.answer(second.gateId(), Map.of("why", "damaged")));

        // then
        assertThat(again).endedWith(Termination.HitlGatePending.class)
                .satisfies(gate -> assertThat(gate.summary()).isEqualTo("Why the refund?"));
        assertThat(second.gateId()).isNotEqualTo(first.gateId());
        assertThat(second.inputRequest()).isEqualTo(WHICH_REASON);
        assertThat(second.inputAnswers()).containsExactly(HumanInputAnswer.accepted(WHICH_ACCOUNT,
                Map.of("iban", "DE89")));
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(resultOf(done, "call_1").content()).isEqualTo("DE89 because damaged");
    }

    @Test
    void anAnswerThatDoesNotMatchTheRequestedSchemaIsRefusedBeforeAnythingRuns() {
        // given
        var entered = new AtomicInteger();
        var agent = agent(refundThenDone(), refund(entered));
        Checkpoint checkpoint = agent.run("refund").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> agent.resume(checkpoint, GateDecision.answer(checkpoint.gateId(), Map.of("iban", 7))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the answer to gate \"" + checkpoint.gateId()
                        + "\" does not match the schema it asked for: ")
                .hasMessageContaining("iban");
        assertThat(entered).hasValue(1);
    }

    @Test
    void anApprovalAtAGateThatWaitsForInputIsRefusedNamingTheQuestion() {
        // given
        var agent = agent(refundThenDone(), refund(new AtomicInteger()));
        Checkpoint checkpoint = agent.run("refund").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> agent.resume(checkpoint, GateDecision.approve(checkpoint.gateId())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gate \"" + checkpoint.gateId() + "\" waits for a person's input (\"Refund to which"
                        + " account?\"), not for approval: answer it (agent.answer, GateDecision.answer) or decline"
                        + " it (agent.reject, GateDecision.reject), not with Approve");
    }

    @Test
    void anAnswerAtAnApprovalGateIsRefused() {
        // given
        var agent = Agent.builder(refundThenDone()).tools(echo("refund")).requireApproval("refund").build();
        Checkpoint checkpoint = agent.run("refund").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> agent.resume(checkpoint, GateDecision.answer(checkpoint.gateId(), Map.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gate \"" + checkpoint.gateId() + "\" waits for approval of a call to \"refund\", not for"
                        + " input: approve, approve with arguments or reject it");
    }

    @Test
    void theCallsAfterTheOneThatAskedRunAfterTheAnswer() {
        // given
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("lookup", args("x", 1)), Map.entry("refund", args("x", 2)),
                        Map.entry("lookup", args("x", 3))))
                .text("done").build();
        var lookups = new AtomicInteger();
        var agent = agent(model, refund(new AtomicInteger()), echo("lookup", lookups));
        RunResult paused = agent.run("go");
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.answer(checkpoint.gateId(), Map.of("iban", "DE89")));

        // then
        assertThat(toolResults(paused)).extracting(Message.ToolResult::content).containsExactly("lookup:1");
        assertThat(checkpoint.remainingCalls()).extracting(ToolCall::id).containsExactly("call_3");
        assertThat(toolResults(done)).extracting(Message.ToolResult::content)
                .containsExactly("lookup:1", "refunded 2 to DE89", "lookup:3");
        assertThat(done).hasToolCalls(3).isConsistent();
        assertThat(lookups).hasValue(2);
        Scenarios.assertEveryCallAnsweredOnce(done);
    }

    @Test
    void inAParallelRoundTheFirstCallToAskPausesTheRunAndTheOthersKeepTheirResults() {
        // given
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("lookup", args("x", 1)), Map.entry("refund", args("x", 2)),
                        Map.entry("refund", args("x", 3))))
                .text("done").build();
        var agent = Agent.builder(model).config(AgentConfig.custom().parallelToolCalls(true).build())
                .tools(refund(new AtomicInteger()), echo("lookup")).build();

        // when
        RunResult paused = agent.run("go");
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();
        RunResult done = agent.resume(checkpoint, GateDecision.answer(checkpoint.gateId(), Map.of("iban", "DE89")));

        // then: call_2 waits for the answer; call_3, which asked too, is answered as not completed
        assertThat(checkpoint.pendingCall().id()).isEqualTo("call_2");
        assertThat(toolResults(paused)).extracting(Message.ToolResult::toolCallId).containsExactly("call_1", "call_3");
        assertThat(resultOf(paused, "call_3").content()).isEqualTo("Not completed: the run ended (HitlGatePending).");
        assertThat(resultOf(done, "call_2").content()).isEqualTo("refunded 2 to DE89");
        assertThat(done).endedWith(new Termination.NaturalCompletion()).isConsistent();
        Scenarios.assertEveryCallAnsweredOnce(done);
    }
}
