package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.stream;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.StreamStats;
import dev.terminus.agent.Tool;
import dev.terminus.test.WeatherTool;
import dev.terminus.agent.Usage;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import dev.terminus.langchain4j.fake.ProviderWire.Ending;
import dev.terminus.langchain4j.fake.Sse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Streamed answers under the real streaming clients of {@link LangChain4jModels}, from a loopback server speaking
 * OpenAI's and Anthropic's server-sent events: the text arrives as the run's {@code TextDelta}s, tool calls are
 * assembled from their pieces, and each fault of a stream ends the run as the README's table gives, the text that
 * arrived kept in the transcript marked incomplete. Every stalled connection is closed by the cancel, not by the
 * model's close: the server has none open once the run is over.
 */
@Timeout(30)
class StreamingNetworkFaultsTest {
    private static final String TASK = "What should I wear in Oslo?";

    private final FaultyRuns runs = new FaultyRuns(true);
    private final FaultServer server = runs.server;
    private final WeatherTool weatherTool = new WeatherTool();
    private final List<Map<String, @Nullable Object>> weatherCalls = weatherTool.calls();
    private final Tool weather = weatherTool.tool();

    @AfterEach
    void nothingIsLeftBehind() throws InterruptedException {
        runs.close();
    }

    private RunResult run(ProviderWire wire, AgentConfig.Builder config) {
        return runs.agent(runs.model(wire, wire.baseUrl(server.origin())), config).tool(weather).build().run(TASK);
    }

