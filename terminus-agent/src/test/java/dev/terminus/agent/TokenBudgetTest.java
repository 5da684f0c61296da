package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.TokenKind;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class TokenBudgetTest {

    @Test
    void unlimitedHasNoCap() {
        // given
        TokenBudget budget = TokenBudget.UNLIMITED;

        // when / then
        assertThat(budget.isLimited()).isFalse();
        assertThat(budget.limit(TokenKind.TOTAL)).isNull();
        assertThat(budget.limit(TokenKind.INPUT)).isNull();
        assertThat(budget.limit(TokenKind.OUTPUT)).isNull();
    }

    @Test
    void totalCapsOnlyTheTotal() {
        // given
        TokenBudget budget = TokenBudget.total(50_000);

        // when / then
        assertThat(budget.isLimited()).isTrue();
        assertThat(budget.limit(TokenKind.TOTAL)).isEqualTo(50_000L);
        assertThat(budget.limit(TokenKind.INPUT)).isNull();
        assertThat(budget.limit(TokenKind.OUTPUT)).isNull();
    }

    @Test
    void inputCapsOnlyTheInput() {
        // given
        TokenBudget budget = TokenBudget.input(8_000);

        // when / then
        assertThat(budget.isLimited()).isTrue();
        assertThat(budget).isEqualTo(new TokenBudget(null, 8_000L, null));
    }

    @Test
    void outputCapsOnlyTheOutput() {
        // given
        TokenBudget budget = TokenBudget.output(5_000);

        // when / then
        assertThat(budget.isLimited()).isTrue();
        assertThat(budget).isEqualTo(new TokenBudget(null, null, 5_000L));
    }

    @Test
    void capsCombineIntoOneBudget() {
        // given
        TokenBudget total = TokenBudget.total(10_000);

        // when
        TokenBudget all = total.withInput(8_000).withOutput(2_000);

        // then
        assertThat(all.limit(TokenKind.TOTAL)).isEqualTo(10_000L);
        assertThat(all.limit(TokenKind.INPUT)).isEqualTo(8_000L);
        assertThat(all.limit(TokenKind.OUTPUT)).isEqualTo(2_000L);
        assertThat(total).isEqualTo(TokenBudget.total(10_000));
    }

    @Test
    void aCapAddedAgainReplacesTheOneBefore() {
        // given
        TokenBudget budget = TokenBudget.output(100).withTotal(1_000);

        // when
        TokenBudget changed = budget.withOutput(200).withTotal(2_000);

        // then
        assertThat(changed).isEqualTo(TokenBudget.total(2_000).withOutput(200));
    }

    @Test
    void theFactoriesOrderDoesNotMatter() {
        // when
        TokenBudget one = TokenBudget.input(3).withOutput(2).withTotal(4);
        TokenBudget other = TokenBudget.total(4).withInput(3).withOutput(2);

        // then
        assertThat(one).isEqualTo(other).isEqualTo(new TokenBudget(4L, 3L, 2L));
    }

    static Stream<Arguments> factories() {
        return Stream.of(
                Arguments.of("TokenBudget.total", (LongFunction<TokenBudget>) TokenBudget::total),
                Arguments.of("TokenBudget.input", (LongFunction<TokenBudget>) TokenBudget::input),
                Arguments.of("TokenBudget.output", (LongFunction<TokenBudget>) TokenBudget::output),
                Arguments.of("TokenBudget.total", (LongFunction<TokenBudget>) TokenBudget.output(1)::withTotal),
                Arguments.of("TokenBudget.input", (LongFunction<TokenBudget>) TokenBudget.total(1)::withInput),
                Arguments.of("TokenBudget.output", (LongFunction<TokenBudget>) TokenBudget.input(1)::withOutput));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("factories")
    void everyFactoryRefusesACapBelowOneNamingTheCapAndTheValue(String cap, LongFunction<TokenBudget> factory) {
        // when / then
        assertThatThrownBy(() -> factory.apply(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(cap + " must be > 0, was 0");
        assertThatThrownBy(() -> factory.apply(-7))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(cap + " must be > 0, was -7");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void nonPositiveTotalIsRefusedNamingTheFieldAndValue(long cap) {
        // when / then
        assertThatThrownBy(() -> TokenBudget.total(cap))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TokenBudget.total must be > 0, was " + cap);
    }

    @Test
    void theCanonicalConstructorTakesAbsentCapsAsNull() {
        // when
        TokenBudget budget = new TokenBudget(null, 10L, null);

        // then
        assertThat(budget).isEqualTo(TokenBudget.input(10));
    }

    @Test
    void theCanonicalConstructorRefusesANonPositiveCapNamingIt() {
        // when / then
        assertThatThrownBy(() -> new TokenBudget(5L, 5L, -3L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TokenBudget.output must be > 0, was -3");
    }

    @Test
    void smallestCapIsOne() {
        // when
        TokenBudget budget = TokenBudget.total(1).withInput(1).withOutput(1);

        // then
        assertThat(budget.total()).isEqualTo(1L);
        assertThat(budget.input()).isEqualTo(1L);
        assertThat(budget.output()).isEqualTo(1L);
    }
}
