package dev.terminus.agent.internal;

import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.jspecify.annotations.Nullable;

/**
 * A run's cost, kept exactly in a {@code long} of the smallest unit the price can produce (10<sup>−(s+6)</sup> US
 * dollars, where {@code s} is the largest scale of the model's three per-million prices), so pricing a call and
 * checking the cost budget allocate nothing. The {@link BigDecimal} the run reports is built only when asked and is
 * the very value (and scale) the run would have had by adding {@link ModelPrice#cost} of every call to
 * {@link BigDecimal#ZERO}: its scale is the largest scale of the calls' costs. Falls back to adding
 * {@code BigDecimal}s when a price or a sum does not fit in a {@code long}.
 *
 * <p>Not thread-safe: the owner ({@link RunState}) guards it.
 */
final class CostMeter {

    /** A price and a cost budget, converted once to the meter's integer unit. */
    record Pricing(ModelPrice price, @Nullable BigDecimal budget, boolean fits, int scale, long input,
            long cachedInput, long output, boolean budgetFits, long budgetUnits) {

        static Pricing of(ModelPrice price, @Nullable BigDecimal budget) {
            int s = Math.max(0, Math.max(price.inputPerMillion().scale(),
                    Math.max(price.cachedInputPerMillion().scale(), price.outputPerMillion().scale())));
            boolean small = s <= 100; // beyond, a long of units could not hold a single token's cost anyway
            long in = small ? units(price.inputPerMillion(), s) : -1;
            long cached = small ? units(price.cachedInputPerMillion(), s) : -1;
            long out = small ? units(price.outputPerMillion(), s) : -1;
            boolean fits = in >= 0 && cached >= 0 && out >= 0;
            boolean budgetFits = false;
            long budgetUnits = 0;
            if (fits && budget != null) {
                // cost >= budget  <=>  costUnits >= ceil(budget * 10^(s+6)), costUnits being an integer
                BigDecimal scaled = budget.movePointRight(s + 6).setScale(0, RoundingMode.CEILING);
                if (scaled.signum() <= 0) {
                    budgetFits = true;
                    budgetUnits = 0;
                } else if (scaled.unscaledValue().bitLength() < Long.SIZE) {
                    budgetFits = true;
                    budgetUnits = scaled.longValueExact();
                }
            }
            return new Pricing(price, budget, fits, s + 6, in, cached, out, budgetFits, budgetUnits);
        }

        /** The price in units of 10^-s, or -1 when it does not fit in a long. */
        private static long units(BigDecimal perMillion, int s) {
            BigDecimal scaled = perMillion.setScale(s, RoundingMode.UNNECESSARY);
            return scaled.unscaledValue().bitLength() < Long.SIZE ? scaled.unscaledValue().longValue() : -1;
        }
    }

    private final @Nullable Pricing pricing;
    /** The cost so far in units of 10^-scale, while exact in a long. */
    private long units;
    /** The largest scale of a call's cost so far (the scale of the sum of the calls' costs). */
    private int maxScale;
    /** The cost so far once the long overflowed (or a price did not fit); null before. */
    private @Nullable BigDecimal big;
    private long lastCall;
    private int lastScale;
    /** The last cost built, or null when it changed since. */
    private @Nullable BigDecimal cached = BigDecimal.ZERO;

    /** @param pricing the model's price and the cost budget, or null when the model has no price */
    CostMeter(@Nullable Pricing pricing) {
        this.pricing = pricing;
    }

    /**
     * Starts from a cost already spent (a resumed run): the meter then adds in {@code BigDecimal}, so the total is the
     * spent amount plus the new calls' costs, exactly.
     */
    void restore(BigDecimal spent) {
        if (spent.signum() != 0) {
            big = spent;
            cached = null;
        }
    }

    /** Adds a call's cost. */
    void add(Usage usage) {
        Pricing p = pricing;
        if (p == null) {
            return; // the run adds BigDecimal.ZERO: nothing changes
        }
        if (big == null && p.fits()) {
            try {
                long uncached = usage.inputTokens() - usage.cachedInputTokens();
                long call = Math.addExact(Math.addExact(Math.multiplyExact(p.input(), uncached),
                        Math.multiplyExact(p.cachedInput(), usage.cachedInputTokens())),
                        Math.multiplyExact(p.output(), usage.outputTokens()));
                long sum = Math.addExact(units, call);
                int scale;
                if (call == lastCall) {
                    scale = lastScale; // calls often cost the same: skip the divisions
                } else {
                    scale = strippedScale(call, p.scale());
                    lastCall = call;
                    lastScale = scale;
                }
                units = sum;
                if (scale > maxScale) {
                    maxScale = scale;
                }
                cached = null;
                return;
            } catch (ArithmeticException overflow) {
                big = total();
            }
        }
        big = (big == null ? total() : big).add(p.price().cost(usage));
        cached = null;
    }

    /**
     * The scale {@link ModelPrice#cost} gives a cost of {@code call × 10^-scale}: without trailing zeros, at least 0.
     */
    private static int strippedScale(long call, int scale) {
        if (call == 0) {
            return 0;
        }
        int s = scale;
        while (s > 0 && call % 10 == 0) {
            call /= 10;
            s--;
        }
        return s;
    }

    /** @return the cost so far, exactly as the sum of the calls' {@link ModelPrice#cost}s */
    /** @return what a call of this usage costs at the meter's price; zero without one */
    BigDecimal costOf(Usage usage) {
        Pricing p = pricing;
        return p == null ? BigDecimal.ZERO : p.price().cost(usage);
    }

    /** Adds money spent elsewhere (a child run's, at its own model's price). */
    void addUsd(BigDecimal usd) {
        if (usd.signum() != 0) {
            big = total().add(usd);
            cached = null;
        }
    }

    BigDecimal total() {
        BigDecimal c = cached;
        if (c == null) {
            c = big != null ? big : BigDecimal.valueOf(units, pricing.scale()).setScale(maxScale, RoundingMode.UNNECESSARY);
            if (big == null && units == 0 && maxScale == 0) {
                c = BigDecimal.ZERO;
            }
            cached = c;
        }
        return c;
    }

    /** @return whether the cost so far has reached the budget (the budget the pricing was made with) */
    boolean reached(BigDecimal budget) {
        Pricing p = pricing;
        if (p != null && big == null && p.fits() && p.budget() == budget) {
            return p.budgetFits() && units >= p.budgetUnits();
        }
        return total().compareTo(budget) >= 0;
    }
}
