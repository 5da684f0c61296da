package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputNeeded;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link Agent#approve}, {@link Agent#reject} and {@link Agent#answer}: a paused run continued in one call, the gate
 * id taken from the checkpoint.
 */
class GateInOneCallScenariosTest {
    private static final HumanInputRequest WHICH_ACCOUNT = HumanInputRequest.of("Refund to which account?",
            Map.of("type", "object", "properties", Map.of("iban", Map.of("type", "string")), "required",
                    List.of("iban")), "payments");

    private static Agent approvalAgent(ScriptedModel model, AtomicInteger refunds) {
        return Agent.builder(model).tools(echo("refund", refunds)).requireApproval("refund").build();
    }

    /** Asks a person for the account, then refunds to it. */
    private static Tool askingRefund() {
        return Tools.of("refund", "Refunds an order", (arguments, run) -> {
            HumanInputAnswer answer = run.humanInput(WHICH_ACCOUNT)
                    .orElseThrow(() -> new HumanInputNeeded(WHICH_ACCOUNT));
            return answer.answered().map(account -> "refunded " + arguments.get("x") + " to " + account.get("iban"))
                    .orElse("not refunded: " + answer.declinedBecause());
        });
    }

    private static ScriptedModel refundThenDone() {
        return ScriptedModel.builder().toolCall("refund", args("x", 42)).text("done").recordRequests().build();
    }

    @Test
    void approveRunsThePendingCallAndTheRunCompletes() {
        // given
        var refunds = new AtomicInteger();
        var agent = approvalAgent(refundThenDone(), refunds);
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.approve(checkpoint);

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(refunds).hasValue(1);
        assertThat(resultOf(done, "call_1").content()).isEqualTo("refund:42");
    }

    @Test
    void rejectLeavesTheCallUnrunAndTheModelReadsTheReason() {
        // given
        var refunds = new AtomicInteger();
        var model = refundThenDone();
        var agent = approvalAgent(model, refunds);
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.reject(checkpoint, "over the limit");

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(0).isConsistent();
        assertThat(refunds).hasValue(0);
        assertThat(model.requests().getLast().messages()).contains(new Message.ToolResult("call_1", "refund",
                "Rejected by a person, not run: over the limit", true));
    }

    @Test
    void answerHandsTheContentToTheToolThatAskedForIt() {
        // given
        var agent = Agent.builder(refundThenDone()).tools(askingRefund()).build();
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.answer(checkpoint, Map.of("iban", "DE89"));

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(resultOf(done, "call_1").content()).isEqualTo("refunded 42 to DE89");
    }

    @Test
    void rejectAtAGateThatWaitsForInputDeclinesAndTheToolLearnsWhy() {
        // given
        var agent = Agent.builder(refundThenDone()).tools(askingRefund()).build();
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when
        RunResult done = agent.reject(checkpoint, "ask the customer");

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(resultOf(done, "call_1").content()).isEqualTo("not refunded: ask the customer");
    }

    @Test
    void approveAtAGateThatWaitsForInputIsRefusedNamingWhatTheGateWaitsFor() {
        // given
        var agent = Agent.builder(refundThenDone()).tools(askingRefund()).build();
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> agent.approve(checkpoint))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gate \"" + checkpoint.gateId() + "\" waits for a person's input")
                .hasMessageContaining("not for approval");
    }

    @Test
    void answerAtAnApprovalGateIsRefusedNamingWhatTheGateWaitsFor() {
        // given
        var refunds = new AtomicInteger();
        var agent = approvalAgent(refundThenDone(), refunds);
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> agent.answer(checkpoint, Map.of("iban", "DE89")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gate \"" + checkpoint.gateId() + "\" waits for approval of a call to \"refund\"")
                .hasMessageContaining("not for input");
        assertThat(refunds).hasValue(0);
    }

    @Test
    void anAnswerThatDoesNotMatchTheRequestedSchemaIsRefusedNamingTheProperty() {
        // given
        var agent = Agent.builder(refundThenDone()).tools(askingRefund()).build();
        Checkpoint checkpoint = agent.run("refund order 42").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> agent.answer(checkpoint, Map.of("account", "DE89")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("missing required argument \"iban\"");
    }

    @Test
    void aNullCheckpointIsRefusedNamingIt() {
        // given
        var agent = approvalAgent(refundThenDone(), new AtomicInteger());

        // when / then
        assertThatThrownBy(() -> agent.approve(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("checkpoint must not be null");
        assertThatThrownBy(() -> agent.reject(null, "no")).isInstanceOf(NullPointerException.class)
                .hasMessage("checkpoint must not be null");
        assertThatThrownBy(() -> agent.answer(null, Map.of())).isInstanceOf(NullPointerException.class)
                .hasMessage("checkpoint must not be null");
    }
}
