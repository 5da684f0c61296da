package dev.terminus.agent.spi;

import dev.terminus.Message;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;

/**
 * What a model answered.
 *
 * @param message the assistant message: text, tool calls, or both
 * @param usage the tokens the call consumed
 * @param finishReason why it stopped
 */
public record ModelResponse(Message.Assistant message, Usage usage, FinishReason finishReason) {
    /** Validates that nothing is null. */
    public ModelResponse {
        Preconditions.notNull(message, "ModelResponse.message");
        Preconditions.notNull(usage, "ModelResponse.usage");
        Preconditions.notNull(finishReason, "ModelResponse.finishReason");
    }

    /**
     * A text answer, finished normally.
     *
     * @param text the answer
     * @param usage the tokens consumed
     * @return the response
     */
    public static ModelResponse text(String text, Usage usage) {
        return new ModelResponse(Message.Assistant.of(text), usage, FinishReason.STOP);
    }
}
