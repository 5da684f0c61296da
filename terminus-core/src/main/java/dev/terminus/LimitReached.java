package dev.terminus;

import java.math.BigDecimal;

/**
 * The terminations of a run stopped by one of its limits, read by name whatever the case: how much it used and what
 * the limit was, in the limit's unit. The cases themselves keep the wire format's order of facts, which differs
 * ({@code MaxIterationsReached(limit, iterationsUsed)}, {@code TokenBudgetExhausted(tokensConsumed, limit, kind)}), so
 * a record pattern that names them by position can swap them and still compile; {@link #measure()} cannot.
 *
 * {@snippet :
 * if (result.termination() instanceof LimitReached reached) {
 *     LimitReached.Measure m = reached.measure();
 *     System.out.printf("stopped at %s of %s %s%n", m.used(), m.limit(), m.unit());
 * }
 * }
 *
 * <p>A new case that stops a run at a counted limit implements this interface too and is added to its
 * {@code permits}.
 */
public sealed interface LimitReached permits Termination.MaxIterationsReached, Termination.MaxToolCallsReached,
        Termination.TokenBudgetExhausted, Termination.CostBudgetExhausted, Termination.TimeBudgetExhausted,
        Termination.FactBudgetExhausted {

    /** @return what the run used and the limit it reached */
    Measure measure();

    /**
     * What a run used of a limit, and the limit.
     *
     * @param unit what is counted
     * @param used how much the run used (may pass the limit: a limit is checked after the step that passed it)
     * @param limit the limit
     */
    record Measure(Unit unit, BigDecimal used, BigDecimal limit) {
        /** Validates that no fact is missing. */
        public Measure {
            Preconditions.notNull(unit, "Measure.unit");
            Preconditions.notNull(used, "Measure.used");
            Preconditions.notNull(limit, "Measure.limit");
        }

        /** @return e.g. {@code 6 of 5 tool calls} */
        @Override
        public String toString() {
            return used.toPlainString() + " of " + limit.toPlainString() + " " + unit.label();
        }

        static Measure of(Unit unit, long used, long limit) {
            return new Measure(unit, BigDecimal.valueOf(used), BigDecimal.valueOf(limit));
        }
    }

    /** What a limit counts. */
    enum Unit {
        /** Iterations of the loop (turns, cycles). */
        ITERATIONS("iterations"),
        /** Tool calls executed. */
        TOOL_CALLS("tool calls"),
        /** Tokens of the budget's kind (total, input or output). */
        TOKENS("tokens"),
        /** Money, in US dollars. */
        USD("USD"),
        /** Wall-clock time, in milliseconds. */
        MILLISECONDS("ms"),
        /** Facts in a convergence context. */
        FACTS("facts");

        private final String label;

        Unit(String label) {
            this.label = label;
        }

        /** @return how the unit reads after a figure, e.g. {@code tool calls} */
        public String label() {
            return label;
        }
    }
}
