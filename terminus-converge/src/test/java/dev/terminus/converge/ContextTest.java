package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextTest {

    @Test
    void ofMakesInputFactsInTheMapsOrder() {
        // given
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("b", 2);
        values.put("a", "one");

        // when
        Context context = Context.of(values);

        // then
        assertThat(context.keys()).containsExactly("b", "a");
        assertThat(context.fact("a")).contains(new Fact("a", "one", Provenance.input()));
        assertThat(context.size()).isEqualTo(2);
        assertThat(context.isEmpty()).isFalse();
    }

    @Test
    void valueReadsAsATypeConvertingNumbersOnlyWhenExact() {
        // given
        Context context = Context.of(Map.of("n", 5, "half", 0.5));

        // when / then
        assertThat(context.value("n", Long.class)).contains(5L);
        assertThat(context.value("missing", String.class)).isEmpty();
        assertThatThrownBy(() -> context.value("half", Integer.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Context.half");
    }

    @Test
    void aJsonNullValueIsAFactWithoutAValue() {
        // given
        Map<String, Object> values = new HashMap<>();
        values.put("nothing", null);

        // when
        Context context = Context.of(values);

        // then
        assertThat(context.contains("nothing")).isTrue();
        assertThat(context.value("nothing")).isNull();
        assertThat(context.value("nothing", String.class)).isEmpty();
    }

    @Test
    void withReturnsANewContextReplacingTheFactInItsPlace() {
        // given
        Context before = Context.of(Map.of("a", 1));
        Fact replacement = new Fact("a", 2, new Provenance("agent", 1, 0.5));

        // when
        Context after = before.with(replacement).with(Fact.input("b", true));

        // then
        assertThat(before.value("a")).isEqualTo(1);
        assertThat(after.facts()).containsExactly(replacement, Fact.input("b", true));
    }

    @Test
    void ofFactsRefusesAKeyTwice() {
        // when / then
        assertThatThrownBy(() -> Context.ofFacts(List.of(Fact.input("a", 1), Fact.input("a", 2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("facts holds key \"a\" twice");
    }

    @Test
    void contextsWithTheSameFactsAreEqualWhateverTheirOrder() {
        // given
        Context one = Context.ofFacts(List.of(Fact.input("a", 1), Fact.input("b", 2)));
        Context two = Context.ofFacts(List.of(Fact.input("b", 2), Fact.input("a", 1)));

        // then
        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one).isNotEqualTo(Context.empty());
        assertThat(one.toString()).isEqualTo("Context[a=1, b=2]");
    }

    @Test
    void itsCollectionsCannotBeModified() {
        // given
        Context context = Context.of(Map.of("a", 1));

        // when / then
        assertThatThrownBy(() -> context.keys().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> context.values().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> context.facts().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aValueThatIsNotJsonIsRefusedNamingItsKey() {
        // when / then
        assertThatThrownBy(() -> Context.of(Map.of("when", new Object())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Fact.value must be a JSON value");
    }
}
