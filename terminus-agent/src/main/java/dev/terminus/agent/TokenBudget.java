package dev.terminus.agent;

import dev.terminus.TokenKind;
import org.jspecify.annotations.Nullable;

/**
 * Caps on the tokens a run may consume: in total, of input, of output. Each is optional.
 *
 * @param total the cap on input plus output tokens, or null
 * @param input the cap on input tokens, or null
 * @param output the cap on output tokens, or null
 */
public record TokenBudget(@Nullable Long total, @Nullable Long input, @Nullable Long output) {

    /** No caps. */
    public static final TokenBudget UNLIMITED = new TokenBudget(null, null, null);

    /** Validates that every cap present is positive. */
    public TokenBudget {
        requirePositive(total, "TokenBudget.total");
        requirePositive(input, "TokenBudget.input");
        requirePositive(output, "TokenBudget.output");
    }

    /**
     * @param total the cap on input plus output tokens
     * @return a budget capping only the total
     */
    public static TokenBudget total(long total) {
        return new TokenBudget(total, null, null);
    }

    /** @return whether any cap is set */
    public boolean isLimited() {
        return total != null || input != null || output != null;
    }

    /**
     * The cap of one kind.
     *
     * @param kind which cap
     * @return the cap, or null
     */
    public @Nullable Long limit(TokenKind kind) {
        return switch (kind) {
            case TOTAL -> total;
            case INPUT -> input;
            case OUTPUT -> output;
        };
    }

    private static void requirePositive(@Nullable Long cap, String field) {
        if (cap != null && cap <= 0) {
            throw new IllegalArgumentException(field + " must be > 0 or null, was " + cap);
        }
    }
}
