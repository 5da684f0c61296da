package dev.terminus.springai.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.spi.FinishReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FinishReasonsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            // OpenAI, as Spring AI's client passes the SDK's enum names on
            "STOP, STOP", "LENGTH, LENGTH", "TOOL_CALLS, TOOL_CALLS", "CONTENT_FILTER, CONTENT_FILTER",
            "FUNCTION_CALL, TOOL_CALLS",
            // Anthropic, Bedrock Converse
            "end_turn, STOP", "stop_sequence, STOP", "max_tokens, LENGTH", "tool_use, TOOL_CALLS", "refusal, REFUSAL",
            "guardrail_intervened, CONTENT_FILTER", "content_filtered, CONTENT_FILTER",
            // Gemini, Mistral, Ollama
            "MAX_TOKENS, LENGTH", "SAFETY, CONTENT_FILTER", "RECITATION, CONTENT_FILTER",
            "PROHIBITED_CONTENT, CONTENT_FILTER", "model_length, LENGTH", "stop, STOP", "length, LENGTH",
            // none Terminus knows
            "MALFORMED_FUNCTION_CALL, OTHER", "error, OTHER"})
    void eachProvidersWordForWhyItStoppedIsReadCaseInsensitively(String reason, FinishReason expected) {
        // when
        FinishReason mapped = FinishReasons.toTerminus(reason, false);

        // then
        assertThat(mapped).isEqualTo(expected);
    }

    @Test
    void noReasonIsAStopOrAToolCallByWhetherTheAnswerCallsTools() {
        // when
        FinishReason answered = FinishReasons.toTerminus(null, false);
        FinishReason calling = FinishReasons.toTerminus(" ", true);

        // then
        assertThat(answered).isEqualTo(FinishReason.STOP);
        assertThat(calling).isEqualTo(FinishReason.TOOL_CALLS);
    }
}
