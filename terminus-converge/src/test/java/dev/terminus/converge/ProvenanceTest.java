package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProvenanceTest {

    @Test
    void inputIsTheProvenanceOfTheFactsARunStartsWith() {
        // when
        Provenance input = Provenance.input();

        // then
        assertThat(input).isEqualTo(new Provenance("input", 0, 1.0));
    }

    @Test
    void badValuesAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> new Provenance("a", -1, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Provenance.cycle must be >= 0, was -1");
        assertThatThrownBy(() -> new Provenance("a", 1, 1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Provenance.confidence must be in [0, 1], was 1.5");
        assertThatThrownBy(() -> new Provenance("a", 1, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was NaN");
        assertThatThrownBy(() -> new Provenance("", 1, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Provenance.agent must not be blank");
    }
}
