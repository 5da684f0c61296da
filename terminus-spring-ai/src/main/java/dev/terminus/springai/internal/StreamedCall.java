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
import org.springframework.ai.chat.model.ChatModel;
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
 * Closing the feed before its end disposes of the subscription, on a virtual thread of its own, which asks the client
 * to close the response.
 *
 * <p>The subscription is made on a virtual thread of its own, so a model whose flux emits on the subscribing thread
 * (an in-process model) cannot hold up the run; Spring AI's HTTP clients emit from their own threads. Reactive Streams
 * deliver the signals one at a time, so the gathered state needs no lock.
 *
 * <p>A provider that did not stream: a server or gateway that ignores {@code "stream": true} answers with a whole
 * {@code application/json} body, in which the OpenAI SDK under Spring AI finds no server-sent events and which it drops
 * unread, so its flux completes with nothing of an answer (no text, tool call, finish reason or usage; a provider that
 * streams always sends a finish reason). When the model is also a {@code ChatModel}, the same prompt is then asked for
 * whole ({@code ChatModel.call}, on a virtual thread of its own, interrupted when the feed is closed), and that answer
 * is the call's: its text one piece, its tool calls, usage and finish reason mapped as {@link Responses} maps a whole
 * answer, its failure classified as any is. The body the SDK dropped cannot be read, so that answer is asked for
 * twice and the provider charges for both; the loop sees and counts only the second. The model is told
 * ({@code unstreamed}), so it can ask for its next answers whole at once. A debug line notes it.
 */
public final class StreamedCall extends BaseSubscriber<ChatResponse> {
    private static final System.Logger LOG = System.getLogger(StreamedCall.class.getName());

    private final ModelStreams.Feed feed;
    private final @Nullable ChatModel whole;
    private final Runnable unstreamed;
    private final StringBuilder text = new StringBuilder();
    private final List<AssistantMessage.ToolCall> toolCalls = new ArrayList<>();
    private @Nullable String finishReason;
    private Usage usage = Usage.ZERO;
    private boolean refused;
    /** Whether anything of an answer arrived: text, a tool call, a finish reason, usage. */
    private boolean answered;
    private @Nullable Prompt prompt;
    private volatile boolean cancelled;
    private volatile @Nullable Thread wholeCall;

    /**
     * @param feed the stream the run reads; closing it before its end cancels this call
     * @param whole the model to ask for a whole answer when the provider did not stream, or null
     * @param unstreamed told when the provider did not stream
     */
    public StreamedCall(ModelStreams.Feed feed, @Nullable ChatModel whole, Runnable unstreamed) {
        this.feed = feed;
        this.whole = whole;
        this.unstreamed = unstreamed;
        feed.onClose(this::cancelCall);
    }

    /**
     * Starts the call: the model's flux is subscribed to on a virtual thread.
     *
     * @param model the Spring AI model
     * @param prompt the request
     */
    public void start(StreamingChatModel model, Prompt prompt) {
        this.prompt = prompt;
        Thread.ofVirtual().name("terminus-spring-ai-stream").start(() -> subscribe(model, prompt));
    }

    /**
     * Asks for the answer whole instead, on a virtual thread interrupted by the cancel: its text is one piece.
     *
     * @param prompt the request
     * @throws IllegalStateException when this call has no model to ask for a whole answer
     */
    public void startWhole(Prompt prompt) {
        ChatModel model = whole;
        if (model == null) {
            throw new IllegalStateException("a streaming model that is no ChatModel cannot answer whole");
        }
        Thread call = Thread.ofVirtual().name("terminus-spring-ai-whole").unstarted(() -> callWhole(model, prompt));
        wholeCall = call;
        if (!cancelled) { // the cancel reads wholeCall after it sets cancelled: one of the two sees the other
            call.start();
        }
    }

    private void callWhole(ChatModel model, Prompt prompt) {
        ModelResponse response;
        try {
            response = Responses.toTerminus(model.call(prompt));
        } catch (RuntimeException e) {
            feed.fail(Errors.classify(e));
            return;
        }
        try {
            feed.text(response.message().content());
            feed.finish(response);
        } catch (InterruptedException e) {
            // cancelled: the feed is closed and drops what comes
        }
    }

    /**
     * Cancels the call. The dispose runs on a thread of its own, so the run never waits for it: a client's close can
     * block until its reading thread's read returns (the OpenAI SDK 4.49 under Spring AI 2.0.1 closes its reader, whose
     * lock the reading thread holds while it waits for the next line, before the response).
     */
    private void cancelCall() {
        cancelled = true;
        Thread.ofVirtual().name("terminus-spring-ai-cancel").start(this::dispose);
        Thread call = wholeCall;
        if (call != null) {
            call.interrupt();
        }
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
                answered = true;
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
            answered |= !output.getToolCalls().isEmpty() || finishReason != null || refused;
        }
        Usage reported = Responses.usage(response.getMetadata().getUsage());
        if (reported.totalTokens() > 0) {
            usage = reported;
            answered = true;
        }
    }

    @Override
    protected void hookOnComplete() {
        Prompt asked = prompt;
        if (!answered && whole != null && asked != null) {
            LOG.log(System.Logger.Level.DEBUG, "the provider did not stream: its stream ended with nothing of an "
                    + "answer (a server that ignores \"stream\": true sends a whole JSON answer, in which the client "
                    + "finds no events); the answer is asked for whole");
            unstreamed.run();
            startWhole(asked);
            return;
        }
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
