package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskTest {

    @Test
    void aTaskKeepsItsExpectedAnswerAndAnOrderedUnmodifiableCopyOfItsMetadata() {
        // given
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("level", 2);
        metadata.put("topic", null);

        // when
        Task task = new Task("t1", "What is 2 + 2?", "4", metadata);
        metadata.put("later", true);

        // then
        assertThat(task.expected()).isEqualTo("4");
        assertThat(task.metadata()).containsExactly(Map.entry("level", 2), new HashMap.SimpleEntry<>("topic", null));
        assertThatThrownBy(() -> task.metadata().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theShortFactoriesLeaveOutWhatTheyDoNotTake() {
        // when
        Task plain = Task.of("t1", "Say hi");
        Task expected = Task.of("t2", "Say hi").expecting("hi");

        // then
        assertThat(plain.expected()).isNull();
        assertThat(plain.metadata()).isEmpty();
        assertThat(expected.expected()).isEqualTo("hi");
    }

    @Test
    void anExpectedAnswerIsNamedByExpectingAndKeepsTheTasksOtherFacts() {
        // given
        Task task = new Task("t1", "Capital of Norway?", null, Map.of("level", 2));

        // when
        Task expecting = task.expecting("Oslo");

        // then
        assertThat(expecting).isEqualTo(new Task("t1", "Capital of Norway?", "Oslo", Map.of("level", 2)));
        assertThatThrownBy(() -> task.expecting(null)).hasMessageContaining("Task.expected");
    }

    @Test
    void aBlankIdOrAMissingInputIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> Task.of(" ", "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Task.id");
        assertThatThrownBy(() -> new Task("t1", null, null, Map.of())).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("Task.input");
        assertThatThrownBy(() -> new Task("t1", "x", null, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("Task.metadata");
    }
}
