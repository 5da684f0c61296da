package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.JsonTrees;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A person's decision on a pending tool call, given to {@link Agent#resume(Checkpoint, ResumeDecision)}. Every
 * decision names the gate it answers; a decision for another gate is refused.
 *
 * {@snippet :
 * agent.resume(checkpoint, ResumeDecision.approve(gateId));
 * agent.resume(checkpoint, ResumeDecision.reject(gateId, "refunds over 100 EUR need a manager"));
 * agent.resume(checkpoint, ResumeDecision.approveWithArguments(gateId, Map.of("amount", 50)));
 * }
 */
public sealed interface ResumeDecision {

    /** @return the gate this decision answers */
    String gateId();

    /**
     * Run the call as proposed.
     *
     * @param gateId the gate
     */
    record Approve(String gateId) implements ResumeDecision {
        /** Refuses a null gate id. */
        public Approve {
            Preconditions.notNull(gateId, "Approve.gateId");
        }
    }

    /**
     * Do not run the call; the model is told why, as the call's (error) result.
     *
     * @param gateId the gate
     * @param reason why, for the model
     */
    record Reject(String gateId, String reason) implements ResumeDecision {
        /** Refuses null components. */
        public Reject {
            Preconditions.notNull(gateId, "Reject.gateId");
            Preconditions.notNull(reason, "Reject.reason");
        }
    }

    /**
     * Run the call with other arguments; the transcript keeps the model's call, the result says what ran.
     *
     * @param gateId the gate
     * @param arguments the arguments to run with, as JSON values
     */
    record ApproveWithArguments(String gateId, Map<String, @Nullable Object> arguments) implements ResumeDecision {
        /** Refuses a null gate id and copies the arguments deeply. */
        public ApproveWithArguments {
            Preconditions.notNull(gateId, "ApproveWithArguments.gateId");
            arguments = JsonTrees.copyObject(arguments, "ApproveWithArguments.arguments");
        }
    }

    /** @param gateId the gate @return an approval */
    static ResumeDecision approve(String gateId) {
        return new Approve(gateId);
    }

    /** @param gateId the gate @param reason why, for the model @return a rejection */
    static ResumeDecision reject(String gateId, String reason) {
        return new Reject(gateId, reason);
    }

    /** @param gateId the gate @param arguments the arguments to run with @return an approval with edits */
    static ResumeDecision approveWithArguments(String gateId, Map<String, @Nullable Object> arguments) {
        return new ApproveWithArguments(gateId, arguments);
    }
}
