package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.model.anthropic.AnthropicChatResponseMetadata;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.ChatResponseMetadata;
import dev.terminus.agent.spi.FinishReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FinishReasonsTest {

    private static ChatResponse anthropic(dev.langchain4j.model.output.FinishReason reason, String stopReason) {
        SuccessfulHttpResponse raw = SuccessfulHttpResponse.builder().statusCode(200)
                .body("{\"type\":\"message\",\"stop_reason\":\"" + stopReason + "\"}").build();
        return ChatResponse.builder().aiMessage(AiMessage.from("I can't help with that."))
                .metadata(AnthropicChatResponseMetadata.builder().finishReason(reason).rawHttpResponse(raw).build())
                .build();
    }

    @ParameterizedTest
    @CsvSource({"STOP, STOP", "LENGTH, LENGTH", "TOOL_EXECUTION, TOOL_CALLS", "CONTENT_FILTER, CONTENT_FILTER",
        "OTHER, OTHER"})
    void eachLangChain4jReasonHasItsTerminusReason(dev.langchain4j.model.output.FinishReason reason,
            FinishReason expected) {
        // given / when / then
        assertThat(FinishReasons.toTerminus(reason)).isEqualTo(expected);
    }

    @Test
    void noReasonIsOther() {
        // given / when / then
        assertThat(FinishReasons.toTerminus(null)).isEqualTo(FinishReason.OTHER);
    }

    @Test
    void anthropicsRefusalStopReasonIsARefusal() {
        // given: LangChain4j reports stop_reason "refusal" as OTHER
        ChatResponse response = anthropic(dev.langchain4j.model.output.FinishReason.OTHER, "refusal");

        // when / then
        assertThat(FinishReasons.of(response)).isEqualTo(FinishReason.REFUSAL);
    }

    @Test
    void anotherAnthropicStopReasonStaysOther() {
        // given
        ChatResponse response = anthropic(dev.langchain4j.model.output.FinishReason.OTHER, "pause_turn");

        // when / then
        assertThat(FinishReasons.of(response)).isEqualTo(FinishReason.OTHER);
    }

    @Test
    void aResponseWithoutTheRawBodyKeepsItsReason() {
        // given
        ChatResponse response = ChatResponse.builder().aiMessage(AiMessage.from("Hi"))
                .metadata(ChatResponseMetadata.builder().finishReason(dev.langchain4j.model.output.FinishReason.LENGTH)
                        .build())
                .build();

        // when / then
        assertThat(FinishReasons.of(response)).isEqualTo(FinishReason.LENGTH);
    }
}
