package dev.terminus.benchmarks;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.output.TokenUsage;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The cost of a streamed text piece, against LangChain4j's {@code AiServices} with a {@code TokenStream} on the same
 * scripted stream, in one JMH run.
 *
 * <p>One operation is a whole run of one model call whose answer arrives in {@link #pieces} text pieces (of 3 to 5
 * characters, {@code "w0 "}, {@code "w1 "}, ...) and then ends; every piece is consumed (its length added to a
 * count). With {@code pieces = 1} the run is its fixed cost; the cost of a piece is the difference to the run of
 * 100 pieces divided by 99 (or to the run of 1,000 divided by 999, which resolves a cost of a nanosecond).
 *
 * <ul>
 *   <li>{@link #terminusListener()}: {@code Agent.run} with a listener that {@linkplain
 *       AgentListener#receivesStreamEvents() receives the stream events}, each piece handed to it on the run's thread
 *       as an {@code AgentEvent.TextDelta}; every guard on and a time budget ({@code AgentLoopBenchmark.allGuards}).
 *       The model plays pieces built in the setup: a stream object per call, nothing per piece.</li>
 *   <li>{@link #terminusRunStream()}: the same agent without the listener, through {@code Agent.stream}: the run on a
 *       virtual thread of its own, the benchmark's thread iterating the {@link RunStream} to its last event.</li>
 *   <li>{@link #terminusNoListener()}: informational, the same agent through {@code Agent.run}: no event is built,
 *       each piece is kept for the transcript and the run's control looked at.</li>
 *   <li>{@link #terminusFeedListener()}: informational, as {@link #terminusListener()} with the model's stream a
 *       {@link ModelStreams#feed} that the model fills on the calling thread before returning it, as a provider's
 *       callbacks fill it (a lock and a {@code StreamPart.TextDelta} per piece).</li>
 *   <li>{@link #langchain4j()}: {@code AiServices} over a {@code StreamingChatModel} whose {@code doChat} calls
 *       {@code onPartialResponse} for each of the same pieces, then {@code onCompleteResponse}, on the calling
 *       thread; the service's method returns a {@code TokenStream}, consumed with {@code onPartialResponse},
 *       {@code onCompleteResponse} and {@code start()}, the benchmark waiting on a latch for the complete response.
 *       No chat memory, no tools.</li>
 * </ul>
 *
 * <p>The setup refuses to run unless each side consumed every piece and ended as expected: Terminus with
 * {@code NaturalCompletion} and the pieces joined as its final answer, LangChain4j with them as its complete
 * response's text.
 */
public class StreamingBenchmark extends SampledLatencyBenchmark {
    static final String TASK = "Say something long.";

    /** Text pieces of the one answer. */
    @Param({"1", "100", "1000"})
    public int pieces;

    private Agent terminusWithListener;
    private CountingListener listener;
    private Agent terminusWithoutListener;
    private Agent terminusFeedWithListener;
    private CountingListener feedListener;
    private StreamingAssistant langchain4j;
    private int expectedCharacters;

    /** Builds every side and checks that one run of each consumes every piece and ends as expected. */
    @Setup
    public void setUp() throws InterruptedException {
        String[] text = pieces(pieces);
        String answer = String.join("", text);
        expectedCharacters = answer.length();

        ModelResponse response = new ModelResponse(Message.Assistant.of(answer), Usage.of(10, text.length),
                FinishReason.STOP);
        StreamPart[] parts = new StreamPart[text.length + 1];
        for (int k = 0; k < text.length; k++) {
            parts[k] = StreamPart.text(text[k]);
        }
        parts[text.length] = StreamPart.finished(response);
        StreamingModel played = new PlayedModel(parts);
        listener = new CountingListener();
        terminusWithListener = Agent.builder(played).config(AgentLoopBenchmark.allGuards(true)).listener(listener)
                .build();
        terminusWithoutListener = Agent.builder(played).config(AgentLoopBenchmark.allGuards(true)).build();
        feedListener = new CountingListener();
        terminusFeedWithListener = Agent.builder(new FedModel(text, response))
                .config(AgentLoopBenchmark.allGuards(true)).listener(feedListener).build();

        checkTerminus(terminusWithListener.run(TASK), answer);
        check(terminusListener() == expectedCharacters, "the listener counted " + listener.characters + " characters");
        checkTerminus(terminusFeedWithListener.run(TASK), answer);
        check(terminusFeedListener() == expectedCharacters, "the feed's listener counted " + feedListener.characters);
        checkTerminus(terminusNoListener(), answer);
        RunStreamOutcome outcome = streamOnce();
        checkTerminus(outcome.result, answer);
        check(outcome.characters == expectedCharacters, "the RunStream gave " + outcome.characters + " characters");

        ChatResponse chatResponse = ChatResponse.builder().aiMessage(AiMessage.from(answer))
                .tokenUsage(new TokenUsage(10, text.length))
                .finishReason(dev.langchain4j.model.output.FinishReason.STOP)
                .modelName(AgentLoopBenchmark.MODEL_NAME).build();
        langchain4j = AiServices.builder(StreamingAssistant.class)
                .streamingChatModel(new PlayingChatModel(text, chatResponse)).build();
        AtomicReference<@Nullable ChatResponse> complete = new AtomicReference<>();
        int[] characters = new int[1];
        CountDownLatch done = new CountDownLatch(1);
        langchain4j.chat(TASK)
                .onPartialResponse(piece -> characters[0] += piece.length())
                .onCompleteResponse(r -> {
                    complete.set(r);
                    done.countDown();
                })
                .onError(e -> done.countDown())
                .start();
        check(done.await(10, TimeUnit.SECONDS), "LangChain4j never completed");
        check(characters[0] == expectedCharacters, "LangChain4j gave " + characters[0] + " characters");
        ChatResponse got = complete.get();
        check(got != null && answer.equals(got.aiMessage().text()), "LangChain4j completed with " + got);
    }

    /** A whole run, each piece handed to a listener that receives the stream events. */
    @Benchmark
    public long terminusListener() {
        listener.characters = 0;
        terminusWithListener.run(TASK);
        return listener.characters;
    }

    /**
     * Informational: a whole run with no listener, so no event is built; each piece is still kept for the transcript
     * and the run's control looked at after it.
     */
    @Benchmark
    public RunResult terminusNoListener() {
        return terminusWithoutListener.run(TASK);
    }

    /** A whole run through {@code Agent.stream}, every event read from the {@code RunStream}. */
    @Benchmark
    public long terminusRunStream() {
        return streamOnce().characters;
    }

    /** Informational: a whole run whose model fills a {@code ModelStreams.feed} on the calling thread. */
    @Benchmark
    public long terminusFeedListener() {
        feedListener.characters = 0;
        terminusFeedWithListener.run(TASK);
        return feedListener.characters;
    }

    /** A whole LangChain4j run through a {@code TokenStream}, waited for until its complete response. */
    @Benchmark
    public long langchain4j() throws InterruptedException {
        Consumed consumed = new Consumed();
        langchain4j.chat(TASK)
                .onPartialResponse(consumed::piece)
                .onCompleteResponse(consumed::complete)
                .onError(consumed::fail)
                .start();
        consumed.done.await();
        if (consumed.failure != null) {
            throw new IllegalStateException("LangChain4j failed", consumed.failure);
        }
        return consumed.characters;
    }

    private RunStreamOutcome streamOnce() {
        long characters = 0;
        RunResult result = null;
        try (RunStream stream = terminusWithoutListener.stream(TASK)) {
            for (AgentEvent event : stream) {
                if (event instanceof AgentEvent.TextDelta delta) {
                    characters += delta.text().length();
                } else if (event instanceof AgentEvent.RunTerminated terminated) {
                    result = terminated.result();
                }
            }
        }
        return new RunStreamOutcome(characters, result);
    }

    private record RunStreamOutcome(long characters, @Nullable RunResult result) {}

    /** The pieces of the answer: {@code "w0 "}, {@code "w1 "}, ... */
    static String[] pieces(int count) {
        String[] text = new String[count];
        for (int k = 0; k < count; k++) {
            text[k] = "w" + k + " ";
        }
        return text;
    }

    private static void checkTerminus(@Nullable RunResult result, String answer) {
        check(result != null, "Terminus's stream gave no result");
        check(result.termination() instanceof Termination.NaturalCompletion, "Terminus ended " + result.termination());
        check(result.finalAnswer().filter(answer::equals).isPresent(),
                "Terminus answered " + result.finalAnswer().orElse("nothing"));
    }

    private static void check(boolean condition, String message) {
        AgentLoopBenchmark.check(condition, message);
    }

    // ---------------------------------------------------------------- Terminus side

    /** Counts the characters of the text pieces it receives. */
    static final class CountingListener implements AgentListener {
        long characters;

        @Override
        public void onEvent(AgentEvent event) {
            if (event instanceof AgentEvent.TextDelta delta) {
                characters += delta.text().length();
            }
        }

        @Override
        public boolean receivesStreamEvents() {
            return true;
        }
    }

    /** Plays parts built once: one small stream object per call, nothing per piece. */
    static final class PlayedModel implements StreamingModel {
        private final StreamPart[] parts;

        PlayedModel(StreamPart[] parts) {
            this.parts = parts;
        }

        @Override
        public ModelStream stream(ModelRequest request) {
            return new ModelStream() {
                private int next;

                @Override
                public StreamPart next(long timeoutNanos) {
                    if (next >= parts.length) {
                        throw new IllegalStateException("the stream is finished");
                    }
                    return parts[next++];
                }

                @Override
                public void close() {
                    next = parts.length;
                }
            };
        }

        @Override
        public String name() {
            return AgentLoopBenchmark.MODEL_NAME;
        }
    }

    /** Fills a {@code ModelStreams.feed} with the pieces and the end on the calling thread, then returns it. */
    static final class FedModel implements StreamingModel {
        private final String[] text;
        private final ModelResponse response;

        FedModel(String[] text, ModelResponse response) {
            this.text = text;
            this.response = response;
        }

        @Override
        public ModelStream stream(ModelRequest request) throws InterruptedException {
            ModelStreams.Feed feed = ModelStreams.feed(text.length);
            for (String piece : text) {
                feed.text(piece);
            }
            feed.finish(response);
            return feed;
        }

        @Override
        public String name() {
            return AgentLoopBenchmark.MODEL_NAME;
        }
    }

    // ---------------------------------------------------------------- LangChain4j side

    /** The AI service's interface. */
    public interface StreamingAssistant {
        /** @param task the user's message @return the answer's stream */
        TokenStream chat(String task);
    }

    /** A {@code StreamingChatModel} that calls back with the same pieces on the calling thread, allocating nothing. */
    static final class PlayingChatModel implements StreamingChatModel {
        private final String[] text;
        private final ChatResponse response;

        PlayingChatModel(String[] text, ChatResponse response) {
            this.text = text;
            this.response = response;
        }

        @Override
        public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
            for (String piece : text) {
                handler.onPartialResponse(piece);
            }
            handler.onCompleteResponse(response);
        }
    }

    /** What one LangChain4j run consumed, and its end. */
    static final class Consumed {
        final CountDownLatch done = new CountDownLatch(1);
        long characters;
        @Nullable Throwable failure;

        void piece(String piece) {
            characters += piece.length();
        }

        void complete(ChatResponse response) {
            done.countDown();
        }

        void fail(Throwable error) {
            failure = error;
            done.countDown();
        }
    }
}
