package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HumanInputNeededTest {

    @Test
    void theSignalCarriesTheRequestAndSaysWhatIsAsked() {
        // given
        HumanInputRequest asked = HumanInputRequest.of("Which account?", Map.of("type", "object"), "mcp:payments");

        // when
        HumanInputNeeded needed = new HumanInputNeeded(asked);

        // then: a control signal, not an error: no stack trace is filled in
        assertThat(needed.request()).isSameAs(asked);
        assertThat(needed).hasMessage("a person's input is needed: Which account?");
        assertThat(needed.getStackTrace()).isEmpty();
    }

    @Test
    void aNullRequestIsRefused() {
        // when / then
        assertThatThrownBy(() -> new HumanInputNeeded(null))
                .isInstanceOf(NullPointerException.class).hasMessage("request must not be null");
    }
}
