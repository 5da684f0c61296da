package dev.terminus.springai;

import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.springai.internal.Prompts;
import dev.terminus.springai.internal.StreamedCall;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.StreamingChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A Spring AI {@link StreamingChatModel} as a Terminus {@link StreamingModel}: the model's {@code Flux} of
 * {@code ChatResponse}s is read into the run's stream, each piece of text reaching the run's listeners as the provider
 * writes it, and a call the run stops (its deadline, a cancel, the agent's {@code streamIdleTimeout}) is cancelled by
 * disposing of the subscription, which asks the client to close the response. Made by
 * {@link SpringAiModel#streaming(StreamingChatModel)}.
 *
 * <p>The run never waits for the client to close: it ends by its deadline with the text that arrived. How soon the
 * connection closes is the client's: Spring AI 2.0.1's OpenAI client (on the OpenAI SDK 4.49) closes a stream it is
 * reading at the next piece the provider sends, and a stream stalled with its connection open when its read times out
 * ({@code OpenAiChatOptions.timeout}, 60 s by default).
 *
 * <p>Requests, answers, usage, finish reasons and failures are mapped as {@link SpringAiModel} maps them: the
 * stream's pieces are gathered into one answer (its text, the tool calls Spring AI assembles from their pieces, which
 * never show as text, the last finish reason and the usage the provider reports at the end), and a failure before or
 * during the stream (an error status, a reset connection) as the same failure of a whole answer is.
 *
 * <p>A provider that does not stream (a server or gateway that ignores {@code "stream": true} and sends a whole
 * {@code application/json} answer): the OpenAI SDK under Spring AI drops such a body unread, its stream ending with
 * nothing of an answer, so a model that is also a {@code ChatModel} (OpenAI's is) asks for the same answer whole
 * ({@code ChatModel.call}) and the run goes on with it: its text one piece, its tool calls, usage and finish reason as
 * {@link SpringAiModel} maps a whole answer, a failure classified as any is. That first answer is asked for twice, and
 * the provider charges for both (the loop counts the one it sees); the model's later calls ask for whole answers at
 * once. A debug line ({@code System.Logger}) notes it. A {@code StreamingChatModel} that is no {@code ChatModel} ends
 * such a call with the empty answer its stream gave.
 *
 * {@snippet :
 * // given: ChatModel chatModel
 * try (RunStream run = Agent.builder(SpringAiModel.streaming(chatModel)).build().stream("Say hello")) {
 *     for (AgentEvent event : run) {
 *         if (event instanceof AgentEvent.TextDelta delta) {
 *             System.out.print(delta.text());
 *         }
 *     }
 * }
 * }
 *
 * Thread-safe when the {@code StreamingChatModel} is (Spring AI's are).
 */
public final class SpringAiStreamingModel implements StreamingModel {
    /** How many unread pieces a stream holds before the thread reading the provider waits for the run. */
    private static final int UNREAD_PIECES = 64;

    private final StreamingChatModel streamingChatModel;
    private final String name;
    private final String provider;
    /** The model as a {@code ChatModel}, to ask for a whole answer when the provider does not stream; or null. */
    private final @Nullable ChatModel whole;
    /** Whether the provider answered a streaming request whole once: its next answers are asked for whole. */
    private volatile boolean unstreamed;

    SpringAiStreamingModel(StreamingChatModel streamingChatModel, String name, String provider) {
        this.streamingChatModel = streamingChatModel;
        this.name = name;
        this.provider = provider;
        this.whole = streamingChatModel instanceof ChatModel chatModel ? chatModel : null;
    }

    /**
     * Starts a streamed call: subscribes to the model's {@code stream(Prompt)} and returns at once; the pieces arrive
     * on the client's own threads.
     *
     * @param request the transcript and the tools on offer
     * @return the answer's stream; its {@code next} throws the classified {@code ModelException} of a failure, and
     *     closing it before its end cancels the call
     * @throws IllegalArgumentException when the model's options cannot carry the request's tools
     */
    @Override
    public ModelStream stream(ModelRequest request) {
        Prompt prompt = Prompts.toSpringAi(request, options(), name);
        ModelStreams.Feed feed = ModelStreams.feed(UNREAD_PIECES);
        StreamedCall call = new StreamedCall(feed, whole, () -> unstreamed = true);
        if (unstreamed && whole != null) {
            call.startWhole(prompt);
        } else {
            call.start(streamingChatModel, prompt);
        }
        return feed;
    }

    /** The model's own options when it has any (a {@code ChatModel}), or empty ones that carry tools. */
    private ChatOptions options() {
        return whole != null ? whole.getOptions() : ToolCallingChatOptions.builder().build();
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
     * (and the stream is then closed, cancelling the call).
     *
     * @return true
     */
    @Override
    public boolean interruptible() {
        return true;
    }

    /** @return the Spring AI model this wraps */
    public StreamingChatModel streamingChatModel() {
        return streamingChatModel;
    }

    /** @return the provider and the model */
    @Override
    public String toString() {
        return "SpringAiStreamingModel[provider=" + provider + ", model=" + name + "]";
    }
}
