package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreconditionsTest {

    @Test
    void notNullReturnsTheValue() {
        // given
        String value = "x";

        // when
        String returned = Preconditions.notNull(value, "A.b");

        // then
        assertThat(returned).isSameAs(value);
    }

    @Test
    void notNullRejectsNullNamingTheField() {
        // given
        Object value = null;

        // when / then
        assertThatThrownBy(() -> Preconditions.notNull(value, "A.b"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("A.b must not be null");
    }

    @Test
    void nonNegativeIntAcceptsZero() {
        // given
        int value = 0;

        // when
        int returned = Preconditions.nonNegative(value, "A.count");

        // then
        assertThat(returned).isZero();
    }

    @Test
    void negativeIntIsRejectedNamingTheFieldAndValue() {
        // given
        int value = -1;

        // when / then
        assertThatThrownBy(() -> Preconditions.nonNegative(value, "A.count"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A.count must be >= 0, was -1");
    }

    @Test
    void nonNegativeLongAcceptsLargeValues() {
        // given
        long value = Long.MAX_VALUE;

        // when
        long returned = Preconditions.nonNegative(value, "A.count");

        // then
        assertThat(returned).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void negativeLongIsRejectedNamingTheFieldAndValue() {
        // given
        long value = Long.MIN_VALUE;

        // when / then
        assertThatThrownBy(() -> Preconditions.nonNegative(value, "A.count"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A.count must be >= 0, was " + Long.MIN_VALUE);
    }

    @Test
    void nonNegativeOrNullAcceptsNull() {
        // given
        Long value = null;

        // when
        Long returned = Preconditions.nonNegativeOrNull(value, "A.tokens");

        // then
        assertThat(returned).isNull();
    }

    @Test
    void nonNegativeOrNullReturnsAPositiveValue() {
        // given
        BigDecimal value = new BigDecimal("0.01");

        // when
        BigDecimal returned = Preconditions.nonNegativeOrNull(value, "A.usd");

        // then
        assertThat(returned).isSameAs(value);
    }

    @Test
    void negativeNumberIsRejectedNamingTheFieldAndValue() {
        // given
        Integer value = -2;

        // when / then
        assertThatThrownBy(() -> Preconditions.nonNegativeOrNull(value, "A.tokens"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A.tokens must be >= 0 or null, was -2");
    }

    @Test
    void immutableListCopiesTheSource() {
        // given
        List<String> source = new ArrayList<>(List.of("a"));
        List<String> copy = Preconditions.immutableList(source, "A.items");

        // when
        source.add("b");

        // then
        assertThat(copy).containsExactly("a");
    }

    @Test
    void immutableListRejectsMutation() {
        // given
        List<String> copy = Preconditions.immutableList(new ArrayList<>(List.of("a")), "A.items");

        // when / then
        assertThatThrownBy(() -> copy.add("b")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void immutableListReturnsAnAlreadyImmutableListItself() {
        // given
        List<String> immutable = List.copyOf(List.of("a", "b"));

        // when
        List<String> returned = Preconditions.immutableList(immutable, "A.items");

        // then
        assertThat(returned).isSameAs(immutable);
    }

    @Test
    void immutableListRejectsANullListNamingTheField() {
        // given
        List<String> list = null;

        // when / then
        assertThatThrownBy(() -> Preconditions.immutableList(list, "A.items"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("A.items must not be null");
    }

    @Test
    void immutableListRejectsANullElementNamingItsIndex() {
        // given
        List<String> list = Arrays.asList("a", "b", null);

        // when / then
        assertThatThrownBy(() -> Preconditions.immutableList(list, "A.items"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("A.items[2] must not be null");
    }

    @Test
    void notBlankReturnsTheValue() {
        // given
        String value = " x ";

        // when
        String returned = Preconditions.notBlank(value, "A.name");

        // then
        assertThat(returned).isSameAs(value);
    }

    @Test
    void emptyStringIsRejectedAsBlankNamingTheField() {
        // given
        String value = "";

        // when / then
        assertThatThrownBy(() -> Preconditions.notBlank(value, "A.name"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A.name must not be blank, was \"\"");
    }

    @Test
    void whitespaceStringIsRejectedAsBlankShowingTheValue() {
        // given
        String value = " \t";

        // when / then
        assertThatThrownBy(() -> Preconditions.notBlank(value, "A.name"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A.name must not be blank, was \" \t\"");
    }

    @Test
    void notBlankRejectsNullAsNull() {
        // given
        String value = null;

        // when / then
        assertThatThrownBy(() -> Preconditions.notBlank(value, "A.name"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("A.name must not be null");
    }
}
