package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A person's decision on the call a paused run resumes at: the call is run (as proposed, or with edited arguments),
 * answered as rejected, made again with the answers it asked for, or made again resuming the agent it runs that
 * paused at a gate of its own (ADR 0030). While it runs, the call is known as approved (its gate does not ask again)
 * and, when edited, as edited (its result says so).
 */
final class GateDecisions {
    private final ToolRound round;
    private final AgentRun run;
    private final RunState state;
    /** The id of the call a person just approved (on resume): it runs without asking again. */
    @Nullable String approvedCallId;
    /** The id of that call when the person also edited its arguments: its result says so. */
    private @Nullable String editedCallId;

    GateDecisions(ToolRound round, AgentRun run, RunState state) {
        this.round = round;
        this.run = run;
        this.state = state;
    }

    /** @return whether this call is the one a person approved with edited arguments */
    boolean edited(ToolCall call) {
        return editedCallId != null && editedCallId.equals(call.id());
    }

    /**
     * Carries out a person's decision on the call a run paused at. Returns the termination it causes, or null when
     * the run goes on.
     */
    @Nullable Termination decide(Checkpoint checkpoint, GateDecision decision, boolean offered) {
        ToolCall pending = checkpoint.pendingCall();
        Checkpoint child = checkpoint.child();
        if (child != null) { // the call runs an agent that paused: it is made again, resuming that agent
            approvedCallId = pending.id();
            state.tree.childResumption = new ChildResumption(child, decision);
            try {
                return round.execute(List.of(pending), offered);
            } finally {
                state.tree.childResumption = null;
                approvedCallId = null;
            }
        }
        HumanInputs answers = HumanInputs.of(checkpoint, decision);
        if (answers != null) { // the call asked for input: it is made again, with the person's answers at hand
            return again(pending, answers, offered);
        }
        ToolCall call = switch (decision) {
            case GateDecision.Approve approve -> pending;
            case GateDecision.ApproveWithArguments(String gateId, Map<String, @Nullable Object> arguments) ->
                    new ToolCall(pending.id(), pending.name(), arguments);
            case GateDecision.Reject(String gateId, String reason) -> null;
            case GateDecision.Answer answer -> throw new IllegalArgumentException("gate \"" + answer.gateId()
                    + "\" waits for approval, not for input");
        };
        if (call == null) {
            String reason = ((GateDecision.Reject) decision).reason();
            round.answer(pending, "Rejected by a person, not run: " + reason, true);
            run.toolEvent(pending.name(), 0, ToolRound.REJECTED);
            return null;
        }
        approvedCallId = call.id();
        editedCallId = call.arguments().equals(pending.arguments()) ? null : call.id();
        try {
            return round.execute(List.of(call), offered);
        } finally {
            approvedCallId = null;
            editedCallId = null;
        }
    }

    /** Makes a call that asked a person for input again, handing it their answers while it runs. */
    private @Nullable Termination again(ToolCall pending, HumanInputs answers, boolean offered) {
        approvedCallId = pending.id();
        state.humanInputs = answers;
        try {
            return round.execute(List.of(pending), offered);
        } finally {
            state.humanInputs = null;
            approvedCallId = null;
        }
    }
}
