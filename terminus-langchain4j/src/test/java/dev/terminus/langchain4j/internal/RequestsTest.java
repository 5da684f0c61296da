package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.terminus.Message;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class RequestsTest {
    private static final Map<String, @Nullable Object> ANSWER = Map.of("type", "object",
            "properties", Map.of("advice", Map.of("type", "string")));
    private static final ToolSpec NOW = new ToolSpec("now", "The time", ToolSpec.NO_PARAMETERS);

    @Test
    void aRequestCarriesTheMessagesToolsAndOutputCap() {
        // given
        ModelRequest request = new ModelRequest(List.of(new Message.User("Hi")), List.of(NOW), 50);

        // when
        ChatRequest chatRequest = Requests.toLangChain4j(request, false);

        // then
        assertThat(chatRequest.messages()).containsExactly(UserMessage.from("Hi"));
        assertThat(chatRequest.toolSpecifications()).containsExactly(ToolSpecs.toLangChain4j(NOW));
        assertThat(chatRequest.maxOutputTokens()).isEqualTo(50);
        assertThat(chatRequest.responseFormat()).isNull();
    }

    @Test
    void aRequestWithoutToolsOrCapSetsNeither() {
        // given
        ModelRequest request = new ModelRequest(List.of(new Message.User("Hi")), List.of(), null);

        // when
        ChatRequest chatRequest = Requests.toLangChain4j(request, true);

        // then
        assertThat(chatRequest.toolSpecifications()).isEmpty();
        assertThat(chatRequest.maxOutputTokens()).isNull();
    }

    @Test
    void theResponseSchemaIsSentWhenTheModelSupportsIt() {
        // given
        ModelRequest request = new ModelRequest(List.of(new Message.User("Hi")), List.of(), null, ANSWER);

        // when
        ChatRequest chatRequest = Requests.toLangChain4j(request, true);

        // then
        assertThat(chatRequest.responseFormat()).isEqualTo(ToolSpecs.responseFormat(ANSWER));
        assertThat(chatRequest.responseFormat().type()).isEqualTo(ResponseFormatType.JSON);
    }

    @Test
    void theResponseSchemaIsNotSentWhenTheModelDoesNotSupportIt() {
        // given
        ModelRequest request = new ModelRequest(List.of(new Message.User("Hi")), List.of(), null, ANSWER);

        // when
        ChatRequest chatRequest = Requests.toLangChain4j(request, false);

        // then
        assertThat(chatRequest.responseFormat()).isNull();
    }
}
