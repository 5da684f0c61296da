package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.TokenBudget;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * The token and cost budgets of a run, checked before each iteration, and the budget pressure that starts the
 * finalization iteration. Caps are read from the settings once per run; the pressure ratio is only computed when a
 * threshold can use it.
 */
final class BudgetGuard {
    private static final TokenKind[] TOKEN_KINDS = TokenKind.values();

    /** The last agent's pricing, reused while runs of the same price and budget follow one another. */
    private static volatile CostMeter.@Nullable Pricing lastPricing;

    private final RunState state;
    private final @Nullable BigDecimal costBudget;
    private final @Nullable Double pressureThreshold;
    private final boolean tokensCapped;
    /** The token budget's caps by {@code TokenKind} ordinal; -1 for none (a cap is positive). */
    private final long[] tokenLimits = new long[TOKEN_KINDS.length];
    /** The pressure measured by the last {@link #exhausted} call that was asked for it. */
    private double pressure;
    /** The run this one serves as a tool, whose budgets (and its ancestors') bound this one too; or null. */
    private @Nullable ParentRun served;

    BudgetGuard(AgentConfig config, RunState state) {
        this.state = state;
        this.costBudget = config.costBudgetUsd().orElse(null);
        this.pressureThreshold = config.budgetPressureThreshold().orElse(null);
        TokenBudget tokenBudget = config.tokenBudget();
        this.tokensCapped = !tokenBudget.equals(TokenBudget.UNLIMITED);
        for (int k = 0; k < TOKEN_KINDS.length; k++) {
            Long limit = tokenBudget.limit(TOKEN_KINDS[k]);
            tokenLimits[k] = limit == null ? -1 : limit;
        }
    }

    /** The pricing of the agent's model with its cost budget, or null when the model has no price. */
    static CostMeter.@Nullable Pricing pricing(AgentConfig config, String modelName) {
        ModelPrice price = config.prices().priceOf(modelName).orElse(null);
        if (price == null) {
            return null;
        }
        BigDecimal budget = config.costBudgetUsd().orElse(null);
        CostMeter.Pricing last = lastPricing;
        if (last != null && last.price() == price && last.budget() == budget) {
            return last;
        }
        CostMeter.Pricing pricing = CostMeter.Pricing.of(price, budget);
        lastPricing = pricing;
        return pricing;
    }

    /**
     * @param measurePressure whether to measure the pressure too (see {@link #underPressure()})
     * @return the budget the run has used up, or null when none is
     */
    @Nullable Termination exhausted(boolean measurePressure) {
        boolean wanted = measurePressure && pressureThreshold != null;
        double measured = 0;
        if (tokensCapped) {
            for (int k = 0; k < TOKEN_KINDS.length; k++) {
                long limit = tokenLimits[k];
                if (limit >= 0) {
                    TokenKind kind = TOKEN_KINDS[k];
                    long used = tokens(kind);
                    if (used >= limit) {
                        return new Termination.TokenBudgetExhausted(used, limit, kind);
                    }
                    if (wanted) {
                        measured = Math.max(measured, (double) used / limit);
                    }
                }
            }
        }
        if (costBudget != null) {
            if (state.costReached(costBudget)) {
                return new Termination.CostBudgetExhausted(state.costUsd(), costBudget);
            }
            if (wanted) {
                measured = Math.max(measured, state.costUsd().doubleValue() / costBudget.doubleValue());
            }
        }
        if (measurePressure) {
            pressure = wanted ? measured : 0; // only the run's own check measures: a child's leaves it alone
        }
        return served == null ? null : served.budgetUsedUp();
    }

    /** @param parent the run this one serves as a tool, whose budgets bound this one too; set before it starts */
    void serving(ParentRun parent) {
        this.served = parent;
    }

    /** @return whether the last measured pressure reached the threshold */
    boolean underPressure() {
        return pressureThreshold != null && pressure >= pressureThreshold;
    }

    private long tokens(TokenKind kind) {
        return switch (kind) {
            case TOTAL -> state.totalTokens();
            case INPUT -> state.inputTokens();
            case OUTPUT -> state.outputTokens();
        };
    }
}
