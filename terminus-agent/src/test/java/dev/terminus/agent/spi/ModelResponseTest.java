package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelResponseTest {

    @Test
    void textIsAPlainAnswerThatStoppedNormally() {
        // when
        ModelResponse response = ModelResponse.text("Paris", Usage.of(12, 1));

        // then
        assertThat(response.message()).isEqualTo(Message.Assistant.of("Paris"));
        assertThat(response.message().toolCalls()).isEmpty();
        assertThat(response.usage()).isEqualTo(Usage.of(12, 1));
        assertThat(response.finishReason()).isEqualTo(FinishReason.STOP);
    }

    @Test
    void keepsToolCallsAndFinishReason() {
        // given
        ToolCall call = new ToolCall("c1", "search", Map.of("q", "x"));

        // when
        ModelResponse response = new ModelResponse(Message.Assistant.of("", call), Usage.of(5, 3),
                FinishReason.TOOL_CALLS);

        // then
        assertThat(response.message().toolCalls()).containsExactly(call);
        assertThat(response.finishReason()).isEqualTo(FinishReason.TOOL_CALLS);
    }

    @Test
    void nullsAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new ModelResponse(null, Usage.ZERO, FinishReason.STOP))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ModelResponse.message must not be null");
        assertThatThrownBy(() -> new ModelResponse(Message.Assistant.of("x"), null, FinishReason.STOP))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ModelResponse.usage must not be null");
        assertThatThrownBy(() -> new ModelResponse(Message.Assistant.of("x"), Usage.ZERO, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ModelResponse.finishReason must not be null");
    }

    @Test
    void textRefusesANullUsage() {
        // when / then
        assertThatThrownBy(() -> ModelResponse.text("x", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ModelResponse.usage must not be null");
    }
}
