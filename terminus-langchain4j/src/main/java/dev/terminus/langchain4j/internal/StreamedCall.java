package dev.terminus.langchain4j.internal;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.PartialToolCallContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelStreams;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One streamed call of a LangChain4j {@link StreamingChatModel}: its handler fills a {@link ModelStreams.Feed} (text
 * pieces, then the whole answer or the classified failure), and closing the feed before its end cancels the call on
 * the wire.
 *
 * <ul>
 *   <li>{@code onPartialResponse}: a text piece;</li>
 *   <li>{@code onPartialToolCall} and {@code onPartialThinking}: no text (LangChain4j assembles the tool calls into
 *       the complete response; thinking is no part of the answer);</li>
 *   <li>{@code onCompleteResponse}: the end, mapped as a whole answer is ({@link Responses});</li>
 *   <li>{@code onError}: the end, classified as a whole answer's failure is ({@link Errors}); the call is then
 *       cancelled on the wire, as LangChain4j's OpenAI client reads on past a chunk it could not parse.</li>
 * </ul>
 *
 * <p>The cancel uses what the call offers: the {@link StreamingHandle} LangChain4j hands with each piece (it closes
 * the response's body, and with it the connection), and, for the clients of {@code LangChain4jModels}, the
 * {@link ProviderHttpClient} exchange started for this call, which it registers here ({@link #starting()}) and which is
 * aborted at any point, before the first piece too. A cancel that comes before either is known is applied as soon as
 * one is.
 */
public final class StreamedCall implements StreamingChatResponseHandler {
    /** The call whose {@code StreamingChatModel.chat} runs on this thread, for the HTTP client it reaches. */
    private static final ThreadLocal<StreamedCall> STARTING = new ThreadLocal<>();

    private final ModelStreams.Feed feed;
    private final @Nullable String secret;
    private final List<AutoCloseable> wire = new ArrayList<>(2);
    private @Nullable StreamingHandle handle;
    private boolean cancelled;

    /**
     * @param feed the stream the loop reads; closing it before its end cancels this call
     * @param secret the API key to keep out of error messages, or null
     */
    public StreamedCall(ModelStreams.Feed feed, @Nullable String secret) {
        this.feed = feed;
        this.secret = secret;
        feed.onClose(this::cancel);
    }

    /**
     * Starts the call, on this thread: what the model throws instead of calling {@link #onError} ends the stream the
     * same way.
     *
     * @param model the streaming model
     * @param request the request
     */
    public void start(StreamingChatModel model, ChatRequest request) {
        STARTING.set(this);
        try {
            model.chat(request, this);
        } catch (RuntimeException e) {
            onError(e);
        } finally {
            STARTING.remove();
        }
    }

    /** @return the call whose {@code chat} is under way on this thread, or null */
    static @Nullable StreamedCall starting() {
        return STARTING.get();
    }

    /**
     * Registers what aborts this call's exchange on the wire: closed by a cancel, or at once when the call was
     * cancelled already.
     *
     * @param resource the exchange, or its response body
     */
    void onWire(AutoCloseable resource) {
        boolean now;
        synchronized (this) {
            now = cancelled;
            if (!now) {
                wire.add(resource);
            }
        }
        if (now) {
            closeQuietly(resource);
        }
    }

    /**
     * The response's body was read to its end, or failed: a provider client that neither completed nor failed by then
     * never will (LangChain4j's Anthropic client says nothing when the stream ends without its {@code message_stop}).
     */
    void bodyEnded() {
        feed.fail(new ModelException.Timeout("the provider's stream ended before the end of the answer", null));
    }

    @Override
    public void onPartialResponse(String partialResponse) {
        text(partialResponse);
    }

    @Override
    public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
        handle(context.streamingHandle());
        text(partialResponse.text());
    }

    @Override
    public void onPartialThinking(PartialThinking partialThinking, PartialThinkingContext context) {
        handle(context.streamingHandle());
    }

    @Override
    public void onPartialToolCall(PartialToolCall partialToolCall, PartialToolCallContext context) {
        handle(context.streamingHandle());
    }

    @Override
    public void onCompleteResponse(ChatResponse completeResponse) {
        try {
            feed.finish(Responses.toTerminus(completeResponse));
        } catch (RuntimeException e) {
            feed.fail(e);
        }
    }

    @Override
    public void onError(Throwable error) {
        Exception classified = Errors.classify(error, secret);
        // an interrupt of the thread that delivers the stream is no interrupt of the run that reads it
        feed.fail(classified instanceof InterruptedException interrupted
                ? new IllegalStateException("the provider's stream was interrupted", interrupted) : classified);
        cancel();
    }

    private void text(@Nullable String text) {
        if (text == null) {
            return;
        }
        try {
            feed.text(text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            feed.fail(new IllegalStateException("the provider's stream was interrupted", e));
            cancel();
        }
    }

    private void handle(@Nullable StreamingHandle given) {
        if (given == null) {
            return;
        }
        boolean now;
        synchronized (this) {
            now = cancelled;
            if (!now && handle == null) {
                handle = given;
            }
        }
        if (now) {
            cancelQuietly(given);
        }
    }

    /** Cancels the call on the wire with whatever it offers by now; what it offers later is cancelled when offered. */
    private void cancel() {
        StreamingHandle held;
        List<AutoCloseable> exchange;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            held = handle;
            exchange = List.copyOf(wire);
            wire.clear();
        }
        if (held != null) {
            cancelQuietly(held);
        }
        exchange.forEach(StreamedCall::closeQuietly);
    }

    private static void cancelQuietly(StreamingHandle handle) {
        try {
            handle.cancel();
        } catch (RuntimeException e) {
            // a handle that cannot cancel (CancellationUnsupportedHandle): the exchange, when known, is aborted
        }
    }

    private static void closeQuietly(AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            // closing an exchange that already ended
        }
    }
}
