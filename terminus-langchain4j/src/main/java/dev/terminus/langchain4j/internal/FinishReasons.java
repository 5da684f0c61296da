package dev.terminus.langchain4j.internal;

import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.model.anthropic.AnthropicChatResponseMetadata;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.terminus.agent.spi.FinishReason;
import org.jspecify.annotations.Nullable;

/**
 * Why the model stopped, from LangChain4j to Terminus: {@code STOP}, {@code LENGTH}, {@code TOOL_EXECUTION},
 * {@code CONTENT_FILTER} and {@code OTHER} map to {@code STOP}, {@code LENGTH}, {@code TOOL_CALLS},
 * {@code CONTENT_FILTER} and {@code OTHER}; none reported is {@code OTHER}.
 *
 * <p>LangChain4j 1.19 has no refusal. Anthropic's {@code stop_reason: "refusal"} arrives as {@code OTHER}: it is read
 * from the raw body the Anthropic client keeps (of a streamed answer, from its {@code message_delta} event) and
 * becomes {@link FinishReason#REFUSAL}, which the loop ends
 * {@code AgentRefused} with reason {@code refusal}. (OpenAI's {@code message.refusal} never arrives as a response:
 * LangChain4j's OpenAI client throws a {@code ContentFilteredException} for it, see {@link Errors}.)
 */
public final class FinishReasons {
    private FinishReasons() {}

    /**
     * @param reason LangChain4j's finish reason, or null
     * @return the Terminus finish reason
     */
    public static FinishReason toTerminus(dev.langchain4j.model.output.@Nullable FinishReason reason) {
        if (reason == null) {
            return FinishReason.OTHER;
        }
        return switch (reason) {
            case STOP -> FinishReason.STOP;
            case LENGTH -> FinishReason.LENGTH;
            case TOOL_EXECUTION -> FinishReason.TOOL_CALLS;
            case CONTENT_FILTER -> FinishReason.CONTENT_FILTER;
            case OTHER -> FinishReason.OTHER;
        };
    }

    /**
     * @param response a model's response
     * @return why it stopped, Anthropic's refusals included
     */
    public static FinishReason of(ChatResponse response) {
        FinishReason reason = toTerminus(response.finishReason());
        if (reason == FinishReason.OTHER && response.metadata() instanceof AnthropicChatResponseMetadata anthropic
                && "refusal".equals(stopReason(anthropic))) {
            return FinishReason.REFUSAL;
        }
        return reason;
    }

    /** The {@code stop_reason} of the whole answer's body, or of a streamed answer's {@code message_delta}. */
    private static @Nullable String stopReason(AnthropicChatResponseMetadata anthropic) {
        SuccessfulHttpResponse raw = anthropic.rawHttpResponse();
        String whole = raw == null || raw.body() == null ? null : Json.text(Json.readTree(raw.body()), "stop_reason");
        if (whole != null || anthropic.rawServerSentEvents() == null) {
            return whole;
        }
        String streamed = null;
        for (ServerSentEvent event : anthropic.rawServerSentEvents()) {
            if ("message_delta".equals(event.event())) {
                com.fasterxml.jackson.databind.JsonNode delta = Json.readTree(event.data());
                String said = delta == null ? null : Json.text(delta.path("delta"), "stop_reason");
                streamed = said != null ? said : streamed;
            }
        }
        return streamed;
    }
}