    private RunResult run(ProviderWire wire) {
        return run(wire, AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES));
    }

    private List<StreamStats.End> ends() {
        return runs.calls.stream().map(called -> called.stream().end()).toList();
    }

    /** Waits for the server to see every connection closed, while the model is still open. */
    private void assertEveryConnectionClosedByTheCancel() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        while (server.openConnections() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(server.openConnections()).as("connections open on the server").isZero();
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aStreamOfSeveralChunksArrivesAsTextDeltasInOrderThatJoinToTheAnswer(ProviderWire wire) {
        // given
        server.then(stream(wire.streamedText(Ending.DONE, "Wear", " a", " warm", " coat.")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(runs.deltas()).containsExactly("Wear", " a", " warm", " coat.");
        assertThat(result.finalAnswer()).contains("Wear a warm coat.");
        assertThat(result.incompleteAnswer()).isEmpty();
        assertThat(result.usage()).isEqualTo(new Usage(21, 7, 0, 0));
        assertThat(runs.calls).singleElement().satisfies(called -> {
            assertThat(called.stream().deltas()).isEqualTo(4);
            assertThat(called.stream().end()).isEqualTo(StreamStats.End.FINISHED);
        });
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void toolCallArgumentsSplitOverSeveralChunksAreAssembledIntoOneToolCallAndNeverShownAsText(ProviderWire wire) {
        // given
        server.then(stream(wire.streamedToolCall("call_1", "weather", "{\"ci", "ty\": \"Os", "lo\"}")),
                stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat.")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1);
        assertThat(weatherCalls).containsExactly(Map.of("city", "Oslo"));
        assertThat(result.transcript()).filteredOn(Message.Assistant.class::isInstance)
                .map(message -> ((Message.Assistant) message).toolCalls()).first()
                .isEqualTo(List.of(new ToolCall("call_1", "weather", Map.of("city", "Oslo"))));
        assertThat(runs.deltas()).containsExactly("Wear", " a", " coat.");
        assertThat(result.usage()).isEqualTo(new Usage(42, 14, 0, 0));
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aStreamThatStallsWithItsConnectionOpenIsRetriedAtItsIdleTimeoutThenFailsExternalKeepingTheText(
            ProviderWire wire) throws InterruptedException {
        // given: two pieces, then nothing, the connection open
        server.always(stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat.")).stallAfter(wire.eventsThroughPiece(2)));

        // when
        RunResult result = run(wire, AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES)
                .streamIdleTimeout(Duration.ofMillis(300)));

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
            assertThat(failed.error().message()).contains("was silent for 300 ms (streamIdleTimeout)");
        });
        assertThat(runs.attempts).containsExactly("Timeout", "Timeout", "Timeout");
        assertThat(ends()).containsOnly(StreamStats.End.IDLE_TIMEOUT);
        assertThat(result.incompleteAnswer()).contains("Wear a");
        assertThat(runs.streamEvents).filteredOn(AgentEvent.TextDiscarded.class::isInstance).hasSize(2);
        assertThat(server.requests()).hasSize(3);
        assertEveryConnectionClosedByTheCancel();
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aConnectionResetMidStreamIsRetriedThenFailsExternalAsAResetWholeAnswerDoesKeepingTheText(ProviderWire wire) {
        // given: two pieces, then a TCP reset
        server.always(stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat.")).resetAfter(wire.eventsThroughPiece(2)));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
            assertThat(failed.error().message()).contains("the call to the provider failed")
                    .doesNotContain(FaultyRuns.KEY);
        });
        assertThat(runs.attempts).containsExactly("Timeout", "Timeout", "Timeout");
        assertThat(ends()).containsOnly(StreamStats.End.FAILED);
        assertThat(result.incompleteAnswer()).contains("Wear a");
        assertThat(server.requests()).hasSize(3);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aMalformedChunkFailsUnknownWithoutARetryAsAMalformedWholeAnswerDoesKeepingTheText(ProviderWire wire) {
        // given: two pieces, then a chunk cut off inside its JSON, then the rest of the stream
        server.always(stream(wire.streamedWithMalformedChunk("Wear", " a")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.UNKNOWN));
        assertThat(server.requests()).hasSize(1);
        assertThat(ends()).containsExactly(StreamStats.End.FAILED);
        assertThat(result.incompleteAnswer()).contains("Wear a");
    }

    @Test
    void anAnthropicOverloadedErrorEventMidStreamIsRetriedAsItsWholeAnswers529IsAndTheRetryCompletes() {
        // given: a piece, then Anthropic's error event; then, on the retry, the whole answer
        ProviderWire wire = ProviderWire.ANTHROPIC;
        List<String> failing = new ArrayList<>(wire.streamedText(Ending.DONE, "Wear", " a")
                .subList(0, wire.eventsThroughPiece(1)));
        failing.add(Sse.anthropicError("overloaded_error", "Overloaded"));
        server.then(stream(failing), stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat.")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(runs.attempts).containsExactly("ServerError", null);
        assertThat(runs.calls.getFirst().error()).isNotNull();
        assertThat(runs.streamEvents).filteredOn(AgentEvent.TextDiscarded.class::isInstance).singleElement()
                .satisfies(discarded -> assertThat(((AgentEvent.TextDiscarded) discarded).characters()).isEqualTo(4));
    }

    @Test
    void anAnthropicStreamThatEndsWithoutItsMessageStopIsRetriedThenFailsExternalKeepingTheText() {
        // given: the body ends cleanly before message_delta and message_stop (LangChain4j's client says nothing then)
        ProviderWire wire = ProviderWire.ANTHROPIC;
        List<String> events = wire.streamedText(Ending.DONE, "Wear", " a");
        server.always(stream(events.subList(0, wire.eventsThroughPiece(2))));

        // when
        RunResult result = run(wire);

        // then: at once, not after the stream idle timeout
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
            assertThat(failed.error().message()).contains("the provider's stream ended before the end of the answer");
        });
        assertThat(runs.attempts).containsExactly("Timeout", "Timeout", "Timeout");
        assertThat(result.incompleteAnswer()).contains("Wear a");
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void anAnswerStoppedAtItsOutputCapEndsOutputTruncatedKeepingTheTextIncomplete(ProviderWire wire) {
        // given: finish_reason "length", stop_reason "max_tokens"
        server.then(stream(wire.streamedText(Ending.LENGTH, "Wear", " a")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.OutputTruncated.class);
        assertThat(result.incompleteAnswer()).contains("Wear a");
        assertThat(runs.deltas()).containsExactly("Wear", " a");
        assertThat(ends()).containsExactly(StreamStats.End.LENGTH);
    }

    @Test
    void anOpenAiAnswerStoppedByTheContentFilterEndsAgentRefusedKeepingTheTextIncomplete() {
        // given: finish_reason "content_filter"
        server.then(stream(ProviderWire.OPENAI.streamedText(Ending.FILTERED, "Wear", " a")));

        // when
        RunResult result = run(ProviderWire.OPENAI);

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.AgentRefused.class,
                refused -> assertThat(refused.reason()).isEqualTo("content_filter"));
        assertThat(result.incompleteAnswer()).contains("Wear a");
        assertThat(ends()).containsExactly(StreamStats.End.CONTENT_FILTER);
    }

    @Test
    void anAnthropicAnswerStoppedAsARefusalEndsAgentRefusedKeepingTheText() {
        // given: Anthropic's streaming classifiers stop the answer with stop_reason "refusal" (it has no other filter)
        server.then(stream(ProviderWire.ANTHROPIC.streamedText(Ending.FILTERED, "Wear", " a")));

        // when
        RunResult result = run(ProviderWire.ANTHROPIC);

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.AgentRefused.class,
                refused -> assertThat(refused.reason()).isEqualTo("refusal"));
        assertThat(result.transcript().getLast()).isInstanceOfSatisfying(Message.Assistant.class,
                answer -> assertThat(answer.content()).isEqualTo("Wear a"));
        assertThat(runs.deltas()).containsExactly("Wear", " a");
    }
}
