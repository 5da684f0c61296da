package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A convergence agent's {@link Reply} as it crosses the wire: its kind and the fields of that kind (a termination in
 * the wire format).
 *
 * @param kind which reply
 * @param facts the proposed facts ({@link Kind#PROPOSE}; empty otherwise)
 * @param reason why the agent refused ({@link Kind#REFUSE}; null otherwise)
 * @param termination how the agent failed or its run stopped ({@link Kind#FAIL}, {@link Kind#STOP}; null otherwise)
 * @param usage the tokens the turn consumed
 */
public record ConvergenceReply(Kind kind, List<ProposedFact> facts, @Nullable String reason,
        @Nullable Termination termination, Usage usage) {

    /** The cases of {@link Reply}. */
    public enum Kind {
        /** {@link Reply.Propose}. */
        PROPOSE,
        /** {@link Reply.Refuse}. */
        REFUSE,
        /** {@link Reply.Fail}. */
        FAIL,
        /** {@link Reply.Stop}. */
        STOP
    }

    /** Validates that nothing required is null and copies the facts; {@link #reply()} checks the rest. */
    public ConvergenceReply {
        Preconditions.notNull(kind, "ConvergenceReply.kind");
        facts = Preconditions.immutableList(facts, "ConvergenceReply.facts");
        Preconditions.notNull(usage, "ConvergenceReply.usage");
    }

    /**
     * @param reply an agent's reply
     * @return it on the wire
     */
    public static ConvergenceReply of(Reply reply) {
        return switch (Preconditions.notNull(reply, "reply")) {
            case Reply.Propose p -> new ConvergenceReply(Kind.PROPOSE, p.facts(), null, null, p.usage());
            case Reply.Refuse r -> new ConvergenceReply(Kind.REFUSE, List.of(), r.reason(), null, r.usage());
            case Reply.Fail f -> new ConvergenceReply(Kind.FAIL, List.of(), null, f.termination(), f.usage());
            case Reply.Stop s -> new ConvergenceReply(Kind.STOP, List.of(), null, s.termination(), s.usage());
        };
    }

    /**
     * @return the reply the engine gets
     * @throws IllegalArgumentException naming the field a reply of this kind misses, or as the reply's record refuses
     */
    public Reply reply() {
        return switch (kind) {
            case PROPOSE -> new Reply.Propose(facts, usage);
            case REFUSE -> new Reply.Refuse(required(reason, "reason"), usage);
            case FAIL -> new Reply.Fail(required(termination, "termination"), usage);
            case STOP -> new Reply.Stop(required(termination, "termination"), usage);
        };
    }

    private <T> T required(@Nullable T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException("ConvergenceReply." + field + " is required for a " + kind
                    + " reply, was null");
        }
        return value;
    }
}
