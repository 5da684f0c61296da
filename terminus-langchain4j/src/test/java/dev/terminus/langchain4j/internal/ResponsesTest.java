package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
import dev.langchain4j.model.output.FinishReason;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResponsesTest {

    @Test
    void aResponseCarriesTheAnswerUsageAndFinishReason() {
        // given
        ChatResponse response = ChatResponse.builder()
                .aiMessage(AiMessage.from(List.of(ToolExecutionRequest.builder().id("call_1").name("now")
                        .arguments("{}").build())))
                .tokenUsage(OpenAiTokenUsage.builder().inputTokenCount(12).outputTokenCount(3).build())
                .finishReason(FinishReason.TOOL_EXECUTION)
                .build();

        // when
        ModelResponse converted = Responses.toTerminus(response);

        // then
        assertThat(converted).isEqualTo(new ModelResponse(
                Message.Assistant.of("", new ToolCall("call_1", "now", Map.of())), new Usage(12, 3, 0, 0),
                dev.terminus.agent.spi.FinishReason.TOOL_CALLS));
    }

    @Test
    void aResponseWithoutUsageOrReasonHasZeroUsageAndOther() {
        // given
        ChatResponse response = ChatResponse.builder().aiMessage(AiMessage.from("Hi")).build();

        // when
        ModelResponse converted = Responses.toTerminus(response);

        // then
        assertThat(converted).isEqualTo(new ModelResponse(Message.Assistant.of("Hi"), Usage.ZERO,
                dev.terminus.agent.spi.FinishReason.OTHER));
    }

    @Test
    void noResponseIsRefused() {
        // given / when / then
        assertThatThrownBy(() -> Responses.toTerminus(null)).isInstanceOf(IllegalStateException.class)
                .hasMessage("the model returned no message: null");
    }
}
