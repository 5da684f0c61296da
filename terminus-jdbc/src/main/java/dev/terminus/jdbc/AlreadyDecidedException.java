package dev.terminus.jdbc;

/**
 * A gate was decided before: of two deciders, the other won. Its message says who and when, in one line; the decision
 * that won is {@link #existing()}.
 */
public final class AlreadyDecidedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Decision existing;

    /** @param existing the decision recorded first */
    public AlreadyDecidedException(Decision existing) {
        super("gate \"" + existing.gateId() + "\" is already decided: " + existing.kind() + " by "
                + existing.decidedBy() + " at " + existing.decidedAt());
        this.existing = existing;
    }

    /** @return the decision recorded first */
    public Decision existing() {
        return existing;
    }
}
