package dev.terminus.checkpoint;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Checkpoints built by hand, as a support agent pausing before a refund would leave them. */
final class SampleCheckpoints {
    private SampleCheckpoints() {}

    /** A run paused in its second iteration, before the refund of a round of two calls. */
    static Checkpoint refundPending(String gateId) {
        Map<String, @Nullable Object> refundArguments = new LinkedHashMap<>();
        refundArguments.put("order", 42);
        refundArguments.put("amount", 19.99);
        refundArguments.put("reason", "arrived broken");
        refundArguments.put("tags", List.of("priority", "damaged"));
        refundArguments.put("note", null);
        refundArguments.put("customer", Map.of("id", 9_000_000_000L));
        ToolCall lookup = new ToolCall("call_1", "lookup_order", Map.of("order", 42));
        ToolCall refund = new ToolCall("call_2", "refund", refundArguments);
        ToolCall notify = new ToolCall("call_3", "notify", Map.of("channel", "email"));
        List<Message> transcript = List.of(
                new Message.System("You are a careful support agent. Ask before refunding."),
                new Message.User("Order 42 arrived broken, I want my money back. Grüße aus Köln ☕"),
                Message.Assistant.of("", lookup),
                new Message.ToolResult("call_1", "lookup_order", "{\"status\":\"delivered\",\"total\":19.99}", false),
                new Message.ToolResult("call_0", null, "rate limited, retry later", true),
                Message.Assistant.of("The order qualifies; refunding and notifying.", refund, notify));
        var gate = new Termination.HitlGatePending(gateId, "call_2", "Call refund with {\"order\":42}", "support", 2);
        List<IterationRecord> iterations = List.of(
                new IterationRecord(1, new Usage(1_180, 96, 1_024, 32), 1, FinishReason.TOOL_CALLS,
                        Duration.ofNanos(812_345_678)));
        return new Checkpoint(Checkpoint.FORMAT_VERSION, gate, "support", "gpt-4o", "sha256:9f2c41d07e",
                refund, List.of(notify), transcript, 2, 1, new Usage(2_410, 215, 1_024, 64),
                new BigDecimal("0.012300"), iterations, Duration.ofSeconds(3, 141_592_653), 1, 0, false,
                Map.of("tenant", "acme", "config", "agents/support.yaml"));
    }

    /**
     * A writer paused at its call of a researcher agent, which paused at its own refund gate: a checkpoint of format 3
     * holding the child's.
     */
    static Checkpoint childPaused() {
        Checkpoint child = refundPending("gate-child");
        ToolCall research = new ToolCall("w_1", "research", Map.of("task", "refund order 42"));
        var gate = new Termination.HitlGatePending("gate-child", "w_1", child.gate().summary(), "support", 1);
        return new Checkpoint(Checkpoint.CHILD_FORMAT_VERSION, gate, "writer", "gpt-4o", "sha256:0b1d",
                research, List.of(), List.of(new Message.User("handle order 42"), Message.Assistant.of("", research)),
                1, 0, new Usage(2_510, 230, 1_024, 64), new BigDecimal("0.0131"), List.of(), Duration.ofSeconds(4),
                0, 0, false, Map.of(), null, List.of(), child);
    }

    /** @return the checkpoint {@link #refundPending(String)} with gate id {@code gate-7f3a} */
    static Checkpoint refundPending() {
        return refundPending("gate-7f3a");
    }

    /** The small checkpoint of {@link CheckpointJson}'s class comment. */
    static Checkpoint small() {
        ToolCall refund = new ToolCall("call_1", "refund", Map.of("order", 42));
        var gate = new Termination.HitlGatePending("gate-7", "call_1", "Call refund with {\"order\":42}", "support", 1);
        return new Checkpoint(Checkpoint.FORMAT_VERSION, gate, "support", "gpt-4o", "sha256:9f2c", refund, List.of(),
                List.of(new Message.User("Refund order 42")), 1, 0, Usage.of(120, 30), new BigDecimal("0.012300"),
                List.of(), Duration.parse("PT0.0123S"), 0, 0, false, Map.of("tenant", "acme"));
    }

    /** The JSON of {@link #small()}, as the class comment of {@link CheckpointJson} shows it. */
    static final String SMALL_JSON = """
            {
              "formatVersion": 1,
              "gate": {
                "$kind": "HitlGatePending",
                "gateId": "gate-7",
                "proposalId": "call_1",
                "summary": "Call refund with {\\"order\\":42}",
                "agentId": "support",
                "cycle": 1
              },
              "agentName": "support",
              "modelName": "gpt-4o",
              "configFingerprint": "sha256:9f2c",
              "pendingCall": {
                "id": "call_1",
                "name": "refund",
                "arguments": {
                  "order": 42
                }
              },
              "remainingCalls": [],
              "transcript": [
                {
                  "role": "user",
                  "content": "Refund order 42"
                }
              ],
              "iteration": 1,
              "toolCalls": 0,
              "usage": {
                "inputTokens": 120,
                "outputTokens": 30,
                "cachedInputTokens": 0,
                "reasoningTokens": 0
              },
              "costUsd": 0.012300,
              "iterations": [],
              "elapsed": "PT0.0123S",
              "consecutiveMistakes": 0,
              "repairsUsed": 0,
              "finalizing": false,
              "metadata": {
                "tenant": "acme"
              }
            }""";

