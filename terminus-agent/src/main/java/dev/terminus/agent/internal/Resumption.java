package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.Continuation;
import dev.terminus.agent.spi.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Pausing at a human-approval gate and resuming: what a checkpoint holds, and whether a checkpoint and a decision
 * fit the agent asked to resume them.
 *
 * <p>An agent's configuration fingerprint covers what a paused transcript depends on: the agent's name, the model,
 * the tools offered (names and argument schemas, in any order), the final-answer tool, the tools that need approval and the
 * structured output's schema. Budgets and guards are not part of it: they may be changed between pause and resume,
 * and count on from the checkpoint's figures.
 */
public final class Resumption {

    private Resumption() {}

    /**
     * Refuses a decision for another gate, or a checkpoint from an agent of another name, model or configuration.
     *
     * @param spec the agent asked to resume
     * @param checkpoint the checkpoint
     * @param decision the decision
     * @throws IllegalArgumentException naming what does not match, and both values
     */
    public static void check(AgentSpec spec, Checkpoint checkpoint, GateDecision decision) {
        if (!decision.gateId().equals(checkpoint.gateId())) {
            throw new IllegalArgumentException("the decision is for gate \"" + decision.gateId()
                    + "\" but the checkpoint is waiting at gate \"" + checkpoint.gateId() + "\"");
        }
        sameAgent(spec, "checkpoint", checkpoint.agentName(), checkpoint.modelName(), checkpoint.configFingerprint());
        if (!spec.tools().containsKey(checkpoint.pendingCall().name())) {
            throw new IllegalArgumentException("the checkpoint's pending call is to tool \""
                    + checkpoint.pendingCall().name() + "\", which this agent does not have");
        }
        Checkpoint child = checkpoint.child();
        if (child != null) { // the decision is the child's to take: it must fit the child's gate and agent
            if (!(spec.tools().get(checkpoint.pendingCall().name()) instanceof SubAgentTool tool)) {
                throw new IllegalArgumentException("the checkpoint's pending call to \""
                        + checkpoint.pendingCall().name() + "\" waits for an agent, but this agent's tool of that name"
                        + " runs no agent");
            }
            check(tool.agent(), child, decision);
            return;
        }
        HumanInputRequest asked = checkpoint.inputRequest();
        if (asked == null && decision instanceof GateDecision.Answer) {
            throw new IllegalArgumentException("gate \"" + checkpoint.gateId() + "\" waits for approval of a call to \""
                    + checkpoint.pendingCall().name() + "\", not for input: approve, approve with arguments or reject"
                    + " it");
        }
        if (asked != null && decision instanceof GateDecision.Answer(String gateId, var content)) {
            String problem = ArgumentCheck.problem(asked.requestedSchema(), content);
            if (problem != null) {
                throw new IllegalArgumentException("the answer to gate \"" + checkpoint.gateId()
                        + "\" does not match the schema it asked for: " + problem);
            }
        }
        if (asked != null && (decision instanceof GateDecision.Approve
                || decision instanceof GateDecision.ApproveWithArguments)) {
            throw notAnInput(checkpoint, decision);
        }
    }

    /** @return the refusal of an approval at a gate that waits for a person's input */
    static IllegalArgumentException notAnInput(Checkpoint checkpoint, GateDecision decision) {
        return new IllegalArgumentException("gate \"" + checkpoint.gateId() + "\" waits for a person's input (\""
                + java.util.Objects.requireNonNull(checkpoint.inputRequest()).message() + "\"), not for approval: "
                + "answer it (agent.answer, GateDecision.answer) or decline it (agent.reject, GateDecision.reject), not"
                + " with "
                + decision.getClass().getSimpleName());
    }

    /**
     * Refuses a continuation from an agent of another name, model or configuration.
     *
     * @param spec the agent asked to continue
     * @param continuation the suspended run
     * @throws IllegalArgumentException naming what does not match, and both values
     */
    public static void check(AgentSpec spec, Continuation continuation) {
        sameAgent(spec, "continuation", continuation.agentName(), continuation.modelName(),
                continuation.configFingerprint());
    }

    private static void sameAgent(AgentSpec spec, String what, String agentName, String modelName,
            String configFingerprint) {
        mustMatch(what, "agentName", agentName, spec.config().name());
        mustMatch(what, "modelName", modelName, spec.model().name());
        mustMatch(what, "configFingerprint", configFingerprint, fingerprint(spec));
    }

    private static void mustMatch(String what, String field, String inValue, String inAgent) {
        if (!inValue.equals(inAgent)) {
            throw new IllegalArgumentException("the " + what + "'s " + field + " is \"" + inValue
                    + "\" but this agent's is \"" + inAgent + "\": it was written by an agent of another configuration");
        }
    }

