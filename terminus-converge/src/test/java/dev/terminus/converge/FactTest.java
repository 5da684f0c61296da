package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FactTest {

    @Test
    void numbersAreNormalizedAsAJsonReaderWouldReadThemBack() {
        // when
        Fact small = Fact.input("n", 5L);
        Fact big = Fact.input("n", 5_000_000_000L);
        Fact huge = Fact.input("n", new BigInteger("99999999999999999999"));
        Fact fraction = Fact.input("n", new BigDecimal("2.5"));
        Fact single = Fact.input("n", 1.5f);

        // then
        assertThat(small.value()).isEqualTo(5);
        assertThat(big.value()).isEqualTo(5_000_000_000L);
        assertThat(huge.value()).isEqualTo(new BigInteger("99999999999999999999"));
        assertThat(fraction.value()).isEqualTo(2.5);
        assertThat(single.value()).isEqualTo(1.5);
    }

    @Test
    void listsAndMapsAreCopiedDeeplyAndCannotBeModified() {
        // given
        List<Object> lines = new ArrayList<>(List.of(1L, Map.of("x", 2L)));

        // when
        Fact fact = Fact.input("lines", lines);
        lines.add(3);

        // then
        assertThat(fact.value()).isEqualTo(List.of(1, Map.of("x", 2)));
        assertThatThrownBy(() -> ((List<?>) fact.value()).clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void badValuesAreRefusedNamingTheirPath() {
        // when / then
        assertThatThrownBy(() -> Fact.input("k", Map.of("a", List.of(Double.NaN))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Fact.value.a[0] must be a finite number, was NaN");
        assertThatThrownBy(() -> Fact.input("k", Map.of(1, "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Fact.value has a key that is not a string: 1");
        assertThatThrownBy(() -> Fact.input(" ", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Fact.key must not be blank");
        assertThatThrownBy(() -> new Fact("k", 1, null))
                .isInstanceOf(NullPointerException.class).hasMessage("Fact.provenance must not be null");
    }

    @Test
    void aValueNestedTooDeepIsRefused() {
        // given
        Object value = "leaf";
        for (int i = 0; i < 300; i++) {
            value = List.of(value);
        }
        Object deep = value;

        // when / then
        assertThatThrownBy(() -> Fact.input("k", deep))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nests deeper than 256 levels");
    }
}
