package dev.terminus.springai;

import static dev.terminus.springai.fake.OpenAiReplies.error;
import static dev.terminus.springai.fake.OpenAiReplies.text;
import static dev.terminus.springai.fake.OpenAiReplies.toolCalls;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.Tool;
import dev.terminus.test.WeatherTool;
import dev.terminus.agent.Usage;
import dev.terminus.springai.fake.LoopbackOpenAi;
import dev.terminus.springai.fake.OpenAiReplies.Tokens;
import dev.terminus.springai.internal.StreamedCall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server or gateway that ignores {@code "stream": true} and answers Spring AI's real OpenAI client with a whole
 * {@code application/json} answer, which the OpenAI SDK drops unread: the answer is asked for whole, read as one piece
 * (one {@code TextDelta}, its tool calls, usage and finish reason as {@link SpringAiModel} reads a whole answer), and
 * the run goes on; the model's later calls ask for whole answers at once. An error status still ends the run by it.
 */
@Timeout(30)
class UnstreamedAnswerTest {
    private static final Tokens SMALL = new Tokens(10, 5, 0);
    private static final RetryPolicy TWO_QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);

    private final LoopbackOpenAi server = new LoopbackOpenAi();
    private final WeatherTool weatherTool = new WeatherTool();
    private final List<Map<String, @Nullable Object>> weatherCalls = weatherTool.calls();
    private final Tool weather = weatherTool.tool();

    @AfterEach
    void stopServer() {
        server.close();
    }

    private Agent agent() {
        SpringAiStreamingModel model = SpringAiModel.streaming(OpenAiChatModelEndToEndTest.openAi(server));
        return Agent.builder(model).config(AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).build()).tool(weather)
                .build();
    }

    /** Streams a run to its end, collecting the text pieces its listeners were shown. */
    private static RunResult streamed(Agent agent, List<String> pieces) {
        try (RunStream stream = agent.stream("What should I wear in Oslo?")) {
            for (AgentEvent event : stream) {
                if (event instanceof AgentEvent.TextDelta delta) {
                    pieces.add(delta.text());
                }
            }
            return stream.result();
        }
    }

    private boolean streamRequested(int request) {
        return server.requests().get(request).json().path("stream").asBoolean(false);
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAWholeJsonBodyCompletesTheRunWithItsText() {
        // given: a server that ignores "stream": true; the SDK drops its body, so the answer is asked for whole
        server.enqueue(text("Wear a warm coat.", "stop", SMALL), text("Wear a warm coat.", "stop", SMALL));
        List<String> pieces = new ArrayList<>();
        List<LogRecord> debug = new CopyOnWriteArrayList<>();
        Logger log = Logger.getLogger(StreamedCall.class.getName());
        Handler handler = recorder(debug);
        Level level = log.getLevel();
        log.setLevel(Level.FINE);
        log.addHandler(handler);

        // when
        RunResult result;
        try {
            result = streamed(agent(), pieces);
        } finally {
            log.removeHandler(handler);
            log.setLevel(level);
        }

        // then: the whole text as one piece, and a debug line that says why
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Wear a warm coat.");
        assertThat(pieces).containsExactly("Wear a warm coat.");
        assertThat(server.requests()).hasSize(2);
        assertThat(streamRequested(0)).isTrue();
        assertThat(streamRequested(1)).isFalse();
        assertThat(server.requests().get(1).json().get("messages"))
                .isEqualTo(server.requests().get(0).json().get("messages"));
        assertThat(debug).singleElement().satisfies(record -> {
            assertThat(record.getLevel()).isEqualTo(Level.FINE);
            assertThat(record.getMessage()).startsWith("the provider did not stream");
        });
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAWholeJsonBodyCompletesTheToolRoundOfEachCallItMakes() {
        // given: the tool calls answered whole twice (the SDK drops the first), then the model asks whole at once
        String[] calls = {"call_1", "weather", "{\"city\":\"Oslo\"}", "call_2", "weather", "{\"city\":\"Bergen\"}"};
        server.enqueue(toolCalls(SMALL, calls), toolCalls(SMALL, calls), text("Wear a coat.", "stop", SMALL));
        List<String> pieces = new ArrayList<>();

        // when
        RunResult result = streamed(agent(), pieces);

        // then: each tool call ran once, and the answer after them completed the run
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(2);
        assertThat(weatherCalls).containsExactlyInAnyOrder(Map.of("city", "Oslo"), Map.of("city", "Bergen"));
        assertThat(result.transcript()).filteredOn(Message.Assistant.class::isInstance)
                .map(message -> ((Message.Assistant) message).toolCalls()).first()
                .isEqualTo(List.of(new ToolCall("call_1", "weather", Map.of("city", "Oslo")),
                        new ToolCall("call_2", "weather", Map.of("city", "Bergen"))));
        assertThat(pieces).containsExactly("Wear a coat.");
        assertThat(server.requests()).hasSize(3);
        assertThat(streamRequested(2)).as("the model's next call asks for a whole answer").isFalse();
        assertThat(server.requests().get(2).json().get("messages").get(2).get("tool_call_id").asText())
                .isEqualTo("call_1");
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAWholeJsonBodyCountsItsUsageAsTheWholeAnswerModelDoes() {
        // given: the same body, to the streaming model and to the whole-answer one
        Tokens tokens = new Tokens(120, 8, 100);
        server.enqueue(text("Wear a co", "length", tokens));
        RunResult whole = Agent.builder(SpringAiModel.of(OpenAiChatModelEndToEndTest.openAi(server)))
                .config(AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).build()).build()
                .run("What should I wear in Oslo?");
        server.enqueue(text("Wear a co", "length", tokens), text("Wear a co", "length", tokens));

        // when
        RunResult streamed = streamed(agent(), new ArrayList<>());

        // then: the tokens of the answer the loop saw, and its finish reason, as for the whole answer
        assertThat(streamed.usage()).isEqualTo(new Usage(120, 8, 100, 0)).isEqualTo(whole.usage());
        assertThat(streamed.termination()).isInstanceOf(Termination.OutputTruncated.class)
                .isEqualTo(whole.termination());
        assertThat(streamed.incompleteAnswer()).contains("Wear a co");
    }

    @Test
    void aProviderThatDoesNotStreamStillEndsTheRunByAnErrorsStatus() {
        // given: the whole answer asked for is refused with a 401; for a second model, a 429 and then an answer
        server.enqueue(text("Wear a coat.", "stop", SMALL), error(401, "Incorrect API key provided",
                "invalid_request_error", "invalid_api_key"));
        RunResult unauthorized = streamed(agent(), new ArrayList<>());
        server.enqueue(text("Wear a coat.", "stop", SMALL), error(429, "Rate limit reached", "requests",
                "rate_limit_exceeded"), text("Wear a coat.", "stop", SMALL));

        // when
        RunResult retried = streamed(agent(), new ArrayList<>());

        // then: the retry asks for the whole answer at once
        assertThat(unauthorized).endedWith(new Termination.ProviderAuthFailed("openai", 401));
        assertThat(retried).endedWith(new Termination.NaturalCompletion());
        assertThat(retried.finalAnswer()).contains("Wear a coat.");
        assertThat(server.requests()).hasSize(5);
        assertThat(streamRequested(4)).isFalse();
    }

    private static Handler recorder(List<LogRecord> records) {
        return new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
    }
}