    /** @return a run suspended between two iterations, as its continuation */
    static Continuation continuation(AgentSpec spec, RunState state, long elapsedNanos, int repairsUsed,
            boolean finalizing, Continuation.Progress progress) {
        RunState.Snapshot snapshot = state.snapshot();
        return new Continuation(spec.config().name(), spec.model().name(), fingerprint(spec), snapshot.transcript(),
                state.iteration, snapshot.toolCalls(), snapshot.usage(), snapshot.cost(), snapshot.records(),
                Duration.ofNanos(Math.max(0, elapsedNanos)), state.consecutiveMistakes, repairsUsed, finalizing,
                progress);
    }

    /** @return the SHA-256 of what a paused transcript depends on, as 64 hex digits */
    static String fingerprint(AgentSpec spec) {
        StringBuilder text = new StringBuilder();
        text.append("agent=").append(spec.config().name()).append('\n');
        text.append("model=").append(spec.model().name()).append('\n');
        // by name: the order tools were registered in does not change what a paused transcript means; the handoff
        // tools are left out, since a run that used its handoffs no longer offers them (ADR 0030)
        List<ToolSpec> tools = spec.toolSpecs().stream()
                .filter(tool -> !(spec.tools().get(tool.name()) instanceof HandoffTool))
                .sorted(java.util.Comparator.comparing(ToolSpec::name)).toList();
        for (ToolSpec tool : tools) {
            text.append("tool=").append(tool.name()).append(' ').append(JsonText.write(sorted(tool.parameters())))
                    .append('\n');
        }
        text.append("finalAnswerTool=").append(spec.config().finalAnswerTool().orElse("")).append('\n');
        text.append("approvals=").append(new TreeMap<>(spec.rules().approvals()).keySet()).append('\n');
        if (spec.rules().output() != null) {
            text.append("output=").append(JsonText.write(sorted(spec.rules().output().schema()))).append('\n');
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** JSON objects with their keys sorted, so the fingerprint does not depend on map order. */
    private static @Nullable Object sorted(@Nullable Object value) {
        if (value instanceof java.util.Map<?, ?> map) {
            TreeMap<String, @Nullable Object> copy = new TreeMap<>();
            map.forEach((k, v) -> copy.put(String.valueOf(k), sorted(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(Resumption::sorted).toList();
        }
        return value;
    }

    /**
     * The checkpoint of a run that paused.
     *
     * @param spec the agent
     * @param result the run's result so far (transcript, records, usage, cost, duration)
     * @param gate the termination it paused with
     * @param pending the call waiting for approval
     * @param remaining the calls of the same message after it
     * @param state the run's state
     * @param repairsUsed the structured-output repairs used
     * @param finalizing whether it was in the finalization iteration
     * @param metadata the application's metadata (kept from the checkpoint the run was resumed from)
     * @param request what the pending call asks a person, or null when it waits for approval
     * @param answers the answers the pending call already had
     * @param child the checkpoint of the agent the pending call runs, when that agent paused; else null
     * @return the checkpoint, holding the runs of the agents called as tools that ended before the pause (the
     *     result's children: the run's tree's)
     */
    static Checkpoint checkpoint(AgentSpec spec, RunResult result, Termination.HitlGatePending gate, ToolCall pending,
            List<ToolCall> remaining, RunState state, int repairsUsed, boolean finalizing,
            java.util.Map<String, String> metadata, @Nullable HumanInputRequest request,
            List<HumanInputAnswer> answers, @Nullable Checkpoint child) {
        int format = child != null ? Checkpoint.CHILD_FORMAT_VERSION
                : request == null ? Checkpoint.FORMAT_VERSION : Checkpoint.INPUT_FORMAT_VERSION;
        return new Checkpoint(format, gate,
                spec.config().name(), spec.model().name(), fingerprint(spec), pending, remaining, result.transcript(),
                state.iteration, result.toolCalls(), result.usage(), result.costUsd(), result.iterations(),
                result.duration(), state.consecutiveMistakes, repairsUsed, finalizing, metadata, request, answers,
                child, state.tree.children());
    }

    /** The summary a person reads at the gate: the tool and its arguments. */
    static String summary(ToolCall call) {
        return "Call " + call.name() + " with " + JsonText.write(call.arguments());
    }

    /** @return where the paused iteration's assistant message is in the transcript (its first message) */
    static int pausedIterationStart(List<Message> transcript) {
        for (int i = transcript.size() - 1; i >= 0; i--) {
            if (transcript.get(i) instanceof Message.Assistant) {
                return i;
            }
        }
        return transcript.size();
    }

    /** @return the time already spent, as nanoseconds to subtract from now for the run's start */
    static long elapsedNanos(Checkpoint checkpoint) {
        return elapsedNanos(checkpoint.elapsed());
    }

    /** @return the time already spent, as nanoseconds to subtract from now for the run's start */
    static long elapsedNanos(Duration elapsed) {
        return elapsed.compareTo(Duration.ofNanos(Long.MAX_VALUE / 4)) > 0 ? Long.MAX_VALUE / 4 : elapsed.toNanos();
    }
}
