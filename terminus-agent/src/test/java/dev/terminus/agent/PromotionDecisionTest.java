package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.Termination;
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
            case PromotionDecision.End(Termination own) -> "ended: " + own.tag();
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

    /** An application's own case. */
    record NeedsLegalReview(String clause) implements Termination.Extension {
        @Override public String tag() { return "NeedsLegalReview"; }
        @Override public Category category() { return Category.SUSPENDED; }
    }

    @Test
    void endCarriesTheApplicationsOwnCase() {
        // given
        var review = new NeedsLegalReview("4.2");

        // when
        PromotionDecision decision = PromotionDecision.end(review);

        // then
        assertThat(decision).isEqualTo(new PromotionDecision.End(review));
        assertThat(((PromotionDecision.End) decision).termination()).isSameAs(review);
    }

    @Test
    void endRefusesAFrameworkCaseNamingIt() {
        // when / then
        assertThatThrownBy(() -> PromotionDecision.end(new Termination.PromotionRejected("answer-1", "no")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("End.termination must be an application's own case")
                .hasMessageContaining("was PromotionRejected[proposalId=answer-1, reason=no]");
    }
}
