package dev.terminus.temporal.wire;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;

/**
 * A model's answer as it crosses the wire: a {@link ModelResponse}.
 *
 * @param message the assistant message
 * @param usage the tokens the call consumed
 * @param finishReason why the model stopped
 */
public record ModelAnswer(Message message, Usage usage, FinishReason finishReason) {

    /** Validates that nothing is null and the message is the assistant's. */
    public ModelAnswer {
        Preconditions.notNull(message, "ModelAnswer.message");
        if (!(message instanceof Message.Assistant)) {
            throw new IllegalArgumentException("ModelAnswer.message must be an assistant message, was " + message);
        }
        Preconditions.notNull(usage, "ModelAnswer.usage");
        Preconditions.notNull(finishReason, "ModelAnswer.finishReason");
    }

    /**
     * @param response the model's response
     * @return the answer
     */
    public static ModelAnswer of(ModelResponse response) {
        return new ModelAnswer(response.message(), response.usage(), response.finishReason());
    }

    /** @return the response the loop gets */
    public ModelResponse response() {
        return new ModelResponse((Message.Assistant) message, usage, finishReason);
    }
}
