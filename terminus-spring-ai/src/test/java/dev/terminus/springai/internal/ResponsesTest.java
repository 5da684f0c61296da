package dev.terminus.springai.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;

class ResponsesTest {

    private static ChatResponse response(AssistantMessage message, String finishReason, DefaultUsage usage) {
        Generation generation = new Generation(message,
                ChatGenerationMetadata.builder().finishReason(finishReason).build());
        return new ChatResponse(List.of(generation), ChatResponseMetadata.builder().usage(usage).build());
    }

    @Test
    void anAnswersTextFinishReasonAndUsageWithItsCachedTokensAreCarriedOver() {
        // given
        ChatResponse response = response(AssistantMessage.builder().content("Wear a coat.").build(), "STOP",
                new DefaultUsage(120, 8, 128, null, 100L, null));

        // when
        ModelResponse mapped = Responses.toTerminus(response);

        // then
        assertThat(mapped.message().content()).isEqualTo("Wear a coat.");
        assertThat(mapped.message().toolCalls()).isEmpty();
        assertThat(mapped.finishReason()).isEqualTo(FinishReason.STOP);
        assertThat(mapped.usage()).isEqualTo(new Usage(120, 8, 100, 0));
    }

    @Test
    void toolCallsArriveWithTheirArgumentsAsJavaValuesAndArgumentsThatAreNotAnObjectKeptAsWritten() {
        // given
        AssistantMessage message = AssistantMessage.builder().content("").toolCalls(List.of(
                new AssistantMessage.ToolCall("call_1", "function", "weather", "{\"city\":\"Oslo\",\"days\":2}"),
                new AssistantMessage.ToolCall("call_2", "function", "weather", "{\"city\": \"Osl"),
                new AssistantMessage.ToolCall("call_3", "function", "clock", ""))).build();

        // when
        ModelResponse mapped = Responses.toTerminus(response(message, "TOOL_CALLS", new DefaultUsage(10, 5)));

        // then
        assertThat(mapped.finishReason()).isEqualTo(FinishReason.TOOL_CALLS);
        assertThat(mapped.message().toolCalls()).containsExactly(
                new ToolCall("call_1", "weather", Map.of("city", "Oslo", "days", 2)),
                new ToolCall("call_2", "weather", Map.of(Model.INVALID_ARGUMENTS, "{\"city\": \"Osl")),
                new ToolCall("call_3", "clock", Map.of()));
    }

    @Test
    void aToolCallWithoutAnIdGetsOneAndOneWithoutANameIsAnErrorNamingTheCall() {
        // given
        AssistantMessage noId = AssistantMessage.builder().toolCalls(List.of(
                new AssistantMessage.ToolCall("", "function", "weather", "{}"))).build();
        AssistantMessage noName = AssistantMessage.builder().toolCalls(List.of(
                new AssistantMessage.ToolCall("call_9", "function", " ", "{\"city\":\"Oslo\"}"))).build();

        // when
        ModelResponse withId = Responses.toTerminus(response(noId, "TOOL_CALLS", new DefaultUsage(1, 1)));

        // then
        assertThat(withId.message().toolCalls().getFirst().id()).startsWith("call_").hasSizeGreaterThan(5);
        assertThatThrownBy(() -> Responses.toTerminus(response(noName, "TOOL_CALLS", new DefaultUsage(1, 1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without a name")
                .hasMessageContaining("call_9");
    }

    @Test
    void anOpenAiRefusalIsARefusalWhateverTheFinishReason() {
        // given: Spring AI's OpenAI client keeps message.refusal in the message's properties
        AssistantMessage refused = AssistantMessage.builder().content("")
                .properties(Map.of("refusal", "I can't help with that.")).build();

        // when
        ModelResponse mapped = Responses.toTerminus(response(refused, "STOP", new DefaultUsage(10, 3)));

        // then
        assertThat(mapped.finishReason()).isEqualTo(FinishReason.REFUSAL);
    }

    @Test
    void aResponseWithoutAGenerationIsAnEmptyAnswerForAReasonTerminusDoesNotKnow() {
        // given
        ChatResponse empty = new ChatResponse(List.of(),
                ChatResponseMetadata.builder().usage(new DefaultUsage(10, 0)).build());

        // when
        ModelResponse mapped = Responses.toTerminus(empty);

        // then
        assertThat(mapped.message().content()).isEmpty();
        assertThat(mapped.finishReason()).isEqualTo(FinishReason.OTHER);
        assertThat(mapped.usage()).isEqualTo(Usage.of(10, 0));
    }
}
