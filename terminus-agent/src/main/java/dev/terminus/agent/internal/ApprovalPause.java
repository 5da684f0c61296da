package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunClock;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Where a run paused for a person: the pending call (waiting for approval, or for the input it asked for) and the
 * calls of its message after it, turned into the {@link Checkpoint} of the run's result.
 */
final class ApprovalPause {
    private @Nullable ToolCall pending;
    private Termination.@Nullable HitlGatePending gate;
    /** What the pending call asks a person, at a gate that waits for input; the answers it already had. */
    private @Nullable HumanInputRequest request;
    private List<HumanInputAnswer> answers = List.of();
    private List<ToolCall> remaining = List.of();
    /** The checkpoint of the agent the pending call runs, when that agent paused at a gate of its own. */
    private @Nullable Checkpoint child;
    /** The metadata of the checkpoint this run was resumed from: a later pause keeps it. */
    private java.util.Map<String, String> metadata = java.util.Map.of();

    /** A run handed to another agent carries the metadata it was resumed with into that agent's next pause. */
    void carryOver(ApprovalPause handedOver) {
        metadata = handedOver.metadata;
    }

    /** A run resumed from a checkpoint carries its metadata into the checkpoint of its next pause. */
    void resumedFrom(Checkpoint checkpoint) {
        metadata = checkpoint.metadata();
    }

    /**
     * Pauses at a call; the gate id is random, so a decision can only answer the gate it was made for (drawn from the
     * run's clock, so a run on a repeatable clock pauses at the same gate).
     */
    Termination.HitlGatePending at(ToolCall call, String agentName, int iteration, RunClock clock) {
        pending = call;
        gate = new Termination.HitlGatePending("gate-" + clock.randomUuid(), call.id(), Resumption.summary(call),
                agentName, iteration);
        return gate;
    }

    /**
     * Pauses at a call that asks a person for input; the gate's summary is the question. In a parallel round only the
     * first call to ask (in the model's order) pauses the run: a later one gets the same gate, and is answered as not
     * completed.
     *
     * @param answered the answers the call already had (it was made again on a resume and asked something else), or
     *     null
     */
    Termination.HitlGatePending asked(ToolCall call, HumanInputRequest question, @Nullable HumanInputs answered,
            String agentName, int iteration, RunClock clock) {
        if (gate != null) {
            return gate;
        }
        pending = call;
        request = question;
        answers = answered != null && answered.callId().equals(call.id()) ? answered.answers() : List.of();
        gate = new Termination.HitlGatePending("gate-" + clock.randomUuid(), call.id(), question.message(), agentName,
                iteration);
        return gate;
    }

    /**
     * Pauses at a call that runs an agent which paused at a gate of its own: the gate is the child's (its id, its
     * summary, the agent that waits), the call the parent's. In a parallel round only the first pause counts, as for
     * {@link #asked}.
     */
    Termination.HitlGatePending childAt(ToolCall call, Checkpoint paused, int iteration) {
        if (gate != null) {
            return gate;
        }
        pending = call;
        child = paused;
        Termination.HitlGatePending childGate = paused.gate();
        gate = new Termination.HitlGatePending(childGate.gateId(), call.id(), childGate.summary(), childGate.agentId(),
                iteration);
        return gate;
    }

    /**
     * @return whether the run paused at this call because it asked for input, or because the agent it runs paused
     *     (its result comes on resume)
     */
    boolean askedAt(ToolCall call) {
        return (request != null || child != null) && pending != null && pending.id().equals(call.id());
    }

    /** The calls after the pending one, run when the run resumes. */
    void before(List<ToolCall> calls) {
        remaining = calls;
    }

    /**
     * @return the result with its checkpoint when the run paused (and without an answer: it has none yet), else the
     *     result as it is
     */
    RunResult attach(RunResult result, AgentSpec spec, RunState state, int repairsUsed, boolean finalizing) {
        if (!(result.termination() instanceof Termination.HitlGatePending gate) || pending == null) {
            return result;
        }
        Checkpoint checkpoint = Resumption.checkpoint(spec, result, gate, pending, remaining, state, repairsUsed,
                finalizing, metadata, request, answers, child);
        return result.toBuilder().termination(gate).finalAnswer(null).structuredOutput(null).checkpoint(checkpoint)
                .build();
    }
}
