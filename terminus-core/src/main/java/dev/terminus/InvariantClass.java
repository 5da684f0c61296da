package dev.terminus;

/** When a declared invariant is checked; carried by {@link Termination.InvariantViolated}. */
public enum InvariantClass {
    /** Checked on every model message or merge. */
    STRUCTURAL,
    /** Checked at the end of every iteration or cycle. */
    SEMANTIC,
    /** Checked when completion or convergence is claimed. */
    ACCEPTANCE
}
