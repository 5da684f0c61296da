package dev.terminus.agent;

import dev.terminus.TokenKind;
import org.jspecify.annotations.Nullable;

/**
 * Caps on the tokens a run may consume: in total, of input, of output. Each is optional. Make one with the factory of
 * its first cap and add the others with {@code with...}; {@link #UNLIMITED} has none.
 *
 * {@snippet :
 * TokenBudget outputOnly = TokenBudget.output(5_000);
 * TokenBudget both = TokenBudget.total(50_000).withOutput(5_000);
 * }
 *
 * <p>The canonical constructor takes each cap as a {@code Long} that may be null (no cap of that kind), for code that
 * carries caps read from elsewhere (a file, a ledger of what is left); the factories are the way to write one.
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
     * @param total the cap on input plus output tokens, at least 1
     * @return a budget capping only the total
     * @throws IllegalArgumentException when the cap is not positive, naming it and the value
     */
    public static TokenBudget total(long total) {
        return new TokenBudget(total, null, null);
    }

    /**
     * @param input the cap on input tokens, at least 1
     * @return a budget capping only the input
     * @throws IllegalArgumentException when the cap is not positive, naming it and the value
     */
    public static TokenBudget input(long input) {
        return new TokenBudget(null, input, null);
    }

    /**
     * @param output the cap on output tokens, at least 1
     * @return a budget capping only the output
     * @throws IllegalArgumentException when the cap is not positive, naming it and the value
     */
    public static TokenBudget output(long output) {
        return new TokenBudget(null, null, output);
    }

    /**
     * @param total the cap on input plus output tokens, at least 1
     * @return this budget with that total cap instead of its own, its other caps unchanged
     * @throws IllegalArgumentException when the cap is not positive, naming it and the value
     */
    public TokenBudget withTotal(long total) {
        return new TokenBudget(total, input, output);
    }

    /**
     * @param input the cap on input tokens, at least 1
     * @return this budget with that input cap instead of its own, its other caps unchanged
     * @throws IllegalArgumentException when the cap is not positive, naming it and the value
     */
    public TokenBudget withInput(long input) {
        return new TokenBudget(total, input, output);
    }

    /**
     * @param output the cap on output tokens, at least 1
     * @return this budget with that output cap instead of its own, its other caps unchanged
     * @throws IllegalArgumentException when the cap is not positive, naming it and the value
     */
    public TokenBudget withOutput(long output) {
        return new TokenBudget(total, input, output);
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
            throw new IllegalArgumentException(field + " must be > 0, was " + cap);
        }
    }
}
