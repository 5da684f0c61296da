package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DecisionTest {

    @Test
    void everyDecisionNamesItsGate() {
        // then
        assertThat(Decision.approve("gate-1")).isEqualTo(new Decision.Approve("gate-1"));
        assertThat(Decision.reject("gate-2", "no").gateId()).isEqualTo("gate-2");
    }

    @Test
    void badValuesAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> Decision.approve(" ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Approve.gateId must not be blank");
        assertThatThrownBy(() -> Decision.reject("g", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("Reject.reason must not be null");
    }
}
