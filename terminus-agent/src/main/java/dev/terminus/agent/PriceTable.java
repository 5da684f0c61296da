package dev.terminus.agent;

import dev.terminus.Preconditions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Prices by model name, for cost accounting and cost budgets.
 *
 * {@snippet :
 * PriceTable prices = PriceTable.builder()
 *         .price("gpt-4o", ModelPrice.of("2.50", "10.00"))
 *         .build();
 * }
 */
public final class PriceTable {

    /** A table with no prices: every run costs nothing. */
    public static final PriceTable EMPTY = new PriceTable(Map.of());

    private final Map<String, ModelPrice> prices;

    private PriceTable(Map<String, ModelPrice> prices) {
        this.prices = Map.copyOf(prices);
    }

    /** @return a builder */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param model a model name
     * @return its price, if the table has one
     * @throws NullPointerException when the model name is null
     */
    public Optional<ModelPrice> priceOf(String model) {
        return Optional.ofNullable(prices.get(Preconditions.notNull(model, "model")));
    }

    /** @return the prices by model name */
    public Map<String, ModelPrice> prices() {
        return prices;
    }

    /** Builds a {@link PriceTable}. */
    public static final class Builder {
        private final Map<String, ModelPrice> prices = new LinkedHashMap<>();

        private Builder() {}

        /**
         * @param model the model name, as {@code Model.name()} reports it
         * @param price its price
         * @return this builder
         */
        public Builder price(String model, ModelPrice price) {
            prices.put(Preconditions.notBlank(model, "model"), Preconditions.notNull(price, "price"));
            return this;
        }

        /** @return the table */
        public PriceTable build() {
            return new PriceTable(prices);
        }
    }
}
