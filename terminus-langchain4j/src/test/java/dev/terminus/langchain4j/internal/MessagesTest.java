package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MessagesTest {

    private static ToolExecutionRequest request(@Nullable String id, @Nullable String name,
            @Nullable String arguments) {
        return ToolExecutionRequest.builder().id(id).name(name).arguments(arguments).build();
    }

    @Test
    void aTranscriptBecomesLangChain4jMessagesInOrder() {
        // given
        ToolCall call = new ToolCall("call_1", "weather", Map.of("city", "Oslo"));
        List<Message> transcript = List.of(new Message.System("Be brief."), new Message.User("Weather?"),
                Message.Assistant.of("", call), new Message.ToolResult("call_1", "weather", "4°C", false),
                Message.Assistant.of("Cold."));

        // when
        List<ChatMessage> messages = Messages.toLangChain4j(transcript);

        // then
        assertThat(messages).containsExactly(SystemMessage.from("Be brief."), UserMessage.from("Weather?"),
                AiMessage.from(List.of(request("call_1", "weather", "{\"city\":\"Oslo\"}"))),
                ToolExecutionResultMessage.builder().id("call_1").toolName("weather").text("4°C").isError(false)
                        .build(),
                AiMessage.from("Cold."));
    }

    @Test
    void aBlankSystemMessageIsLeftOut() {
        // given
        List<Message> transcript = List.of(new Message.System(" "), new Message.User("Hi"));

        // when
        List<ChatMessage> messages = Messages.toLangChain4j(transcript);

        // then
        assertThat(messages).containsExactly(UserMessage.from("Hi"));
    }

    @Test
    void aFailedToolResultWithoutANameIsSentAsAnErrorWithTheNameOfItsCall() {
        // given
        List<Message> transcript = List.of(new Message.User("Weather?"),
                Message.Assistant.of("", new ToolCall("call_1", "weather", Map.of())),
                new Message.ToolResult("call_1", null, "Error: timeout", true));

        // when
        ChatMessage result = Messages.toLangChain4j(transcript).get(2);

        // then
        assertThat(result).isEqualTo(ToolExecutionResultMessage.builder().id("call_1").toolName("weather")
                .text("Error: timeout").isError(true).build());
    }

    @Test
    void anAssistantMessageWithTextAndCallsKeepsBoth() {
        // given
        Map<String, @Nullable Object> arguments = new LinkedHashMap<>();
        arguments.put("city", "Oslo");
        arguments.put("days", 3);
        Message.Assistant assistant = Message.Assistant.of("Let me look.", new ToolCall("call_1", "weather", arguments));

        // when
        AiMessage message = Messages.aiMessage(assistant);

        // then
        assertThat(message.text()).isEqualTo("Let me look.");
        assertThat(message.toolExecutionRequests())
                .containsExactly(request("call_1", "weather", "{\"city\":\"Oslo\",\"days\":3}"));
    }

    @Test
    void anAnswerWithTextBecomesAnAssistantMessage() {
        // given
        AiMessage answer = AiMessage.from("Wear a coat.");

        // when
        Message.Assistant assistant = Messages.fromLangChain4j(answer);

        // then
        assertThat(assistant).isEqualTo(Message.Assistant.of("Wear a coat."));
    }

    @Test
    void toolCallArgumentsAreReadIntoPlainJavaValues() {
        // given
        AiMessage answer = AiMessage.from(List.of(request("call_1", "search",
                "{\"q\":\"oslo\",\"n\":3,\"big\":12345678901234567890,\"ratio\":0.5,\"exact\":true,"
                        + "\"tags\":[\"a\",null],\"filter\":{\"from\":\"2024\"}}")));

        // when
        Message.Assistant assistant = Messages.fromLangChain4j(answer);

        // then
        Map<String, @Nullable Object> expected = new LinkedHashMap<>();
        expected.put("q", "oslo");
        expected.put("n", 3);
        expected.put("big", new BigInteger("12345678901234567890"));
        expected.put("ratio", 0.5);
        expected.put("exact", true);
        expected.put("tags", Arrays.asList("a", null));
        expected.put("filter", Map.of("from", "2024"));
        assertThat(assistant).isEqualTo(new Message.Assistant("", List.of(new ToolCall("call_1", "search", expected))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"city\": \"Osl", "[\"Oslo\"]", "\"Oslo\"", "42", "null", "{\"a\":1}{\"b\":2}"})
    void argumentsThatAreNotOneJsonObjectAreKeptUnderTheInvalidArgumentsKey(String arguments) {
        // given
        ToolExecutionRequest request = request("call_1", "weather", arguments);

        // when
        ToolCall call = Messages.toolCall(request);

        // then
        assertThat(call).isEqualTo(new ToolCall("call_1", "weather", Map.of("$invalid_arguments", arguments)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  "})
    void blankArgumentsAreTheEmptyObject(String arguments) {
        // given
        ToolExecutionRequest request = request("call_1", "now", arguments);

        // when
        ToolCall call = Messages.toolCall(request);

        // then
        assertThat(call.arguments()).isEmpty();
    }

    @Test
    void missingArgumentsAreTheEmptyObject() {
        // given / when
        Map<String, @Nullable Object> arguments = Messages.arguments(null);

        // then
        assertThat(arguments).isEmpty();
    }

    @Test
    void aToolCallWithoutAnIdGetsAMadeUpOne() {
        // given
        ToolExecutionRequest request = request(null, "now", "{}");

        // when
        ToolCall first = Messages.toolCall(request);
        ToolCall second = Messages.toolCall(request);

        // then
        assertThat(first.id()).startsWith("call_").hasSize(41);
        assertThat(second.id()).isNotEqualTo(first.id());
    }

    @Test
    void aToolCallWithoutANameIsRefusedNamingItsIdAndArguments() {
        // given
        ToolExecutionRequest request = request("call_9", null, "{\"x\":1}");

        // when / then
        assertThatThrownBy(() -> Messages.toolCall(request)).isInstanceOf(IllegalStateException.class)
                .hasMessage("the provider returned a tool call without a name (id call_9, arguments {\"x\":1})");
    }
}
