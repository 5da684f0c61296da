package dev.terminus.agent;

import dev.terminus.internal.Checks;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * What a model costs, in US dollars per million tokens.
 *
 * @param inputPerMillion the price of a million uncached input tokens
 * @param cachedInputPerMillion the price of a million cached input tokens
 * @param outputPerMillion the price of a million output tokens
 */
public record ModelPrice(BigDecimal inputPerMillion, BigDecimal cachedInputPerMillion, BigDecimal outputPerMillion) {

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** Validates that no price is null or negative. */
    public ModelPrice {
        Checks.nonNegative(inputPerMillion, "ModelPrice.inputPerMillion");
        Checks.nonNegative(cachedInputPerMillion, "ModelPrice.cachedInputPerMillion");
        Checks.nonNegative(outputPerMillion, "ModelPrice.outputPerMillion");
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
     * @return the cost in US dollars, exact
     */
    public BigDecimal cost(Usage usage) {
        long uncached = usage.inputTokens() - usage.cachedInputTokens();
        BigDecimal micro = inputPerMillion.multiply(BigDecimal.valueOf(uncached))
                .add(cachedInputPerMillion.multiply(BigDecimal.valueOf(usage.cachedInputTokens())))
                .add(outputPerMillion.multiply(BigDecimal.valueOf(usage.outputTokens())));
        return micro.divide(MILLION, MathContext.DECIMAL128).stripTrailingZeros();
    }
}
