package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolCallTest {

    @Test
    void nullIdIsRejectedNamingTheField() {
        // given
        String id = null;

        // when / then
        assertThatThrownBy(() -> new ToolCall(id, "search", Map.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolCall.id must not be null");
    }

    @Test
    void nullNameIsRejectedNamingTheField() {
        // given
        String name = null;

        // when / then
        assertThatThrownBy(() -> new ToolCall("c1", name, Map.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolCall.name must not be null");
    }

    @Test
    void blankNameIsRejectedNamingTheFieldAndValue() {
        // given
        String name = " ";

        // when / then
        assertThatThrownBy(() -> new ToolCall("c1", name, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ToolCall.name must not be blank, was \" \"");
    }

    @Test
    void nullArgumentsAreRejectedNamingTheField() {
        // given
        Map<String, Object> arguments = null;

        // when / then
        assertThatThrownBy(() -> new ToolCall("c1", "search", arguments))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolCall.arguments must not be null");
    }

    @Test
    void nonJsonArgumentIsRejectedWithItsPath() {
        // given
        Map<String, Object> arguments = Map.of("file", new java.io.File("/tmp/x"));

        // when / then
        assertThatThrownBy(() -> new ToolCall("c1", "read", arguments))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ToolCall.arguments.file")
                .hasMessageContaining("java.io.File");
    }

    @Test
    void argumentsAreCopiedDeeplySoChangesToTheSourceDoNotShow() {
        // given
        List<Object> terms = new ArrayList<>(List.of("a"));
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("terms", terms);
        ToolCall call = new ToolCall("c1", "search", arguments);

        // when
        terms.add("b");
        arguments.put("limit", 10);

        // then
        assertThat(call.arguments()).containsExactly(Map.entry("terms", List.of("a")));
    }

    @Test
    void argumentsRejectMutationAtEveryLevel() {
        // given
        ToolCall call = new ToolCall("c1", "search", Map.of("terms", new ArrayList<>(List.of("a"))));

        // when / then
        assertThatThrownBy(() -> call.arguments().put("limit", 10))
                .isInstanceOf(UnsupportedOperationException.class);
        @SuppressWarnings("unchecked")
        List<Object> terms = (List<Object>) call.arguments().get("terms");
        assertThatThrownBy(() -> terms.add("b")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void argumentsKeepTheirInsertionOrder() {
        // given
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("zeta", 1);
        arguments.put("alpha", 2);
        arguments.put("mid", 3);

        // when
        ToolCall call = new ToolCall("c1", "search", arguments);

        // then
        assertThat(call.arguments().keySet()).containsExactly("zeta", "alpha", "mid");
    }

    @Test
    void toolCallsWithTheSameContentAreEqual() {
        // given
        ToolCall first = new ToolCall("c1", "search", Map.of("q", "x"));
        ToolCall second = new ToolCall("c1", "search", new LinkedHashMap<>(Map.of("q", "x")));

        // when
        boolean equal = first.equals(second);

        // then
        assertThat(equal).isTrue();
        assertThat(first).hasSameHashCodeAs(second);
    }
}
