package dev.terminus.converge;

import dev.terminus.Preconditions;

/**
 * A person's decision on the proposal a paused run waits for, given to
 * {@link ConvergenceEngine#resume(Pause, Decision)}. Every decision names the gate it answers; a decision for another
 * gate is refused.
 *
 * {@snippet :
 * engine.resume(pause, Decision.approve(pause.gateId()));
 * engine.resume(pause, Decision.reject(pause.gateId(), "the total is on page 2, not page 1"));
 * }
 */
public sealed interface Decision {

    /** @return the gate this decision answers */
    String gateId();

    /**
     * Merge the proposal as proposed.
     *
     * @param gateId the gate
     */
    record Approve(String gateId) implements Decision {
        /** Refuses a blank gate id. */
        public Approve {
            Preconditions.notBlank(gateId, "Approve.gateId");
        }
    }

    /**
     * Do not merge the proposal; it is recorded as rejected by a person and never proposed again in the run.
     *
     * @param gateId the gate
     * @param reason why
     */
    record Reject(String gateId, String reason) implements Decision {
        /** Refuses a blank gate id and a null reason. */
        public Reject {
            Preconditions.notBlank(gateId, "Reject.gateId");
            Preconditions.notNull(reason, "Reject.reason");
        }
    }

    /** @param gateId the gate @return an approval */
    static Decision approve(String gateId) {
        return new Approve(gateId);
    }

    /** @param gateId the gate @param reason why @return a rejection */
    static Decision reject(String gateId, String reason) {
        return new Reject(gateId, reason);
    }
}
