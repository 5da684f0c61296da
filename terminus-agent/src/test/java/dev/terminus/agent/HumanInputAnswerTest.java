package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HumanInputAnswerTest {
    private static final HumanInputRequest ASKED = HumanInputRequest.of("Which account?", Map.of("type", "object"),
            "mcp:payments");

    @Test
    void anAcceptedAnswerCarriesACopyOfTheContent() {
        // given
        Map<String, Object> content = new HashMap<>(Map.of("iban", "DE89"));

        // when
        HumanInputAnswer answer = HumanInputAnswer.accepted(ASKED, content);
        content.put("iban", "FR76");

        // then
        assertThat(answer.request()).isEqualTo(ASKED);
        assertThat(answer.answered()).contains(Map.of("iban", "DE89"));
        assertThat(answer.declinedBecause()).isNull();
    }

    @Test
    void aDeclinedAnswerCarriesTheReasonAndNoContent() {
        // when
        HumanInputAnswer answer = HumanInputAnswer.declined(ASKED, "not my account to give");

        // then
        assertThat(answer.answered()).isEmpty();
        assertThat(answer.declinedBecause()).isEqualTo("not my account to give");
    }

    @Test
    void bothOrNeitherOfContentAndReasonIsRefused() {
        // when / then
        assertThatThrownBy(() -> new HumanInputAnswer(ASKED, Map.of(), "no"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("HumanInputAnswer needs exactly one of content and declinedBecause, was both");
        assertThatThrownBy(() -> new HumanInputAnswer(ASKED, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("HumanInputAnswer needs exactly one of content and declinedBecause, was neither");
        assertThatThrownBy(() -> HumanInputAnswer.declined(null, "no"))
                .isInstanceOf(NullPointerException.class).hasMessage("HumanInputAnswer.request must not be null");
    }
}
