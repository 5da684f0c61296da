package dev.terminus.temporal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.terminus.JsonTrees;
import dev.terminus.Preconditions;
import dev.terminus.agent.GateDecision;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A person's answer to the gate an {@link AgentWorkflow} waits at, as the payload of its {@code answer} update: the
 * wire form of a {@link GateDecision}. At an approval gate: approve, reject with a reason, or approve with edited
 * arguments. At a gate where a tool asked for input ({@link PendingGate#input()}): answer with content matching the
 * schema it asked for, or reject (decline) with a reason.
 *
 * {@snippet :
 * AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class, "order-42");
 * PendingGate gate = workflow.pendingGate();
 * workflow.answer(gate.waitsForInput() ? GateAnswer.answer(gate.gateId(), Map.of("name", "Ada"))
 *         : GateAnswer.reject(gate.gateId(), "refunds over 100 EUR need a manager"));
 * }
 *
 * @param gateId the gate answered; must be the pending one's
 * @param verdict what the person decided
 * @param reason why, for a rejection; null otherwise
 * @param arguments the arguments to run the call with, for an approval with edits; null otherwise
 * @param content the input the tool asked for, a JSON object, for an answer; null otherwise
 */
public record GateAnswer(String gateId, Verdict verdict, @Nullable String reason,
        @Nullable Map<String, @Nullable Object> arguments,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Map<String, @Nullable Object> content) {

    /** What a person may decide at a gate. */
    public enum Verdict {
        /** Run the pending call as the model proposed it. */
        APPROVE,
        /** Do not run it; the model reads the reason. */
        REJECT,
        /** Run it with the answer's arguments instead. */
        APPROVE_WITH_ARGUMENTS,
        /** Give the tool that asked for input this content, and make its call again (at an input gate only). */
        ANSWER
    }

    /**
     * Validates the answer by the decision it stands for: a gate id that is not blank, a reason with a rejection
     * only, arguments with an approval with edits only, content with an answer only.
     */
    public GateAnswer {
        Preconditions.notBlank(gateId, "GateAnswer.gateId");
        Preconditions.notNull(verdict, "GateAnswer.verdict");
        if ((verdict == Verdict.REJECT) != (reason != null)) {
            throw new IllegalArgumentException("GateAnswer.reason must be given with verdict REJECT and only with it;"
                    + " verdict " + verdict + ", reason " + (reason == null ? "null" : "\"" + reason + "\""));
        }
        if ((verdict == Verdict.APPROVE_WITH_ARGUMENTS) != (arguments != null)) {
            throw new IllegalArgumentException("GateAnswer.arguments must be given with verdict"
                    + " APPROVE_WITH_ARGUMENTS and only with it; verdict " + verdict + ", arguments " + arguments);
        }
        if ((verdict == Verdict.ANSWER) != (content != null)) {
            throw new IllegalArgumentException("GateAnswer.content must be given with verdict ANSWER and only with"
                    + " it; verdict " + verdict + ", content " + content);
        }
        if (arguments != null) {
            arguments = JsonTrees.copyObject(arguments, "GateAnswer.arguments");
        }
        if (content != null) {
            content = JsonTrees.copyObject(content, "GateAnswer.content");
        }
    }

    /**
     * An answer without content: an approval, a rejection, or an approval with edits.
     *
     * @param gateId the gate answered
     * @param verdict what the person decided
     * @param reason why, for a rejection; null otherwise
     * @param arguments the arguments to run the call with, for an approval with edits; null otherwise
     */
    public GateAnswer(String gateId, Verdict verdict, @Nullable String reason,
            @Nullable Map<String, @Nullable Object> arguments) {
        this(gateId, verdict, reason, arguments, null);
    }

    /** @param gateId the gate @return an approval */
    public static GateAnswer approve(String gateId) {
        return new GateAnswer(gateId, Verdict.APPROVE, null, null);
    }

    /** @param gateId the gate @param reason why @return a rejection */
    public static GateAnswer reject(String gateId, String reason) {
        return new GateAnswer(gateId, Verdict.REJECT, Preconditions.notNull(reason, "reason"), null);
    }

    /** @param gateId the gate @param arguments the arguments to run with @return an approval with edits */
    public static GateAnswer approveWithArguments(String gateId, Map<String, @Nullable Object> arguments) {
        return new GateAnswer(gateId, Verdict.APPROVE_WITH_ARGUMENTS, null,
                Preconditions.notNull(arguments, "arguments"));
    }

    /**
     * @param gateId the gate, which waits for input
     * @param content the input the tool asked for, a JSON object matching the schema it asked for
     * @return an answer
     */
    @SuppressWarnings("unchecked") // only read, and copied deeply by the constructor
    public static GateAnswer answer(String gateId, Map<String, ?> content) {
        return new GateAnswer(gateId, Verdict.ANSWER, null, null,
                (Map<String, @Nullable Object>) Preconditions.notNull(content, "content"));
    }

    /**
     * @param decision a decision
     * @return its wire form
     */
    public static GateAnswer of(GateDecision decision) {
        return switch (Preconditions.notNull(decision, "decision")) {
            case GateDecision.Approve(String gateId) -> approve(gateId);
            case GateDecision.Reject(String gateId, String reason) -> reject(gateId, reason);
            case GateDecision.ApproveWithArguments(String gateId, var arguments) ->
                    approveWithArguments(gateId, arguments);
            case GateDecision.Answer(String gateId, var content) -> answer(gateId, content);
        };
    }

    /** @return the decision this answer stands for */
    public GateDecision decision() {
        return switch (verdict) {
            case APPROVE -> GateDecision.approve(gateId);
            case REJECT -> GateDecision.reject(gateId, Objects.requireNonNull(reason));
            case APPROVE_WITH_ARGUMENTS -> GateDecision.approveWithArguments(gateId, Objects.requireNonNull(arguments));
            case ANSWER -> GateDecision.answer(gateId, Objects.requireNonNull(content));
        };
    }
}