    /** @return the checkpoint with another component */
    /**
     * The small checkpoint at a gate that waits for input (format 2): a request for an account, after an earlier
     * request of the same call answered once and declined once.
     */
    static Checkpoint askingForInput() {
        Checkpoint c = small();
        HumanInputRequest account = HumanInputRequest.of("Refund to which account?",
                Map.of("type", "object", "properties", Map.of("iban", Map.of("type", "string", "minLength", 4))),
                "mcp:payments");
        HumanInputRequest earlier = HumanInputRequest.of("Which order?", Map.of("type", "object"), "mcp:payments");
        return new Checkpoint(Checkpoint.INPUT_FORMAT_VERSION, c.gate(), c.agentName(), c.modelName(),
                c.configFingerprint(), c.pendingCall(), c.remainingCalls(), c.transcript(), c.iteration(),
                c.toolCalls(), c.usage(), c.costUsd(), c.iterations(), c.elapsed(), c.consecutiveMistakes(),
                c.repairsUsed(), c.finalizing(), c.metadata(), account,
                List.of(HumanInputAnswer.accepted(earlier, Map.of("order", 42, "rush", true)),
                        HumanInputAnswer.declined(earlier, "not now")));
    }

    /**
     * Two agents the run called as tools that ended before it paused: a ledger that answered (after a child of its
     * own), then an auditor that failed.
     */
    static List<ChildRun> endedChildren() {
        ToolCall read = new ToolCall("l_1", "read", Map.of("account", "acme"));
        RunResult reader = RunResult.builder().termination(new Termination.NaturalCompletion())
                .outcome(Outcome.SUCCEEDED).transcript(List.of(new Message.User("read acme"),
                        Message.Assistant.of("acme"))).usage(Usage.of(5, 1)).costUsd(new BigDecimal("0.0001"))
                .duration(Duration.ofMillis(3)).finalAnswer("acme").agentName("reader").build();
        RunResult ledger = RunResult.builder().termination(new Termination.NaturalCompletion())
                .outcome(Outcome.SUCCEEDED)
                .transcript(List.of(new Message.System("You read the ledger."), new Message.User("balance of acme?"),
                        Message.Assistant.of("", read), new Message.ToolResult("l_1", "read", "acme", false),
                        Message.Assistant.of("balance is 12.50")))
                .iterations(List.of(new IterationRecord(1, Usage.of(40, 8), 1, FinishReason.TOOL_CALLS,
                                Duration.ofNanos(120_000_001)),
                        new IterationRecord(2, Usage.of(55, 6), 0, FinishReason.STOP, Duration.ofNanos(90_000_002))))
                .usage(Usage.of(100, 15)).costUsd(new BigDecimal("0.000950")).toolCalls(1)
                .duration(Duration.ofNanos(215_000_003)).finalAnswer("balance is 12.50").agentName("ledger")
                .children(List.of(new ChildRun("read", 1, reader))).build();
        RunResult auditor = RunResult.builder()
                .termination(new Termination.Failed(new ErrorInfo("java.io.IOException", "audit log unreachable",
                        ErrorCategory.EXTERNAL)))
                .outcome(Outcome.FAILED).transcript(List.of(new Message.User("audit order 42")))
                .duration(Duration.ofMillis(7)).build();
        return List.of(new ChildRun("ledger", 1, ledger), new ChildRun("audit", 1, auditor));
    }

    /** @return the checkpoint with the runs of agents it called that ended before the pause */
    static Checkpoint withChildren(Checkpoint c, List<ChildRun> children) {
        return new Checkpoint(c.formatVersion(), c.gate(), c.agentName(), c.modelName(), c.configFingerprint(),
                c.pendingCall(), c.remainingCalls(), c.transcript(), c.iteration(), c.toolCalls(), c.usage(),
                c.costUsd(), c.iterations(), c.elapsed(), c.consecutiveMistakes(), c.repairsUsed(), c.finalizing(),
                c.metadata(), c.inputRequest(), c.inputAnswers(), c.child(), children);
    }

    static Checkpoint withCost(Checkpoint c, BigDecimal cost) {
        return new Checkpoint(c.formatVersion(), c.gate(), c.agentName(), c.modelName(), c.configFingerprint(),
                c.pendingCall(), c.remainingCalls(), c.transcript(), c.iteration(), c.toolCalls(), c.usage(), cost,
                c.iterations(), c.elapsed(), c.consecutiveMistakes(), c.repairsUsed(), c.finalizing(), c.metadata());
    }

    /** @return the checkpoint with another component */
    static Checkpoint withIterations(Checkpoint c, List<IterationRecord> iterations) {
        return new Checkpoint(c.formatVersion(), c.gate(), c.agentName(), c.modelName(), c.configFingerprint(),
                c.pendingCall(), c.remainingCalls(), c.transcript(), c.iteration(), c.toolCalls(), c.usage(),
                c.costUsd(), iterations, c.elapsed(), c.consecutiveMistakes(), c.repairsUsed(), c.finalizing(),
                c.metadata());
    }

    /** @return the checkpoint with another component */
    static Checkpoint withTranscript(Checkpoint c, List<Message> transcript) {
        return new Checkpoint(c.formatVersion(), c.gate(), c.agentName(), c.modelName(), c.configFingerprint(),
                c.pendingCall(), c.remainingCalls(), transcript, c.iteration(), c.toolCalls(), c.usage(), c.costUsd(),
                c.iterations(), c.elapsed(), c.consecutiveMistakes(), c.repairsUsed(), c.finalizing(), c.metadata());
    }

    /** @return the checkpoint with another component */
    static Checkpoint withPendingCall(Checkpoint c, ToolCall call) {
        return new Checkpoint(c.formatVersion(), c.gate(), c.agentName(), c.modelName(), c.configFingerprint(), call,
                c.remainingCalls(), c.transcript(), c.iteration(), c.toolCalls(), c.usage(), c.costUsd(),
                c.iterations(), c.elapsed(), c.consecutiveMistakes(), c.repairsUsed(), c.finalizing(), c.metadata());
    }
}
