package dev.terminus.langchain4j;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.langchain4j.internal.ClientLease;
import dev.terminus.langchain4j.internal.Requests;
import dev.terminus.langchain4j.internal.StreamedCall;
import org.jspecify.annotations.Nullable;

/**
 * Any LangChain4j {@link StreamingChatModel} as a Terminus {@link StreamingModel}: the answer's text reaches the run's
 * listeners piece by piece as the provider writes it, and a call the run stops (its deadline, a cancel, the agent's
 * {@code streamIdleTimeout}) is cancelled on the wire. Made by {@link LangChain4jModel#of(StreamingChatModel)} and,
 * for OpenAI, Anthropic and Ollama, by {@link LangChain4jModels}.
 *
 * <p>Requests, answers, usage, finish reasons and failures are mapped as {@link LangChain4jModel} maps them: a
 * stream's complete response (its tool calls assembled by LangChain4j from their pieces, which never show as text)
 * as a whole answer is, and a failure before or during the stream (an error status, a reset connection, a chunk that
 * is not JSON) as the same failure of a whole answer is.
 *
 * <p>A server or gateway that ignores {@code "stream": true} and answers an OpenAI model of {@link LangChain4jModels}
 * with a whole {@code application/json} answer: the body is read once and goes on as a stream of one piece, so the
 * run goes on with its text as one {@code TextDelta}, and its tool calls, usage and finish reason as a stream's; a
 * debug line ({@code System.Logger}) notes that the provider did not stream. A whole Anthropic answer ends the call
 * with a failure that says so. A model of your own reads such a body as its HTTP client does.
 *
 * <p>The cancel: LangChain4j hands a {@code StreamingHandle} with each piece, whose {@code cancel()} closes the
 * response and its connection; a model of {@link LangChain4jModels} also aborts its own HTTP exchange, so a call is
 * cancelled before its first piece too. A model of your own that has sent nothing yet is cancelled when its first
 * piece arrives, and until then waits on its client's own timeout.
 *
 * {@snippet :
 * // given: String key
 * StreamingChatModel client = OpenAiStreamingChatModel.builder()
 *         .apiKey(key)
 *         .modelName("gpt-4o-mini")
 *         .build();
 * try (RunStream run = Agent.builder(LangChain4jModel.of(client)).build().stream("Say hello")) {
 *     for (AgentEvent event : run) {
 *         if (event instanceof AgentEvent.TextDelta delta) {
 *             System.out.print(delta.text());
 *         }
 *     }
 * }
 * }
 *
 * Thread-safe when the {@code StreamingChatModel} is (LangChain4j's are).
 */
public final class LangChain4jStreamingModel implements StreamingModel, AutoCloseable {
    /** How many unread pieces a stream holds before the thread reading the provider waits for the run. */
    private static final int UNREAD_PIECES = 64;

    private final StreamingChatModel streamingChatModel;
    private final String name;
    private final String provider;
    private final boolean jsonSchema;
    /** The API key to cut out of error messages; never shown. */
    private final @Nullable String secret;
    /** What {@link LangChain4jModels} built for this model alone, released by {@link #close()}. */
    private final ClientLease lease;

    LangChain4jStreamingModel(StreamingChatModel streamingChatModel, String name, String provider, boolean jsonSchema,
            @Nullable String secret, @Nullable AutoCloseable owned) {
        this.streamingChatModel = streamingChatModel;
        this.name = name;
        this.provider = provider;
        this.jsonSchema = jsonSchema
                || streamingChatModel.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        this.secret = secret;
        this.lease = new ClientLease(owned);
    }

    /**
     * Starts a streamed call. {@code StreamingChatModel.chat} runs on a virtual thread of its own, so a model that
     * calls its handler on the caller's thread (an in-process model) cannot hold the run up; LangChain4j's HTTP
     * clients return from it at once and deliver the pieces from their own threads.
     *
     * @param request the transcript and the tools on offer
     * @return the answer's stream; its {@code next} throws the classified {@code ModelException} of a failure
     * @throws IllegalArgumentException when a tool's schema cannot be sent
     * @throws IllegalStateException when the model was {@linkplain #close() closed}
     */
    @Override
    public ModelStream stream(ModelRequest request) {
        lease.ensureOpen(this);
        ChatRequest chatRequest = Requests.toLangChain4j(request, jsonSchema);
        ModelStreams.Feed feed = ModelStreams.feed(UNREAD_PIECES);
        StreamedCall call = new StreamedCall(feed, secret);
        Thread.ofVirtual().name("terminus-stream-" + name).start(() -> call.start(streamingChatModel, chatRequest));
        return feed;
    }

    /** @return the model's name */
    @Override
    public String name() {
        return name;
    }

    /** @return the provider's name */
    @Override
    public String provider() {
        return provider;
    }

    /**
     * The run's thread only waits for the stream's next piece, which gives up at once when the thread is interrupted
     * (and the stream is then closed, cancelling the call): no thread of its own is needed per call.
     *
     * @return true
     */
    @Override
    public boolean interruptible() {
        return true;
    }

    /**
     * Releases what {@link LangChain4jModels} built for this model: its HTTP client is shut down, a call under way is
     * aborted, its pooled connections are closed and its threads end. Calls after it fail with an
     * {@link IllegalStateException}. Closing twice does nothing more; a model of
     * {@link LangChain4jModel#of(StreamingChatModel)} releases nothing (its {@code StreamingChatModel} is yours to
     * close).
     */
    @Override
    public void close() {
        lease.close(this);
    }

    /** @return the LangChain4j model this wraps */
    public StreamingChatModel streamingChatModel() {
        return streamingChatModel;
    }

    /** @return the provider and the model; never the API key */
    @Override
    public String toString() {
        return "LangChain4jStreamingModel[provider=" + provider + ", model=" + name + "]";
    }
}
