package dev.terminus.springai.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStreams;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.model.StreamingChatModel;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;

/**
 * One streamed call: reads a Spring AI model's {@code Flux<ChatResponse>} into a {@link ModelStreams.Feed}. Each
 * response's text is a piece for the run's listeners; the whole answer is gathered as the pieces pass (the text, the
 * tool calls Spring AI assembles from their pieces, the last finish reason, the last usage reported, a refusal) and
 * finishes the feed when the flux completes. A failure fails the feed with its classified {@code ModelException}.
 * Closing the feed before its end disposes of the subscription, which closes the response on the wire.
 *
 * <p>The subscription is made on a virtual thread of its own, so a model whose flux emits on the subscribing thread
 * (an in-process model) cannot hold up the run; Spring AI's HTTP clients emit from their own threads. Reactive Streams
 * deliver the signals one at a time, so the gathered state needs no lock.
 */
public final class StreamedCall extends BaseSubscriber<ChatResponse> {
    private final ModelStreams.Feed feed;
    private final StringBuilder text = new StringBuilder();
    private final List<AssistantMessage.ToolCall> toolCalls = new ArrayList<>();
    private @Nullable String finishReason;
    private Usage usage = Usage.ZERO;
    private boolean refused;

    /** @param feed the stream the run reads */
    public StreamedCall(ModelStreams.Feed feed) {
        this.feed = feed;
    }

    /**
     * Starts the call: the feed's close cancels it from now on, and the model's flux is subscribed to on a virtual
     * thread.
     *
     * @param model the Spring AI model
     * @param prompt the request
     */
    public void start(StreamingChatModel model, Prompt prompt) {
        feed.onClose(this::dispose);
        Thread.ofVirtual().name("terminus-spring-ai-stream").start(() -> subscribe(model, prompt));
    }

    private void subscribe(StreamingChatModel model, Prompt prompt) {
        Flux<ChatResponse> flux;
        try {
            flux = model.stream(prompt);
        } catch (RuntimeException e) {
            feed.fail(Errors.classify(e));
            return;
        }
        flux.subscribe(this);
    }

    @Override
    protected void hookOnSubscribe(Subscription subscription) {
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    protected void hookOnNext(ChatResponse response) {
        Generation generation = response.getResult();
        if (generation != null) {
            AssistantMessage output = generation.getOutput();
            String piece = output.getText();
            if (piece != null && !piece.isEmpty()) {
                text.append(piece);
                try {
                    feed.text(piece);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    dispose();
                    return;
                }
            }
            toolCalls.addAll(output.getToolCalls());
            String reason = generation.getMetadata().getFinishReason();
            if (reason != null && !reason.isBlank()) {
                finishReason = reason;
            }
            refused |= output.getMetadata().get(Responses.REFUSAL) instanceof String refusal && !refusal.isBlank();
        }
        Usage reported = Responses.usage(response.getMetadata().getUsage());
        if (reported.totalTokens() > 0) {
            usage = reported;
        }
    }

    @Override
    protected void hookOnComplete() {
        List<ToolCall> calls;
        try {
            calls = Responses.toolCalls(toolCalls);
        } catch (IllegalStateException e) {
            feed.fail(e);
            return;
        }
        FinishReason reason = refused ? FinishReason.REFUSAL : FinishReasons.toTerminus(finishReason, !calls.isEmpty());
        feed.finish(new ModelResponse(new Message.Assistant(text.toString(), calls), usage, reason));
    }

    @Override
    protected void hookOnError(Throwable failure) {
        feed.fail(Errors.classify(failure));
    }
}
