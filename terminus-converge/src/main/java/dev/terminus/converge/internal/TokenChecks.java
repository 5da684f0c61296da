package dev.terminus.converge.internal;

import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import org.jspecify.annotations.Nullable;

/** The token budget, by kind in a fixed order: total, input, output. */
final class TokenChecks {
    private static final TokenKind[] KINDS = TokenKind.values();

    private TokenChecks() {}

    /**
     * @param budget the caps
     * @param usage the tokens consumed
     * @param reachedIsEnough true before an agent call (a cap reached leaves nothing for it), false after one (only a
     *     cap exceeded stops the run)
     * @return the budget that stops the run, or null
     */
    static Termination.@Nullable TokenBudgetExhausted exhausted(TokenBudget budget, Usage usage,
            boolean reachedIsEnough) {
        if (!budget.isLimited()) {
            return null;
        }
        for (TokenKind kind : KINDS) {
            Long limit = budget.limit(kind);
            if (limit == null) {
                continue;
            }
            long used = switch (kind) {
                case TOTAL -> usage.totalTokens();
                case INPUT -> usage.inputTokens();
                case OUTPUT -> usage.outputTokens();
            };
            if (used > limit || (reachedIsEnough && used == limit)) {
                return new Termination.TokenBudgetExhausted(used, limit, kind);
            }
        }
        return null;
    }
}
