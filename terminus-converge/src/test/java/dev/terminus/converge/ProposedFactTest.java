package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProposedFactTest {

    @Test
    void ofProposesWithFullConfidence() {
        // when
        ProposedFact fact = ProposedFact.of("total", 12L);

        // then
        assertThat(fact).isEqualTo(new ProposedFact("total", 12, 1.0));
    }

    @Test
    void badValuesAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> new ProposedFact("k", 1, -0.1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ProposedFact.confidence must be in [0, 1], was -0.1");
        assertThatThrownBy(() -> new ProposedFact("k", new StringBuilder(), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("ProposedFact.value must be a JSON");
        assertThatThrownBy(() -> ProposedFact.of(null, 1))
                .isInstanceOf(NullPointerException.class).hasMessage("ProposedFact.key must not be null");
    }
}
