package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageTest {

    private static final ToolCall SEARCH = new ToolCall("c1", "search", Map.of("q", "x"));
    private static final ToolCall READ = new ToolCall("c2", "read", Map.of());

    @Test
    void eachMessageReportsItsWireRole() {
        // given
        List<Message> messages = List.of(
                new Message.System("be brief"),
                new Message.User("hi"),
                Message.Assistant.of("hello"),
                Message.ToolResult.of("c1", "42"));

        // when
        List<String> roles = messages.stream().map(Message::role).toList();

        // then
        assertThat(roles).containsExactly("system", "user", "assistant", "tool");
    }

    @Test
    void systemContentMustNotBeNull() {
        // given
        String content = null;

        // when / then
        assertThatThrownBy(() -> new Message.System(content))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("System.content must not be null");
    }

    @Test
    void userContentMustNotBeNull() {
        // given
        String content = null;

        // when / then
        assertThatThrownBy(() -> new Message.User(content))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("User.content must not be null");
    }

    @Test
    void assistantContentMustNotBeNull() {
        // given
        String content = null;

        // when / then
        assertThatThrownBy(() -> new Message.Assistant(content, List.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Assistant.content must not be null");
    }

    @Test
    void assistantToolCallsMustNotBeNull() {
        // given
        List<ToolCall> toolCalls = null;

        // when / then
        assertThatThrownBy(() -> new Message.Assistant("", toolCalls))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Assistant.toolCalls must not be null");
    }

    @Test
    void assistantNullToolCallIsRejectedNamingItsIndex() {
        // given
        List<ToolCall> toolCalls = Arrays.asList(SEARCH, null);

        // when / then
        assertThatThrownBy(() -> new Message.Assistant("", toolCalls))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Assistant.toolCalls[1] must not be null");
    }

    @Test
    void assistantToolCallsAreCopiedSoChangesToTheSourceDoNotShow() {
        // given
        List<ToolCall> source = new ArrayList<>(List.of(SEARCH));
        Message.Assistant assistant = new Message.Assistant("", source);

        // when
        source.add(READ);

        // then
        assertThat(assistant.toolCalls()).containsExactly(SEARCH);
    }

    @Test
    void assistantToolCallsRejectMutation() {
        // given
        Message.Assistant assistant = new Message.Assistant("", new ArrayList<>(List.of(SEARCH)));

        // when / then
        assertThatThrownBy(() -> assistant.toolCalls().add(READ))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(assistant.toolCalls()).containsExactly(SEARCH);
    }

    @Test
    void assistantOfTextHasNoToolCalls() {
        // given
        String text = "the answer is 42";

        // when
        Message.Assistant assistant = Message.Assistant.of(text);

        // then
        assertThat(assistant.content()).isEqualTo(text);
        assertThat(assistant.toolCalls()).isEmpty();
    }

    @Test
    void assistantOfToolCallsKeepsTheirOrder() {
        // given
        ToolCall[] calls = {READ, SEARCH};

        // when
        Message.Assistant assistant = Message.Assistant.of("", calls);

        // then
        assertThat(assistant.content()).isEmpty();
        assertThat(assistant.toolCalls()).containsExactly(READ, SEARCH);
    }

    @Test
    void toolResultOfIsASuccessfulResultWithoutToolName() {
        // given
        String callId = "c1";

        // when
        Message.ToolResult result = Message.ToolResult.of(callId, "42");

        // then
        assertThat(result).isEqualTo(new Message.ToolResult("c1", null, "42", false));
        assertThat(result.error()).isFalse();
        assertThat(result.toolName()).isNull();
    }

    @Test
    void toolResultCallIdMustNotBeNull() {
        // given
        String callId = null;

        // when / then
        assertThatThrownBy(() -> new Message.ToolResult(callId, "search", "42", false))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolResult.toolCallId must not be null");
    }

    @Test
    void toolResultContentMustNotBeNull() {
        // given
        String content = null;

        // when / then
        assertThatThrownBy(() -> new Message.ToolResult("c1", "search", content, true))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ToolResult.content must not be null");
    }

    @Test
    void messagesWithTheSameContentAreEqual() {
        // given
        Message first = new Message.Assistant("x", new ArrayList<>(List.of(SEARCH)));
        Message second = Message.Assistant.of("x", new ToolCall("c1", "search", Map.of("q", "x")));

        // when
        boolean equal = first.equals(second);

        // then
        assertThat(equal).isTrue();
        assertThat(first).hasSameHashCodeAs(second);
        assertThat(new Message.User("x")).isNotEqualTo(new Message.System("x"));
    }

    @Test
    void anAnswerCutShortIsMarkedIncompleteAndDiffersFromTheCompleteOne() {
        // given
        Message.Assistant whole = Message.Assistant.of("Once upon");

        // when
        Message.Assistant cut = whole.asIncomplete();

        // then
        assertThat(cut).isEqualTo(Message.Assistant.incomplete("Once upon"));
        assertThat(cut.incomplete()).isTrue();
        assertThat(whole.incomplete()).isFalse();
        assertThat(cut).isNotEqualTo(whole);
        assertThat(cut.asIncomplete()).isSameAs(cut);
    }
}
