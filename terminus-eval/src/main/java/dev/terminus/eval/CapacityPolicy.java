package dev.terminus.eval;

/**
 * What the harness does with a run that ended at a configured limit: a capacity stop, a termination of category
 * {@code CAPACITY} whose outcome is {@code FAILED} ({@code MaxIterationsReached}, {@code MaxToolCallsReached},
 * {@code TokenBudgetExhausted}, {@code CostBudgetExhausted}, {@code TimeBudgetExhausted}, {@code StallDetected},
 * {@code NoProgress}, {@code ConsecutiveMistakes}...). {@code BudgetPressure} is {@code CAPACITY} too, but its
 * outcome is {@code SUCCEEDED}: the agent gave the final answer it had, and that answer is always evaluated.
 */
public enum CapacityPolicy {
    /** Evaluate it like any other run: a run that hit its limit usually fails its evaluation. The default. */
    EVALUATE,
    /**
     * Do not evaluate it: its eval is {@code "EXCLUDED"} and it does not count in the pass rate, e.g. when the
     * limits were set low to save money and a stop at them says nothing about the agent.
     */
    EXCLUDE
}
