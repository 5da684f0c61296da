package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.LimitReached.Measure;
import dev.terminus.LimitReached.Unit;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LimitReachedTest {

    @Test
    void eachLimitCaseReadsItsUseAndItsLimitByNameWhateverTheOrderOfItsFacts() {
        // given: cases whose facts come in different orders on the wire
        List<LimitReached> cases = List.of(
                new Termination.MaxIterationsReached(10, 11),
                new Termination.MaxToolCallsReached(5, 6),
                new Termination.TokenBudgetExhausted(1_200, 1_000, TokenKind.OUTPUT),
                new Termination.CostBudgetExhausted(new BigDecimal("2.50"), new BigDecimal("2.00")),
                new Termination.TimeBudgetExhausted(30_010, 30_000),
                new Termination.FactBudgetExhausted(101, 100));

        // when
        List<Measure> measures = cases.stream().map(LimitReached::measure).toList();

        // then: the use is always the larger figure here, the limit the smaller
        assertThat(measures).containsExactly(
                new Measure(Unit.ITERATIONS, BigDecimal.valueOf(11), BigDecimal.valueOf(10)),
                new Measure(Unit.TOOL_CALLS, BigDecimal.valueOf(6), BigDecimal.valueOf(5)),
                new Measure(Unit.TOKENS, BigDecimal.valueOf(1_200), BigDecimal.valueOf(1_000)),
                new Measure(Unit.USD, new BigDecimal("2.50"), new BigDecimal("2.00")),
                new Measure(Unit.MILLISECONDS, BigDecimal.valueOf(30_010), BigDecimal.valueOf(30_000)),
                new Measure(Unit.FACTS, BigDecimal.valueOf(101), BigDecimal.valueOf(100)));
    }

    @Test
    void everyCaseThatCarriesBothAUseAndALimitIsALimitReachedAndNoOtherIs() {
        // when
        List<String> limitCases = Arrays.stream(Termination.class.getPermittedSubclasses())
                .filter(LimitReached.class::isAssignableFrom).map(Class::getSimpleName).toList();

        // then
        assertThat(limitCases).containsExactlyInAnyOrder("MaxIterationsReached", "MaxToolCallsReached",
                "TokenBudgetExhausted", "CostBudgetExhausted", "TimeBudgetExhausted", "FactBudgetExhausted");
        assertThat(new Termination.BudgetPressure(0.8)).isNotInstanceOf(LimitReached.class);
        assertThat(new Termination.NaturalCompletion()).isNotInstanceOf(LimitReached.class);
    }

    @Test
    void aMeasureReadsAsItsUseOfItsLimitInItsUnit() {
        // when / then
        assertThat(new Termination.MaxToolCallsReached(5, 6).measure()).hasToString("6 of 5 tool calls");
        assertThat(new Termination.CostBudgetExhausted(new BigDecimal("2.50"), new BigDecimal("2.00")).measure())
                .hasToString("2.50 of 2.00 USD");
    }

    @Test
    void aMeasureWithAMissingFactIsRefusedNamingIt() {
        assertThatThrownBy(() -> new Measure(Unit.TOKENS, null, BigDecimal.ONE))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("Measure.used");
    }
}
