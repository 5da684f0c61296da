package dev.terminus.opentelemetry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class BoundedValuesTest {

    @Test
    void theFirstValuesUpToTheLimitAreAdmittedAndEveryLaterNewOneIsTheOverflowLabel() {
        // given
        var values = new BoundedValues<>(3, "_OTHER", value -> value);

        // when
        Set<String> labels = new HashSet<>();
        for (String value : new String[] {"a", "b", "a", "c", "d", "e", "b"}) {
            labels.add(values.get(value));
        }

        // then
        assertThat(labels).containsExactlyInAnyOrder("a", "b", "c", "_OTHER");
        assertThat(values.get("c")).isEqualTo("c");
        assertThat(values.get("d")).isEqualTo("_OTHER");
        assertThat(values.size()).isEqualTo(3);
    }

    @Test
    void anAdmittedValuesLabelIsDerivedOnceAndReused() {
        // given
        var values = new BoundedValues<>(8, "chat _OTHER", value -> "chat " + value);

        // when
        String first = values.get("gpt-4o");
        String second = values.get(new String("gpt-4o"));

        // then
        assertThat(first).isEqualTo("chat gpt-4o").isSameAs(second);
    }

    @Test
    void aValueThatIsNotAdmissibleIsTheOverflowLabelAndTakesNoPlace() {
        // given
        var values = new BoundedValues<>(2, "Extension", tag -> tag, tag -> Character.isUpperCase(tag.charAt(0)));

        // when
        String refused = values.get("lowercase");

        // then
        assertThat(refused).isEqualTo("Extension");
        assertThat(values.get("First")).isEqualTo("First");
        assertThat(values.get("Second")).isEqualTo("Second");
        assertThat(values.get("Third")).isEqualTo("Extension");
    }

    @Test
    void theLimitHoldsExactlyUnderConcurrentNewValues() throws Exception {
        // given
        var values = new BoundedValues<>(10, "_OTHER", value -> value);
        Set<String> labels = ConcurrentHashMap.newKeySet();

        // when
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 1_000; i++) {
                String value = "value-" + i;
                threads.submit(() -> labels.add(values.get(value)));
            }
        }

        // then
        assertThat(values.size()).isEqualTo(10);
        assertThat(labels).hasSize(11).contains("_OTHER");
    }
}
