package dev.terminus;

/**
 * The dashboard rollup of a run. A runner may override a termination's
 * {@linkplain Termination#defaultOutcome() default outcome} (for example "treat
 * {@code MaxIterationsReached} as acceptable"); the termination itself keeps what really happened.
 */
public enum Outcome {
    /** The work is considered done. */
    SUCCEEDED,
    /** The work is considered not done. */
    FAILED,
    /** The work was deliberately not started. */
    SKIPPED,
    /** The work was stopped by an outside decision. */
    CANCELLED,
    /** The work waits for a person and can be resumed. */
    SUSPENDED
}
