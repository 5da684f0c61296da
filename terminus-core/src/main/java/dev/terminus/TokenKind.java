package dev.terminus;

/** Which token budget a {@link Termination.TokenBudgetExhausted} ran out of. */
public enum TokenKind {
    /** Input and output tokens together. */
    TOTAL,
    /** Prompt (input) tokens. */
    INPUT,
    /** Completion (output) tokens. */
    OUTPUT
}
