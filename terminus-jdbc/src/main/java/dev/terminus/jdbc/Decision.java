package dev.terminus.jdbc;

import dev.terminus.Preconditions;
import dev.terminus.agent.GateDecision;
import java.time.Instant;

/**
 * A gate's decision as recorded: what was decided, by whom, when. A gate has at most one.
 *
 * @param decision what was decided; its gate id names the gate
 * @param decidedBy who decided, as the application names people (an e-mail address, a user id)
 * @param decidedAt when, by the deciding process's clock, to the microsecond
 */
public record Decision(GateDecision decision, String decidedBy, Instant decidedAt) {

    /** Refuses nulls and a blank author. */
    public Decision {
        Preconditions.notNull(decision, "decision");
        Preconditions.notBlank(decidedBy, "decidedBy");
        Preconditions.notNull(decidedAt, "decidedAt");
    }

    /** @return the gate decided */
    public String gateId() {
        return decision.gateId();
    }

    /** @return what was decided, by name: {@code Approve}, {@code Reject}, {@code ApproveWithArguments}, {@code Answer} */
    public String kind() {
        return decision.getClass().getSimpleName();
    }
}
