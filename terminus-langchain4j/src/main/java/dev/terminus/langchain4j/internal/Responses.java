package dev.terminus.langchain4j.internal;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.terminus.agent.spi.ModelResponse;

/**
 * A LangChain4j {@link ChatResponse} as the loop's {@link ModelResponse}: the answer (see {@link Messages}), the usage
 * (see {@link Usages}) and why the model stopped (see {@link FinishReasons}).
 */
public final class Responses {
    private Responses() {}

    /**
     * @param response LangChain4j's response
     * @return the loop's response
     * @throws IllegalStateException when the response has no message, or a tool call has no name
     */
    public static ModelResponse toTerminus(ChatResponse response) {
        if (response == null || response.aiMessage() == null) {
            throw new IllegalStateException("the model returned no message: " + response);
        }
        return new ModelResponse(Messages.fromLangChain4j(response.aiMessage()), Usages.toTerminus(response.tokenUsage()),
                FinishReasons.of(response));
    }
}
