package dev.terminus.temporal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.terminus.Preconditions;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.HumanInputRequest;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The gate an {@link AgentWorkflow} waits at, as its {@code pendingGate} query returns it: which tool call waits for a
 * person's {@link GateAnswer}, with what arguments, and what for: approval of the call, or (when {@code input} is set)
 * the input the tool asked for in the middle of the call (an MCP server's elicitation), which an answer with content
 * ({@link GateAnswer#answer}) gives or a rejection declines.
 *
 * @param gateId the gate's id, which an answer must name
 * @param toolCallId the id of the model's tool call waiting
 * @param toolName the tool
 * @param arguments the arguments the model proposed, as JSON values
 * @param summary one line saying what waits (the gate termination's summary; at an input gate, the question)
 * @param iteration the iteration the run paused in
 * @param input what the tool asks a person (the question, the JSON Schema of the answer, who asks), or null when the
 *     gate waits for approval
 */
public record PendingGate(String gateId, String toolCallId, String toolName, Map<String, @Nullable Object> arguments,
        String summary, int iteration, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable HumanInputRequest input) {

    /** Validates that nothing is null. */
    public PendingGate {
        Preconditions.notBlank(gateId, "PendingGate.gateId");
        Preconditions.notNull(toolCallId, "PendingGate.toolCallId");
        Preconditions.notNull(toolName, "PendingGate.toolName");
        Preconditions.notNull(arguments, "PendingGate.arguments");
        Preconditions.notNull(summary, "PendingGate.summary");
    }

    /**
     * An approval gate.
     *
     * @param gateId the gate's id, which an answer must name
     * @param toolCallId the id of the model's tool call waiting
     * @param toolName the tool
     * @param arguments the arguments the model proposed, as JSON values
     * @param summary one line saying what waits
     * @param iteration the iteration the run paused in
     */
    public PendingGate(String gateId, String toolCallId, String toolName, Map<String, @Nullable Object> arguments,
            String summary, int iteration) {
        this(gateId, toolCallId, toolName, arguments, summary, iteration, null);
    }

    /**
     * @param checkpoint a run paused at a gate
     * @return the gate it waits at
     */
    public static PendingGate of(Checkpoint checkpoint) {
        return new PendingGate(checkpoint.gateId(), checkpoint.pendingCall().id(), checkpoint.pendingCall().name(),
                checkpoint.pendingCall().arguments(), checkpoint.gate().summary(), checkpoint.iteration(),
                checkpoint.inputRequest());
    }

    /** @return whether the gate waits for the input a tool asked for, rather than for approval */
    public boolean waitsForInput() {
        return input != null;
    }

    /**
     * Refuses an answer this gate does not take, as a resume in one process refuses its decision: an answer with
     * content at an approval gate; an approval at a gate that waits for input; content that does not match the
     * schema the tool asked for (naming the property). The gate ids are {@link AgentWorkflow#validateAnswer}'s to
     * compare.
     *
     * @param answer an answer to this gate
     * @throws IllegalArgumentException naming what the gate waits for, or what in the content does not match
     */
    public void check(GateAnswer answer) {
        Preconditions.notNull(answer, "answer");
        HumanInputRequest asked = input;
        if (asked == null) {
            if (answer.verdict() == GateAnswer.Verdict.ANSWER) {
                throw new IllegalArgumentException("gate \"" + gateId + "\" waits for approval of a call to \""
                        + toolName + "\", not for input: approve, approve with arguments or reject it");
            }
            return;
        }
        switch (answer.verdict()) {
            case APPROVE, APPROVE_WITH_ARGUMENTS -> throw new IllegalArgumentException("gate \"" + gateId
                    + "\" waits for a person's input (\"" + asked.message() + "\"), not for approval: answer it"
                    + " (GateAnswer.answer) or decline it (GateAnswer.reject)");
            case ANSWER -> asked.mismatch(java.util.Objects.requireNonNull(answer.content())).ifPresent(problem -> {
                throw new IllegalArgumentException("the answer to gate \"" + gateId
                        + "\" does not match the schema it asked for: " + problem);
            });
            case REJECT -> {
                // declines the request: the tool is told so when its call is made again
            }
        }
    }
}
