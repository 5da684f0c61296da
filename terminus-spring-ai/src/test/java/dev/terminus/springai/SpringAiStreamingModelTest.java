package dev.terminus.springai;

import static dev.terminus.springai.fake.OpenAiReplies.error;
import static dev.terminus.springai.fake.OpenAiReplies.piece;
import static dev.terminus.springai.fake.OpenAiReplies.streamedError;
import static dev.terminus.springai.fake.OpenAiReplies.streamedStart;
import static dev.terminus.springai.fake.OpenAiReplies.streamedText;
import static dev.terminus.springai.fake.OpenAiReplies.streamedToolCall;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.Termination;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.StreamingChatModel;
import reactor.core.publisher.Flux;

/**
 * {@link SpringAiStreamingModel}: agent runs on Spring AI's real OpenAI client streaming server-sent events from a
 * loopback server, the text reaching the run's listeners piece by piece, and a stream the run cuts cancelled on the
 * wire; and the names it reports.
 */
@Timeout(30)
class SpringAiStreamingModelTest {
    private static final Tokens SMALL = new Tokens(10, 5, 0);
    private static final RetryPolicy TWO_QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);
    /** Far past the nudge for the close to reach the server; the client's own read timeout is 60 s. */
    private static final long GENEROUS_SECONDS = 10;

    private final LoopbackOpenAi server = new LoopbackOpenAi();
    private final WeatherTool weatherTool = new WeatherTool();
    private final List<Map<String, @Nullable Object>> weatherCalls = weatherTool.calls();
    private final Tool weather = weatherTool.tool();

    @AfterEach
    void stopServer() {
        server.close();
    }

    private Agent agent(AgentConfig config) {
        SpringAiStreamingModel model = SpringAiModel.streaming(OpenAiChatModelEndToEndTest.openAi(server));
        return Agent.builder(model).config(config).tool(weather).build();
    }

    private static AgentConfig quickRetries() {
        return AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).build();
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

    @Test
    void theTextArrivesPieceByPieceAsStreamEventsAndTheRunCompletesNaturallyWithTheStreamsUsage() {
        // given
        server.enqueue(streamedText("stop", new Tokens(120, 8, 100), "Wear", " a", " coat."));
        List<String> pieces = new ArrayList<>();

        // when
        RunResult result = streamed(agent(quickRetries()), pieces);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(pieces).containsExactly("Wear", " a", " coat.");
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(result.usage()).isEqualTo(new Usage(120, 8, 100, 0));
        assertThat(server.requests().getFirst().json().get("stream").asBoolean()).isTrue();
    }

    @Test
    void aStreamedToolCallIsRunByTheTerminusLoopThenTheStreamedAnswerCompletes() {
        // given: the arguments arrive in three pieces, which never show as text
        server.enqueue(streamedToolCall(SMALL, "call_1", "weather", "{\"ci", "ty\":\"Os", "lo\"}"),
                streamedText("stop", SMALL, "Wear", " a coat."));
        List<String> pieces = new ArrayList<>();

        // when
        RunResult result = streamed(agent(quickRetries()), pieces);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1);
        assertThat(weatherCalls).containsExactly(Map.of("city", "Oslo"));
        assertThat(pieces).containsExactly("Wear", " a coat.");
        assertThat(server.requests()).hasSize(2);
        JsonNode toolResult = server.requests().get(1).json().get("messages").get(2);
        assertThat(toolResult.get("tool_call_id").asText()).isEqualTo("call_1");
        assertThat(toolResult.get("content").asText()).isEqualTo("Oslo: 4°C, rain");
    }

    @Test
    void aStreamCutByTheRunsTimeBudgetEndsTimeBudgetExhaustedKeepsItsTextAndIsClosedAtTheProvidersNextPiece()
            throws InterruptedException {
        // given: two pieces, then nothing, the connection open
        server.enqueue(streamedStart("Wear", " a").stalled());
        Duration budget = Duration.ofSeconds(2); // the two pieces arrive long before it, on a slow machine too

        // when
        RunResult result = streamed(agent(AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).timeBudget(budget)
                .build()), new ArrayList<>());

        // then: the run did not wait for the client; the client, asked to close, closes at the next piece it reads
        // (a stream nobody cancelled reads on)
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result.incompleteAnswer()).contains("Wear a");
        assertThat(nudgedUntilDisconnected()).as("the client closed the stalled stream's connection").isTrue();
    }

    @Test
    void aConsumerClosingTheRunStreamCancelsTheCallWhichClosesAtTheProvidersNextPiece() throws InterruptedException {
        // given
        server.enqueue(streamedStart("Wear", " a").stalled());
        String first = null;

        // when
        try (RunStream stream = agent(quickRetries()).stream("What should I wear in Oslo?")) {
            for (AgentEvent event : stream) {
                if (event instanceof AgentEvent.TextDelta delta) {
                    first = delta.text();
                    break;
                }
            }
        }

        // then
        assertThat(first).isEqualTo("Wear");
        assertThat(nudgedUntilDisconnected()).as("the client closed the stream's connection").isTrue();
    }

    @Test
    void a401BeforeTheStreamEndsTheRunProviderAuthFailed() {
        // given
        server.enqueue(error(401, "Incorrect API key provided", "invalid_request_error", "invalid_api_key"));

        // when
        RunResult result = streamed(agent(quickRetries()), new ArrayList<>());

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("openai", 401));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void a429BeforeTheStreamIsRetriedByTheLoop() {
        // given
        server.enqueue(error(429, "Rate limit reached", "requests", "rate_limit_exceeded"),
                streamedText("stop", SMALL, "Wear a coat."));

        // when
        RunResult result = streamed(agent(quickRetries()), new ArrayList<>());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void anErrorEventInTheMiddleOfAStreamIsAServerErrorTheLoopRetries() {
        // given
        server.enqueue(streamedError("The server had an error while processing your request.", "server_error",
                "Wear"), streamedText("stop", SMALL, "Wear", " a coat."));

        // when
        RunResult result = streamed(agent(quickRetries()), new ArrayList<>());

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void aStreamThatStopsForLengthEndsOutputTruncatedWithItsText() {
        // given
        server.enqueue(streamedText("length", SMALL, "Wear", " a co"));

        // when
        RunResult result = streamed(agent(AgentConfig.custom().retryPolicy(TWO_QUICK_RETRIES).maxOutputTokens(5)
                .build()), new ArrayList<>());

        // then
        assertThat(result).endedWith(new Termination.OutputTruncated(5));
        assertThat(result.incompleteAnswer()).contains("Wear a co");
    }

    @Test
    void streamingReportsTheModelsNameAndProviderAndTakesNamesOfYourChoosing() {
        // given
        ChatModel openAi = OpenAiChatModelEndToEndTest.openAi(server);
        StreamingChatModel streamsOnly = prompt -> Flux.<ChatResponse>empty();

        // when
        SpringAiStreamingModel reported = SpringAiModel.streaming(openAi);
        SpringAiStreamingModel chosen = SpringAiModel.streaming(streamsOnly, "local-llm", "inhouse");

        // then
        assertThat(reported.name()).isEqualTo("gpt-4o-mini");
        assertThat(reported.provider()).isEqualTo("openai");
        assertThat(reported.streamingChatModel()).isSameAs(openAi);
        assertThat(chosen.name()).isEqualTo("local-llm");
        assertThat(chosen.provider()).isEqualTo("inhouse");
    }

    @Test
    void aStreamingModelThatIsNotAChatModelMustBeNamed() {
        // given
        StreamingChatModel streamsOnly = prompt -> Flux.<ChatResponse>empty();

        // when / then
        assertThatThrownBy(() -> SpringAiModel.streaming(streamsOnly))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("streamingChatModel reports no model name")
                .hasMessageContaining("SpringAiModel.streaming(streamingChatModel, modelName, provider)");
    }

    /**
     * Sends the stalled stream one more piece at a time until the client closes it: the cancel reaches the client on
     * a thread of its own, so a piece sent before it was asked to close is read as any piece is.
     *
     * @return whether the client closed the connection within the generous time
     */
    private boolean nudgedUntilDisconnected() throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(GENEROUS_SECONDS);
        do {
            server.nudge(piece(" coat."));
            if (server.disconnected().await(100, TimeUnit.MILLISECONDS)) {
                return true;
            }
        } while (System.nanoTime() < end);
        return false;
    }
}
