package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.Checkpoint;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The approval gate an {@link AgentWorkflow} waits at, as its {@code pendingGate} query returns it: which tool call
 * waits for a person's {@link GateAnswer}, with what arguments.
 *
 * @param gateId the gate's id, which an answer must name
 * @param toolCallId the id of the model's tool call waiting
 * @param toolName the tool
 * @param arguments the arguments the model proposed, as JSON values
 * @param summary one line saying what waits (the gate termination's summary)
 * @param iteration the iteration the run paused in
 */
public record PendingGate(String gateId, String toolCallId, String toolName, Map<String, @Nullable Object> arguments,
        String summary, int iteration) {

    /** Validates that nothing is null. */
    public PendingGate {
        Preconditions.notBlank(gateId, "PendingGate.gateId");
        Preconditions.notNull(toolCallId, "PendingGate.toolCallId");
        Preconditions.notNull(toolName, "PendingGate.toolName");
        Preconditions.notNull(arguments, "PendingGate.arguments");
        Preconditions.notNull(summary, "PendingGate.summary");
    }

    /**
     * @param checkpoint a run paused at a gate
     * @return the gate it waits at
     */
    public static PendingGate of(Checkpoint checkpoint) {
        return new PendingGate(checkpoint.gateId(), checkpoint.pendingCall().id(), checkpoint.pendingCall().name(),
                checkpoint.pendingCall().arguments(), checkpoint.gate().summary(), checkpoint.iteration());
    }
}
