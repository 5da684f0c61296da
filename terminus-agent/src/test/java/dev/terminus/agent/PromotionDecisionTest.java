package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PromotionDecisionTest {

    @Test
    void acceptIsAnAcceptance() {
        // when / then
        assertThat(PromotionDecision.accept()).isEqualTo(new PromotionDecision.Accept());
    }

    @Test
    void rejectKeepsTheReason() {
        // when
        PromotionDecision decision = PromotionDecision.reject("the answer must fit in 280 characters");

        // then
        assertThat(decision).isEqualTo(new PromotionDecision.Reject("the answer must fit in 280 characters"));
        assertThat(((PromotionDecision.Reject) decision).reason()).isEqualTo("the answer must fit in 280 characters");
    }

    @Test
    void decisionsOfDifferentKindsOrReasonsDiffer() {
        // when / then
        assertThat(PromotionDecision.accept()).isNotEqualTo(PromotionDecision.reject(""));
        assertThat(PromotionDecision.reject("a")).isNotEqualTo(PromotionDecision.reject("b"));
    }

    @Test
    void theKindIsFoundByAnExhaustiveSwitch() {
        // given
        PromotionDecision decision = PromotionDecision.reject("too long");

        // when
        String text = switch (decision) {
            case PromotionDecision.Accept accept -> "accepted";
            case PromotionDecision.Reject(String reason) -> "rejected: " + reason;
        };

        // then
        assertThat(text).isEqualTo("rejected: too long");
    }

    @Test
    void aNullReasonIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> PromotionDecision.reject(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Reject.reason must not be null");
    }
}
