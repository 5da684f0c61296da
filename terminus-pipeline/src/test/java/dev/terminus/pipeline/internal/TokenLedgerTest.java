package dev.terminus.pipeline.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class TokenLedgerTest {

    @Test
    void withoutBudgetsEveryRunIsUncapped() {
        // given
        TokenLedger ledger = new TokenLedger(TokenBudget.UNLIMITED, List.of());
        ledger.charge(-1, Usage.of(1_000_000, 1_000_000));

        // when / then
        assertThat(ledger.shortfall(-1, TokenLedger.ANY_TOKEN)).isNull();
        assertThat(ledger.allowance(-1, TokenBudget.UNLIMITED)).isSameAs(TokenBudget.UNLIMITED);
    }

    @Test
    void theAllowanceIsPerKindTheLeastOfStagePipelineAndPhase() {
        // given
        TokenLedger ledger = new TokenLedger(TokenBudget.total(1_000).withOutput(300),
                List.of(TokenBudget.total(400).withInput(350)));
        ledger.charge(0, Usage.of(100, 50));

        // when
        TokenBudget allowance = ledger.allowance(0, TokenBudget.output(200));

        // then: total min(1000-150, 400-150) = 250; input 350-100 = 250; output min(200, 300-50) = 200
        assertThat(allowance).isEqualTo(TokenBudget.total(250).withInput(250).withOutput(200));
    }

    @Test
    void theShortBudgetIsReportedWithItsOwnFiguresThePipelineFirst() {
        // given
        TokenLedger ledger = new TokenLedger(TokenBudget.total(100), List.of(TokenBudget.total(50)));
        ledger.charge(0, Usage.of(40, 20));

        // when / then
        assertThat(ledger.shortfall(0, TokenLedger.ANY_TOKEN))
                .isEqualTo(new Termination.TokenBudgetExhausted(60, 50, TokenKind.TOTAL));
        ledger.charge(-1, Usage.of(40, 0));
        assertThat(ledger.shortfall(-1, TokenLedger.ANY_TOKEN))
                .isEqualTo(new Termination.TokenBudgetExhausted(100, 100, TokenKind.TOTAL));
    }

    @Test
    void aPrebuiltAgentNeedsItsWholeBudgetLeft() {
        // given
        TokenLedger ledger = new TokenLedger(TokenBudget.total(100), List.of());
        ledger.charge(-1, Usage.of(70, 0));

        // when / then
        assertThat(ledger.shortfall(-1, TokenBudget.total(30))).isNull();
        assertThat(ledger.shortfall(-1, TokenBudget.total(31)))
                .isEqualTo(new Termination.TokenBudgetExhausted(70, 100, TokenKind.TOTAL));
    }

    @Test
    void anAllowanceWithNothingLeftIsADefectOfTheCaller() {
        // given
        TokenLedger ledger = new TokenLedger(TokenBudget.total(10), List.of());
        ledger.charge(-1, Usage.of(10, 0));

        // when / then
        assertThatThrownBy(() -> ledger.allowance(-1, TokenBudget.UNLIMITED)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void exceedingNamesTheFirstKindABudgetDoesNotCapTightEnough() {
        assertThat(TokenLedger.exceeding(TokenBudget.total(10), TokenBudget.total(10))).isNull();
        assertThat(TokenLedger.exceeding(TokenBudget.total(11), TokenBudget.total(10))).isEqualTo(TokenKind.TOTAL);
        assertThat(TokenLedger.exceeding(TokenBudget.total(5), TokenBudget.input(3)))
                .isEqualTo(TokenKind.INPUT);
        assertThat(TokenLedger.exceeding(TokenBudget.UNLIMITED, TokenBudget.UNLIMITED)).isNull();
    }

    @Test
    void describeSaysTheCapsInWords() {
        assertThat(TokenLedger.describe(TokenBudget.UNLIMITED)).isEqualTo("unlimited");
        assertThat(TokenLedger.describe(TokenBudget.total(500).withOutput(200))).isEqualTo("total 500, output 200");
    }

    @Property
    void anAllowanceNeverExceedsWhatRemains(@ForAll @LongRange(min = 1, max = 10_000) long limit,
            @ForAll @LongRange(min = 0, max = 10_000) long used, @ForAll @LongRange(min = 1, max = 10_000) long stage) {
        // given
        TokenLedger ledger = new TokenLedger(TokenBudget.total(limit), List.of());
        ledger.charge(-1, Usage.of(used, 0));

        // when
        Termination.TokenBudgetExhausted shortfall = ledger.shortfall(-1, TokenLedger.ANY_TOKEN);

        // then
        if (used >= limit) {
            assertThat(shortfall).isEqualTo(new Termination.TokenBudgetExhausted(used, limit, TokenKind.TOTAL));
        } else {
            assertThat(shortfall).isNull();
            assertThat(ledger.allowance(-1, TokenBudget.total(stage)).total()).isEqualTo(Math.min(stage, limit - used));
        }
    }
}
