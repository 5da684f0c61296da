package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CriterionResultTest {

    @Test
    void metIsAMetResult() {
        // when / then
        assertThat(CriterionResult.met()).isEqualTo(new CriterionResult.Met());
    }

    @Test
    void notMetKeepsTheReason() {
        // when
        CriterionResult result = CriterionResult.notMet("cite a source");

        // then
        assertThat(result).isEqualTo(new CriterionResult.NotMet("cite a source"));
        assertThat(((CriterionResult.NotMet) result).reason()).isEqualTo("cite a source");
    }

    @Test
    void blockedKeepsTheApprovalReference() {
        // when
        CriterionResult result = CriterionResult.blocked("https://tickets.example.org/7");

        // then
        assertThat(result).isEqualTo(new CriterionResult.Blocked("https://tickets.example.org/7"));
        assertThat(((CriterionResult.Blocked) result).approvalRef()).isEqualTo("https://tickets.example.org/7");
    }

    @Test
    void resultsOfDifferentKindsOrComponentsDiffer() {
        // when / then
        assertThat(CriterionResult.notMet("x")).isNotEqualTo(CriterionResult.blocked("x"))
                .isNotEqualTo(CriterionResult.notMet("y"));
        assertThat(CriterionResult.met()).isNotEqualTo(CriterionResult.notMet(""));
    }

    @Test
    void theKindIsFoundByAnExhaustiveSwitch() {
        // given
        CriterionResult result = CriterionResult.blocked("TICKET-7");

        // when
        String text = switch (result) {
            case CriterionResult.Met met -> "met";
            case CriterionResult.NotMet(String reason) -> "not met: " + reason;
            case CriterionResult.Blocked(String approvalRef) -> "blocked on " + approvalRef;
        };

        // then
        assertThat(text).isEqualTo("blocked on TICKET-7");
    }

    @Test
    void aNullReasonOrReferenceIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> CriterionResult.notMet(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("NotMet.reason must not be null");
        assertThatThrownBy(() -> CriterionResult.blocked(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Blocked.approvalRef must not be null");
    }
}
