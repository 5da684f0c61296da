package dev.terminus.agent;

import dev.terminus.Preconditions;

/**
 * Tokens a model call (or a run, summed) consumed.
 *
 * @param inputTokens prompt tokens, cached ones included
 * @param outputTokens completion tokens, reasoning ones included
 * @param cachedInputTokens the part of the input served from the provider's cache
 * @param reasoningTokens the part of the output spent on reasoning
 */
public record Usage(long inputTokens, long outputTokens, long cachedInputTokens, long reasoningTokens) {

    /** No tokens. */
    public static final Usage ZERO = new Usage(0, 0, 0, 0);

    /** Validates that no count is negative and the parts fit in their wholes. */
    public Usage {
        Preconditions.nonNegative(inputTokens, "Usage.inputTokens");
        Preconditions.nonNegative(outputTokens, "Usage.outputTokens");
        Preconditions.nonNegative(cachedInputTokens, "Usage.cachedInputTokens");
        Preconditions.nonNegative(reasoningTokens, "Usage.reasoningTokens");
        if (cachedInputTokens > inputTokens) {
            throw new IllegalArgumentException("Usage.cachedInputTokens (" + cachedInputTokens
                    + ") must not exceed Usage.inputTokens (" + inputTokens + ")");
        }
        if (reasoningTokens > outputTokens) {
            throw new IllegalArgumentException("Usage.reasoningTokens (" + reasoningTokens
                    + ") must not exceed Usage.outputTokens (" + outputTokens + ")");
        }
    }

    /**
     * Input and output tokens without cache or reasoning detail.
     *
     * @param inputTokens prompt tokens
     * @param outputTokens completion tokens
     * @return the usage
     */
    public static Usage of(long inputTokens, long outputTokens) {
        return new Usage(inputTokens, outputTokens, 0, 0);
    }

    /**
     * Input plus output tokens.
     *
     * @return the total
     */
    public long totalTokens() {
        return inputTokens + outputTokens;
    }

    /**
     * The sum of two usages.
     *
     * @param other the other usage
     * @return a new usage adding every count
     */
    public Usage plus(Usage other) {
        if (other == ZERO) {
            return this;
        }
        return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                cachedInputTokens + other.cachedInputTokens, reasoningTokens + other.reasoningTokens);
    }
}
