package dev.terminus.langchain4j.internal;

import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.terminus.agent.spi.ModelRequest;
import org.jspecify.annotations.Nullable;

/**
 * A loop's request as a LangChain4j {@link ChatRequest}: the transcript (see {@link Messages}), the tools offered (see
 * {@link ToolSpecs}), the output cap as {@code maxOutputTokens}, and the response schema as a JSON response format
 * when the model supports one and the schema can be sent (see {@link ToolSpecs#responseFormat}); otherwise the
 * schema is not sent, and the loop still checks the answer against it.
 */
public final class Requests {
    private Requests() {}

    /**
     * @param request the loop's request
     * @param jsonSchema whether the model accepts a JSON Schema response format
     * @return the LangChain4j request
     * @throws IllegalArgumentException when a tool's schema cannot be sent, naming the tool and the property
     */
    public static ChatRequest toLangChain4j(ModelRequest request, boolean jsonSchema) {
        ChatRequest.Builder builder = ChatRequest.builder().messages(Messages.toLangChain4j(request.messages()));
        if (!request.tools().isEmpty()) {
            builder.toolSpecifications(ToolSpecs.toLangChain4j(request.tools()));
        }
        if (request.maxOutputTokens() != null) {
            builder.maxOutputTokens(request.maxOutputTokens());
        }
        ResponseFormat format = jsonSchema ? responseFormat(request) : null;
        if (format != null) {
            builder.responseFormat(format);
        }
        return builder.build();
    }

    private static @Nullable ResponseFormat responseFormat(ModelRequest request) {
        return request.responseSchema() == null ? null : ToolSpecs.responseFormat(request.responseSchema());
    }
}
