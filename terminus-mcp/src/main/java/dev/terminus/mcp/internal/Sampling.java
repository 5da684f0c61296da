package dev.terminus.mcp.internal;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Answers a server's {@code sampling/createMessage} with the model of the run whose tool call is in flight on that
 * server ({@link RunContext#askModel}), so the run's usage and budgets pay for it. The protocol does not say which
 * call a server's request belongs to, so the run is the one with calls in flight on the server; when calls of
 * several runs are in flight, or none, the server gets an error instead of an answer from the wrong run's model.
 * The server's system prompt and messages become the model request (non-text content summarized as text, as tool
 * results are); its {@code maxTokens} caps the answer; its temperature, stop sequences, model preferences and
 * context inclusion are not passed on (a model request has no place for them).
 */
final class Sampling {
    private final InFlightCalls calls;

    Sampling(InFlightCalls calls) {
        this.calls = calls;
    }

    /** The client's sampling handler: asks the run's model on a thread that may block. */
    Mono<McpSchema.CreateMessageResult> answer(McpSchema.CreateMessageRequest request) {
        return Mono.fromCallable(() -> answered(request)).subscribeOn(Schedulers.boundedElastic());
    }

    private McpSchema.CreateMessageResult answered(McpSchema.CreateMessageRequest request) throws Exception {
        RunContext run = calls.onlyRun("sampling");
        ModelResponse answer = run.askModel(new ModelRequest(messages(request), List.of(), request.maxTokens()));
        return new McpSchema.CreateMessageResult(McpSchema.Role.ASSISTANT,
                new McpSchema.TextContent(answer.message().content()), "terminus:" + run.agentName(),
                stopReason(answer.finishReason()));
    }

    private static List<Message> messages(McpSchema.CreateMessageRequest request) {
        List<Message> messages = new ArrayList<>();
        if (request.systemPrompt() != null && !request.systemPrompt().isBlank()) {
            messages.add(new Message.System(request.systemPrompt()));
        }
        for (McpSchema.SamplingMessage message : request.messages()) {
            String text = Results.summary(message.content());
            messages.add(message.role() == McpSchema.Role.ASSISTANT ? Message.Assistant.of(text)
                    : new Message.User(text));
        }
        return messages;
    }

    private static McpSchema.CreateMessageResult.StopReason stopReason(FinishReason finish) {
        return switch (finish) {
            case STOP -> McpSchema.CreateMessageResult.StopReason.END_TURN;
            case LENGTH -> McpSchema.CreateMessageResult.StopReason.MAX_TOKENS;
            default -> McpSchema.CreateMessageResult.StopReason.UNKNOWN;
        };
    }
}
