package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ModelPriceTest {

    @Test
    void ofUsesTheInputPriceForCachedInput() {
        // when
        ModelPrice price = ModelPrice.of("2.50", "10.00");

        // then
        assertThat(price.inputPerMillion()).isEqualTo(new BigDecimal("2.50"));
        assertThat(price.cachedInputPerMillion()).isEqualTo(new BigDecimal("2.50"));
        assertThat(price.outputPerMillion()).isEqualTo(new BigDecimal("10.00"));
    }

    @Test
    void costIsExactDecimalArithmetic() {
        // given: $3 per million input, $15 per million output
        ModelPrice price = ModelPrice.of("3", "15");

        // when
        BigDecimal cost = price.cost(Usage.of(1_234, 567));

        // then: 1234 * 3 / 1e6 + 567 * 15 / 1e6 = 0.003702 + 0.008505
        assertThat(cost).isEqualTo(new BigDecimal("0.012207"));
    }

    @Test
    void costHasNoBinaryFloatingPointError() {
        // given: prices whose sum is inexact in double (0.1 + 0.2)
        ModelPrice price = ModelPrice.of("0.1", "0.2");

        // when
        BigDecimal cost = price.cost(Usage.of(1_000_000, 1_000_000));

        // then
        assertThat(cost).isEqualByComparingTo("0.3");
    }

    @Test
    void cachedInputIsChargedAtItsOwnPrice() {
        // given: $2 uncached, $0.50 cached, $8 output per million
        ModelPrice price = new ModelPrice(new BigDecimal("2.00"), new BigDecimal("0.50"), new BigDecimal("8.00"));
        Usage usage = new Usage(1_000_000, 500_000, 400_000, 0);

        // when
        BigDecimal cost = price.cost(usage);

        // then: 600k uncached * 2 + 400k cached * 0.5 + 500k output * 8 = 1.2 + 0.2 + 4.0
        assertThat(cost).isEqualByComparingTo("5.4");
    }

    @Test
    void fullyCachedInputCostsOnlyTheCachedPrice() {
        // given
        ModelPrice price = new ModelPrice(new BigDecimal("3"), new BigDecimal("0.3"), new BigDecimal("15"));
        Usage usage = new Usage(2_000, 0, 2_000, 0);

        // when
        BigDecimal cost = price.cost(usage);

        // then: 2000 * 0.3 / 1e6
        assertThat(cost).isEqualByComparingTo("0.0006");
    }

    @Test
    void reasoningTokensAreChargedAsPartOfTheOutput() {
        // given
        ModelPrice price = ModelPrice.of("1", "10");
        Usage withReasoning = new Usage(0, 1_000, 0, 900);
        Usage withoutReasoning = new Usage(0, 1_000, 0, 0);

        // when / then
        assertThat(price.cost(withReasoning)).isEqualByComparingTo(price.cost(withoutReasoning))
                .isEqualByComparingTo("0.01");
    }

    @Test
    void costOfASingleTokenKeepsEveryDigit() {
        // given
        ModelPrice price = ModelPrice.of("0.075", "0.3");

        // when
        BigDecimal cost = price.cost(Usage.of(1, 0));

        // then
        assertThat(cost).isEqualTo(new BigDecimal("0.000000075"));
    }

    @Test
    void costOfNothingIsZero() {
        // given
        ModelPrice price = ModelPrice.of("3", "15");

        // when
        BigDecimal cost = price.cost(Usage.ZERO);

        // then
        assertThat(cost).isEqualByComparingTo(BigDecimal.ZERO);
    }

    @Test
    void costIsNotRoundedForLargeUsage() {
        // given
        ModelPrice price = ModelPrice.of("1.23456789", "9.87654321");

        // when
        BigDecimal cost = price.cost(Usage.of(123_456_789_012L, 987_654_321_098L));

        // then: (123456789012 * 1.23456789 + 987654321098 * 9.87654321) / 1e6, computed by hand in BigDecimal
        BigDecimal expected = new BigDecimal("1.23456789").multiply(new BigDecimal("123456789012"))
                .add(new BigDecimal("9.87654321").multiply(new BigDecimal("987654321098")))
                .movePointLeft(6);
        assertThat(cost).isEqualByComparingTo(expected);
    }

    @Test
    void negativePriceIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new ModelPrice(new BigDecimal("1"), new BigDecimal("-0.5"), new BigDecimal("1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ModelPrice.cachedInputPerMillion must be >= 0, was -0.5");
    }

    @Test
    void negativeOutputPriceFromStringsIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> ModelPrice.of("1", "-2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ModelPrice.outputPerMillion must be >= 0, was -2");
    }

    @Test
    void nullPriceIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new ModelPrice(null, BigDecimal.ONE, BigDecimal.ONE))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ModelPrice.inputPerMillion must not be null");
    }

    @Test
    void freePriceIsAllowed() {
        // given
        ModelPrice price = ModelPrice.of("0", "0");

        // when / then
        assertThat(price.cost(Usage.of(1_000, 1_000))).isEqualByComparingTo(BigDecimal.ZERO);
    }

    @Test
    void ofRefusesAStringThatIsNotADecimal() {
        // when / then
        assertThatThrownBy(() -> ModelPrice.of("three", "1")).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void costStaysExactBeyondThirtyFourSignificantDigits() {
        // given: a price with 30 significant digits, times 12 digits of tokens
        BigDecimal perMillion = new BigDecimal("1.23456789012345678901234567891");
        ModelPrice price = new ModelPrice(perMillion, perMillion, BigDecimal.ZERO);
        long tokens = 987_654_321_987L;

        // when
        BigDecimal cost = price.cost(Usage.of(tokens, 0));

        // then
        assertThat(cost).isEqualByComparingTo(perMillion.multiply(BigDecimal.valueOf(tokens)).movePointLeft(6));
    }

    @Test
    void aWholeCostHasScaleZeroNotAnExponent() {
        // given
        ModelPrice price = ModelPrice.of("10", "0");

        // when: 10 * 1e9 / 1e6 = 10000, which stripTrailingZeros alone would give as 1E+4
        BigDecimal cost = price.cost(Usage.of(1_000_000_000L, 0));

        // then
        assertThat(cost).isEqualTo(new BigDecimal("10000"));
        assertThat(cost.scale()).isZero();
        assertThat(cost.toString()).isEqualTo("10000");
    }

    @Test
    void aCostHasNoTrailingZeros() {
        // given
        ModelPrice price = ModelPrice.of("2.50", "10.00");

        // when: 2.50 * 1000 / 1e6 + 10.00 * 200 / 1e6 = 0.0025 + 0.002
        BigDecimal cost = price.cost(Usage.of(1_000, 200));

        // then
        assertThat(cost).isEqualTo(new BigDecimal("0.0045"));
    }

    @Test
    void aZeroCostIsPlainZero() {
        // when
        BigDecimal cost = ModelPrice.of("0.00", "0.00").cost(Usage.of(1_000, 1_000));

        // then
        assertThat(cost).isEqualTo(BigDecimal.ZERO);
        assertThat(cost.toString()).isEqualTo("0");
    }
}
