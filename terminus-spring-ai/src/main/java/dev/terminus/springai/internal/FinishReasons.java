package dev.terminus.springai.internal;

import dev.terminus.agent.spi.FinishReason;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Why the model stopped, from Spring AI to Terminus. Spring AI passes each provider's own word on as a string (the
 * OpenAI client the SDK's enum names, {@code STOP} or {@code LENGTH}; Anthropic's {@code end_turn} or
 * {@code max_tokens}; Gemini's {@code MAX_TOKENS} or {@code SAFETY}), read here case-insensitively:
 *
 * <ul>
 *   <li>{@code stop}, {@code end_turn}, {@code stop_sequence}, {@code end}: {@link FinishReason#STOP};</li>
 *   <li>{@code length}, {@code max_tokens}, {@code model_length}, {@code max_output_tokens}:
 *       {@link FinishReason#LENGTH}, which the loop ends {@code OutputTruncated};</li>
 *   <li>{@code tool_calls}, {@code tool_use}, {@code function_call}: {@link FinishReason#TOOL_CALLS};</li>
 *   <li>{@code content_filter}, {@code content_filtered}, {@code safety}, {@code recitation}, {@code blocklist},
 *       {@code prohibited_content}, {@code spii}, {@code guardrail_intervened}: {@link FinishReason#CONTENT_FILTER},
 *       which the loop ends {@code AgentRefused};</li>
 *   <li>{@code refusal}: {@link FinishReason#REFUSAL};</li>
 *   <li>none reported: {@link FinishReason#TOOL_CALLS} when the answer calls tools, else {@link FinishReason#STOP}
 *       (a provider that says nothing stopped of its own accord);</li>
 *   <li>anything else: {@link FinishReason#OTHER}.</li>
 * </ul>
 */
public final class FinishReasons {
    private FinishReasons() {}

    /**
     * @param reason the provider's finish reason as Spring AI reports it, or null
     * @param callsTools whether the answer calls tools
     * @return the Terminus finish reason
     */
    public static FinishReason toTerminus(@Nullable String reason, boolean callsTools) {
        if (reason == null || reason.isBlank()) {
            return callsTools ? FinishReason.TOOL_CALLS : FinishReason.STOP;
        }
        return switch (reason.strip().toLowerCase(Locale.ROOT)) {
            case "stop", "end_turn", "stop_sequence", "end" -> FinishReason.STOP;
            case "length", "max_tokens", "model_length", "max_output_tokens" -> FinishReason.LENGTH;
            case "tool_calls", "tool_use", "function_call" -> FinishReason.TOOL_CALLS;
            case "content_filter", "content_filtered", "safety", "recitation", "blocklist", "prohibited_content",
                    "spii", "guardrail_intervened" -> FinishReason.CONTENT_FILTER;
            case "refusal" -> FinishReason.REFUSAL;
            default -> FinishReason.OTHER;
        };
    }
}
