package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.TokenKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
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
    void limitReturnsTheCapOfEachKind() {
        // given
        TokenBudget budget = new TokenBudget(300L, 200L, 100L);

        // when / then
        assertThat(budget.limit(TokenKind.TOTAL)).isEqualTo(300L);
        assertThat(budget.limit(TokenKind.INPUT)).isEqualTo(200L);
        assertThat(budget.limit(TokenKind.OUTPUT)).isEqualTo(100L);
    }

    @Test
    void anySingleCapMakesTheBudgetLimited() {
        // given
        TokenBudget inputOnly = new TokenBudget(null, 10L, null);
        TokenBudget outputOnly = new TokenBudget(null, null, 10L);

        // when / then
        assertThat(inputOnly.isLimited()).isTrue();
        assertThat(outputOnly.isLimited()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void nonPositiveTotalIsRefusedNamingTheFieldAndValue(long cap) {
        // when / then
        assertThatThrownBy(() -> TokenBudget.total(cap))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TokenBudget.total must be > 0 or null, was " + cap);
    }

    @Test
    void nonPositiveInputCapIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new TokenBudget(null, 0L, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TokenBudget.input must be > 0 or null, was 0");
    }

    @Test
    void nonPositiveOutputCapIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new TokenBudget(5L, 5L, -3L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TokenBudget.output must be > 0 or null, was -3");
    }

    @Test
    void smallestCapIsOne() {
        // when
        TokenBudget budget = new TokenBudget(1L, 1L, 1L);

        // then
        assertThat(budget.total()).isEqualTo(1L);
    }
}
