package dev.terminus.agent;

import dev.terminus.JsonTrees;
import dev.terminus.Preconditions;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A person's decision on what a run paused at a human gate waits for: the pending tool call of an agent loop
 * ({@link Agent#resume(Checkpoint, GateDecision)}), the input a tool asked for ({@link HumanInputNeeded}), or the
 * staged proposal of a convergence run ({@code ConvergenceEngine.resume(Pause, GateDecision)}). Every decision names
 * the gate it answers; a decision for another gate is refused.
 *
 * <p>A gate waits either for approval of a call ({@link Approve}, {@link ApproveWithArguments}, {@link Reject}) or
 * for a person's input ({@link Answer}, or {@link Reject} to decline); a decision of the other kind is refused, naming
 * the gate and what it waits for.
 *
 * <p>{@link Agent#approve(Checkpoint)}, {@link Agent#reject(Checkpoint, String)} and
 * {@link Agent#answer(Checkpoint, Map)} make the common decisions in one call, for the checkpoint's own gate; a
 * decision is needed for the others, and for a convergence run.
 *
 * {@snippet :
 * // given: ConvergenceEngine engine; Pause pause
 * agent.resume(checkpoint, GateDecision.approve(gateId));
 * agent.resume(checkpoint, GateDecision.reject(gateId, "refunds over 100 EUR need a manager"));
 * agent.resume(checkpoint, GateDecision.approveWithArguments(gateId, Map.of("amount", 50)));
 * agent.resume(checkpoint, GateDecision.answer(gateId, Map.of("iban", "DE89370400440532013000")));
 * engine.resume(pause, GateDecision.reject(pause.gateId(), "the total is on page 2, not page 1"));
 * }
 *
 * <p><b>Gate ids.</b> Every decision refuses a null gate id ({@link NullPointerException}) and a blank one
 * ({@link IllegalArgumentException}), each message naming the field and the value: the rule of the gate itself
 * ({@link dev.terminus.Termination.HitlGatePending#gateId()}), so a decision can name every gate and no decision names
 * none. A store may accept fewer ids (a file store only those that can name a file).
 */
public sealed interface GateDecision {

    /** @return the gate this decision answers */
    String gateId();

    /**
     * Go on as proposed: run the pending call, or merge the staged proposal.
     *
     * @param gateId the gate
     */
    record Approve(String gateId) implements GateDecision {
        /** Refuses a null or blank gate id. */
        public Approve {
            requireGateId(gateId, "Approve.gateId");
        }
    }

    /**
     * Do not go on as proposed. An agent loop does not run the call and tells the model why, as the call's (error)
     * result; a convergence run records the proposal as rejected by a person and never stages it again. At a gate
     * that waits for input, the person declines to give it: the call is made again and the tool learns it was
     * declined, and why.
     *
     * @param gateId the gate
     * @param reason why
     */
    record Reject(String gateId, String reason) implements GateDecision {
        /** Refuses a null or blank gate id and a null reason. */
        public Reject {
            requireGateId(gateId, "Reject.gateId");
            Preconditions.notNull(reason, "Reject.reason");
        }
    }

    /**
     * Run the pending call with other arguments; the transcript keeps the model's call, the result says what ran.
     * Only an agent loop's call has arguments: the convergence engine refuses this decision.
     *
     * @param gateId the gate
     * @param arguments the arguments to run with, as JSON values
     */
    record ApproveWithArguments(String gateId, Map<String, @Nullable Object> arguments) implements GateDecision {
        /** Refuses a null or blank gate id and copies the arguments deeply. */
        public ApproveWithArguments {
            requireGateId(gateId, "ApproveWithArguments.gateId");
            arguments = JsonTrees.copyObject(arguments, "ApproveWithArguments.arguments");
        }
    }

    /**
     * The input a tool asked for ({@link HumanInputNeeded}): the resumed run makes the pending call again and the
     * tool gets this content as the answer to its request. The content must match the request's schema; only a gate
     * that waits for input takes it.
     *
     * @param gateId the gate
     * @param content the person's answer, as JSON values
     */
    record Answer(String gateId, Map<String, @Nullable Object> content) implements GateDecision {
        /** Refuses a null or blank gate id and copies the content deeply. */
        public Answer {
            requireGateId(gateId, "Answer.gateId");
            content = JsonTrees.copyObject(content, "Answer.content");
        }
    }

    /** @param gateId the gate @return an approval */
    static GateDecision approve(String gateId) {
        return new Approve(gateId);
    }

    /** @param gateId the gate @param reason why @return a rejection */
    static GateDecision reject(String gateId, String reason) {
        return new Reject(gateId, reason);
    }

    /** @param gateId the gate @param arguments the arguments to run with @return an approval with edits */
    static GateDecision approveWithArguments(String gateId, Map<String, @Nullable Object> arguments) {
        return new ApproveWithArguments(gateId, arguments);
    }

    /** @param gateId the gate @param content the person's answer @return the input a tool asked for */
    @SuppressWarnings("unchecked") // only read, and copied deeply by the constructor
    static GateDecision answer(String gateId, Map<String, ?> content) {
        return new Answer(gateId, (Map<String, @Nullable Object>) content);
    }

    /** The one rule for a decision's gate id, that of the gate itself: not null, not blank. */
    private static void requireGateId(String gateId, String field) {
        Preconditions.notBlank(gateId, field);
    }
}
