package dev.terminus;

/**
 * What the caller of a run should do next, given how it ended.
 *
 * <p>Every {@link Termination} has exactly one category; it is low-cardinality by design and
 * safe to use as a metric attribute.
 */
public enum Category {
    /** Nothing: the work is done. */
    SUCCESS,
    /** Transient: the same run may succeed if retried. */
    RETRYABLE,
    /** A configured limit was reached: raise it or reduce the scope. */
    CAPACITY,
    /** Retrying will not help until someone changes something. */
    FATAL,
    /** Stopped by an outside decision (cancelled, skipped); not an error. */
    INTERRUPTED,
    /** Waiting for a person: resume it, do not retry it. */
    SUSPENDED;

    /**
     * The dashboard outcome a case of this category rolls up to unless the case says otherwise:
     * {@code SUCCESS → SUCCEEDED}, {@code INTERRUPTED → CANCELLED}, {@code SUSPENDED → SUSPENDED},
     * everything else {@code → FAILED}.
     *
     * @return the default outcome for this category
     */
    public Outcome defaultOutcome() {
        return switch (this) {
            case SUCCESS -> Outcome.SUCCEEDED;
            case INTERRUPTED -> Outcome.CANCELLED;
            case SUSPENDED -> Outcome.SUSPENDED;
            case RETRYABLE, CAPACITY, FATAL -> Outcome.FAILED;
        };
    }

    /**
     * Whether a termination of this category counts as an error: {@code RETRYABLE}, {@code CAPACITY}
     * and {@code FATAL} do; success, interruption and suspension do not.
     *
     * @return true for the error categories
     */
    public boolean isError() {
        return this == RETRYABLE || this == CAPACITY || this == FATAL;
    }
}
