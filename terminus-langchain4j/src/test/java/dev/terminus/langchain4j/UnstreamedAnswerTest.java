package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.asIs;
import static dev.terminus.langchain4j.fake.Fault.reply;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.StreamStats;
import dev.terminus.agent.Tool;
import dev.terminus.test.WeatherTool;
import dev.terminus.agent.Usage;
import dev.terminus.langchain4j.fake.FakeOpenAiServer;
import dev.terminus.langchain4j.fake.FakeOpenAiServer.Tokens;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import dev.terminus.langchain4j.internal.ProviderHttpClient;
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
 * A server or gateway that ignores {@code "stream": true} and answers the streaming clients of
 * {@link LangChain4jModels} with a whole {@code application/json} answer: the answer is read as one piece, its text one
 * {@code TextDelta}, its tool calls, usage and finish reason as the whole-answer client reads the same body, and the
 * run goes on, with no second request. An error status still ends the run by its status.
 */
@Timeout(30)
class UnstreamedAnswerTest {
    private static final String TASK = "What should I wear in Oslo?";
    private static final Tokens SMALL = new Tokens(21, 7, 0, 0);

    private final FaultyRuns runs = new FaultyRuns(true);
    private final FaultServer server = runs.server;
    private final WeatherTool weatherTool = new WeatherTool();
    private final List<Map<String, @Nullable Object>> weatherCalls = weatherTool.calls();
    private final Tool weather = weatherTool.tool();

    @AfterEach
    void nothingIsLeftBehind() throws InterruptedException {
        runs.close();
    }

    private RunResult run(ProviderWire wire) {
        return runs.agent(runs.model(wire, wire.baseUrl(server.origin())),
                AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES)).tool(weather).build().run(TASK);
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAWholeJsonBodyCompletesTheRunWithItsText() {
        // given: a server that ignores "stream": true
        server.always(asIs(FakeOpenAiServer.text("Wear a warm coat.", "stop", SMALL)));
        List<LogRecord> debug = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                debug.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger log = Logger.getLogger(ProviderHttpClient.class.getName());
        Level level = log.getLevel();
        log.setLevel(Level.FINE);
        log.addHandler(handler);

        // when
        RunResult result;
        try {
            result = run(ProviderWire.OPENAI);
        } finally {
            log.removeHandler(handler);
            log.setLevel(level);
        }

        // then: the whole text as one piece, from one request, and a debug line that says why
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Wear a warm coat.");
        assertThat(runs.deltas()).containsExactly("Wear a warm coat.");
        assertThat(runs.calls).singleElement().satisfies(called -> {
            assertThat(called.stream().deltas()).isEqualTo(1);
            assertThat(called.stream().end()).isEqualTo(StreamStats.End.FINISHED);
        });
        assertThat(server.requests()).singleElement().satisfies(request -> assertThat(request.streams()).isTrue());
        assertThat(debug).singleElement().satisfies(record -> {
            assertThat(record.getLevel()).isEqualTo(Level.FINE);
            assertThat(record.getMessage()).startsWith("the provider did not stream")
                    .contains("/v1/chat/completions", "application/json");
        });
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAWholeJsonBodyCompletesTheToolRoundOfEachCallItMakes() {
        // given: two calls in one answer
        server.then(asIs(FakeOpenAiServer.toolCalls(SMALL, "call_1", "weather", "{\"city\": \"Oslo\"}",
                        "call_2", "weather", "{\"city\": \"Bergen\"}")),
                asIs(FakeOpenAiServer.text("Wear a coat.", "stop", SMALL)));

        // when
        RunResult result = run(ProviderWire.OPENAI);

        // then: each tool call ran once, and the answer after them completed the run
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(2);
        assertThat(weatherCalls).containsExactlyInAnyOrder(Map.of("city", "Oslo"), Map.of("city", "Bergen"));
        assertThat(result.transcript()).filteredOn(Message.Assistant.class::isInstance)
                .map(message -> ((Message.Assistant) message).toolCalls()).first()
                .isEqualTo(List.of(new ToolCall("call_1", "weather", Map.of("city", "Oslo")),
                        new ToolCall("call_2", "weather", Map.of("city", "Bergen"))));
        assertThat(runs.deltas()).containsExactly("Wear a coat.");
        assertThat(runs.attempts).containsExactly(null, null);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAWholeJsonBodyCountsItsUsageAsTheWholeAnswerClientDoes() {
        // given: the same body, to the streaming client and to the whole-answer one
        Tokens tokens = new Tokens(120, 8, 100, 3);
        server.always(asIs(FakeOpenAiServer.text("Wear a coat.", "length", tokens)));
        FaultyRuns wholeRuns = new FaultyRuns(false);
        RunResult whole;
        try (wholeRuns) {
            wholeRuns.server.always(reply(FakeOpenAiServer.text("Wear a coat.", "length", tokens)));
            whole = wholeRuns.run(ProviderWire.OPENAI);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }

        // when
        RunResult streamed = run(ProviderWire.OPENAI);

        // then: the tokens counted, and the finish reason read, as for the whole answer
        assertThat(streamed.usage()).isEqualTo(new Usage(120, 8, 100, 3)).isEqualTo(whole.usage());
        assertThat(streamed.termination()).isInstanceOf(Termination.OutputTruncated.class)
                .isEqualTo(whole.termination());
        assertThat(streamed.incompleteAnswer()).contains("Wear a coat.");
        assertThat(runs.calls).singleElement()
                .satisfies(called -> assertThat(called.stream().end()).isEqualTo(StreamStats.End.LENGTH));
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAJsonErrorStillEndsTheRunByItsStatus() {
        // given: a 401, then a 429 followed by an answer
        server.then(reply(ProviderWire.OPENAI.error(401, "invalid key")));

        // when
        RunResult unauthorized = run(ProviderWire.OPENAI);
        server.then(reply(ProviderWire.OPENAI.error(429, "slow down")),
                asIs(FakeOpenAiServer.text("Wear a coat.", "stop", SMALL)));
        RunResult retried = run(ProviderWire.OPENAI);

        // then
        assertThat(unauthorized).endedWith(new Termination.ProviderAuthFailed("openai", 401));
        assertThat(retried).endedWith(new Termination.NaturalCompletion());
        assertThat(retried.finalAnswer()).contains("Wear a coat.");
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void anAnthropicServerThatAnswersAStreamingRequestWholeFailsWithoutARetrySayingSo() {
        // given: only OpenAI's whole answers are read as one piece
        server.always(asIs(ProviderWire.ANTHROPIC.answer("Wear a coat.")));

        // when
        RunResult result = run(ProviderWire.ANTHROPIC);

        // then: not silently an empty answer
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.UNKNOWN);
            assertThat(failed.error().message()).contains("the provider answered a streaming request with "
                    + "application/json, not an event stream (text/event-stream)");
        });
        assertThat(server.requests()).hasSize(1);
    }
}
