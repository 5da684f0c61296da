package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The integer cost meter agrees exactly with adding up {@link ModelPrice#cost} as BigDecimals. */
class CostMeterTest {

    @Property(tries = 500)
    void theTotalAndTheBudgetCheckEqualTheBigDecimalSum(@ForAll("prices") ModelPrice price,
            @ForAll("usages") List<Usage> calls, @ForAll("budgets") BigDecimal budget) {
        // given
        CostMeter meter = new CostMeter(CostMeter.Pricing.of(price, budget));
        BigDecimal expected = BigDecimal.ZERO;

        for (Usage call : calls) {
            // when
            meter.add(call);
            expected = expected.add(price.cost(call));

            // then
            assertThat(meter.total()).isEqualTo(expected);
            assertThat(meter.reached(budget)).isEqualTo(expected.compareTo(budget) >= 0);
        }
    }

    @Test
    void aModelWithoutAPriceCostsNothing() {
        // given
        CostMeter meter = new CostMeter(null);

        // when
        meter.add(Usage.of(1_000_000, 1_000_000));

        // then
        assertThat(meter.total()).isEqualTo(BigDecimal.ZERO);
        assertThat(meter.reached(new BigDecimal("0.01"))).isFalse();
    }

    @Provide
    Arbitrary<ModelPrice> prices() {
        Arbitrary<BigDecimal> perMillion = Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("100"))
                .ofScale(Arbitraries.integers().between(0, 6).sample());
        Arbitrary<BigDecimal> varied = Arbitraries.oneOf(perMillion,
                Arbitraries.of(new BigDecimal("2.50"), new BigDecimal("3"), new BigDecimal("0.075"), new BigDecimal("15.00")));
        return Combinators.combine(varied, varied, varied).as(ModelPrice::new);
    }

    @Provide
    Arbitrary<List<Usage>> usages() {
        Arbitrary<Usage> usage = Combinators.combine(Arbitraries.longs().between(0, 5_000_000),
                        Arbitraries.longs().between(0, 500_000), Arbitraries.doubles().between(0, 1))
                .as((in, out, cachedShare) -> new Usage(in, out, (long) (in * cachedShare), 0));
        return usage.list().ofMinSize(1).ofMaxSize(12);
    }

    @Provide
    Arbitrary<BigDecimal> budgets() {
        return Arbitraries.bigDecimals().between(new BigDecimal("0.000001"), new BigDecimal("500")).ofScale(6);
    }
}
