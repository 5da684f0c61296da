package dev.terminus.agent;

import dev.terminus.Preconditions;
import java.math.BigDecimal;

/**
 * What a model costs, in US dollars per million tokens.
 *
 * @param inputPerMillion the price of a million uncached input tokens
 * @param cachedInputPerMillion the price of a million cached input tokens
 * @param outputPerMillion the price of a million output tokens
 */
public record ModelPrice(BigDecimal inputPerMillion, BigDecimal cachedInputPerMillion, BigDecimal outputPerMillion) {

    /** Validates that no price is null or negative. */
    public ModelPrice {
        Preconditions.nonNegative(inputPerMillion, "ModelPrice.inputPerMillion");
        Preconditions.nonNegative(cachedInputPerMillion, "ModelPrice.cachedInputPerMillion");
        Preconditions.nonNegative(outputPerMillion, "ModelPrice.outputPerMillion");
    }

    /**
     * A price without a cache discount.
     *
     * @param inputPerMillion dollars per million input tokens, as a decimal string (e.g. {@code "3.00"})
     * @param outputPerMillion dollars per million output tokens
     * @return the price
     */
    public static ModelPrice of(String inputPerMillion, String outputPerMillion) {
        BigDecimal input = new BigDecimal(inputPerMillion);
        return new ModelPrice(input, input, new BigDecimal(outputPerMillion));
    }

    /**
     * The cost of a usage at this price.
     *
     * @param usage the tokens
     * @return the cost in US dollars, exact, without trailing zeros and with a scale of at least 0
     */
    public BigDecimal cost(Usage usage) {
        long uncached = usage.inputTokens() - usage.cachedInputTokens();
        BigDecimal micro = inputPerMillion.multiply(BigDecimal.valueOf(uncached))
                .add(cachedInputPerMillion.multiply(BigDecimal.valueOf(usage.cachedInputTokens())))
                .add(outputPerMillion.multiply(BigDecimal.valueOf(usage.outputTokens())));
        // exact: dividing by 10^6 only moves the decimal point; then no trailing zeros, but never a negative scale
        // (12E+3), so a whole cost reads as a plain integer
        BigDecimal cost = micro.movePointLeft(6).stripTrailingZeros();
        return cost.scale() < 0 ? cost.setScale(0) : cost;
    }
}
