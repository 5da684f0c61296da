package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.InMemoryTelemetry.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.terminus.Termination;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A streamed model call's {@code chat} span says how its stream went: time to the first chunk, time per output token,
 * how the stream ended; and the first two are metrics too. Real runs of the loop over a scripted model whose pieces
 * come {@value #GAP_MILLIS} ms apart.
 */
@Timeout(30)
class StreamedCallsTest {
    private static final long GAP_MILLIS = 20;
    private static final double GAP_SECONDS = GAP_MILLIS / 1000.0;
    private static final AttributeKey<Boolean> STREAM = AttributeKey.booleanKey("gen_ai.request.stream");
    private static final AttributeKey<Double> TIME_TO_FIRST_CHUNK =
            AttributeKey.doubleKey("gen_ai.response.time_to_first_chunk");
    private static final AttributeKey<Double> TIME_PER_OUTPUT_TOKEN =
            AttributeKey.doubleKey("terminus.response.time_per_output_token");
    private static final AttributeKey<String> STREAM_END = key("terminus.stream.end");
    private static final Attributes CHAT = Attributes.builder()
            .put("gen_ai.operation.name", "chat")
            .put("gen_ai.request.model", Runs.MODEL)
            .put("gen_ai.provider.name", Runs.PROVIDER)
            .build();
    private static final RetryPolicy NO_RETRY = new RetryPolicy(0, Duration.ofMillis(1), Duration.ofMillis(1), 0);

    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    @Test
    void aStreamedAnswerCarriesItsTimeToFirstChunkItsTimePerOutputTokenAndAFinishedEnd() {
        // given: five pieces 20 ms apart, 9 output tokens
        ScriptedModel model = Runs.model().usage(Usage.of(10, 9)).pieceGap(Duration.ofMillis(GAP_MILLIS))
                .streamed("Oslo", " is", " mild", " and", " wet").build();

        // when
        RunResult result = Runs.agent(model, telemetry).build().run(Runs.TASK);

        // then
        assertThat(result.finalAnswer()).contains("Oslo is mild and wet");
        SpanData chat = otel.onlySpanNamed("chat gpt-4o");
        assertThat(chat.getAttributes().get(STREAM)).isTrue();
        assertThat(chat.getAttributes().get(STREAM_END)).isEqualTo("finished");
        double seconds = (chat.getEndEpochNanos() - chat.getStartEpochNanos()) / 1e9;
        double firstChunk = chat.getAttributes().get(TIME_TO_FIRST_CHUNK);
        // the first piece comes after one gap, the other four after four more
        assertThat(firstChunk).isGreaterThanOrEqualTo(GAP_SECONDS).isLessThanOrEqualTo(seconds - 4 * GAP_SECONDS);
        double perToken = chat.getAttributes().get(TIME_PER_OUTPUT_TOKEN);
        assertThat(perToken).isCloseTo((seconds - firstChunk) / 8, within(1e-6))
                .isGreaterThanOrEqualTo(4 * GAP_SECONDS / 8);
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertOnePoint(collected, "gen_ai.client.operation.time_to_first_chunk", firstChunk);
        assertOnePoint(collected, "terminus.client.operation.time_per_output_token", perToken);
    }

    @Test
    void aModelThatDoesNotStreamHasNoStreamAttributesAndNoStreamMetrics() {
        // given: the same answer from a plain model, which gives it whole
        ScriptedModel scripted = Runs.model().usage(Usage.of(10, 9)).pieceGap(Duration.ofMillis(GAP_MILLIS))
                .streamed("Oslo", " is", " mild").build();
        Model whole = new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) throws Exception {
                return scripted.chat(request);
            }

            @Override
            public String name() {
                return scripted.name();
            }

            @Override
            public String provider() {
                return scripted.provider();
            }
        };

        // when
        RunResult result = Runs.agent(whole, telemetry).build().run(Runs.TASK);

        // then
        assertThat(result.finalAnswer()).contains("Oslo is mild");
        SpanData chat = otel.onlySpanNamed("chat gpt-4o");
        assertThat(chat.getAttributes().get(AttributeKey.longKey("gen_ai.usage.output_tokens"))).isEqualTo(9L);
        assertThat(chat.getAttributes().asMap().keySet()).extracting(AttributeKey::getKey)
                .doesNotContain("gen_ai.request.stream", "gen_ai.response.time_to_first_chunk",
                        "terminus.response.time_per_output_token", "terminus.stream.end");
        assertThat(otel.metrics.collectAllMetrics()).extracting(MetricData::getName)
                .contains("gen_ai.client.operation.duration")
                .doesNotContain("gen_ai.client.operation.time_to_first_chunk",
                        "terminus.client.operation.time_per_output_token");
    }

    @Test
    void aRunCutByItsDeadlineMidStreamEndsItsChatSpanCutWithTheTimeToItsFirstChunk() {
        // given: two pieces arrive, then the stream goes silent past the 300 ms budget
        ScriptedModel model = Runs.model().pieceGap(Duration.ofMillis(GAP_MILLIS))
                .streamedThenStall("Once upon", " a time").build();
        var agent = Runs.agent(model, telemetry).config(AgentConfig.custom().name(Runs.AGENT)
                .timeBudget(Duration.ofMillis(300)).build()).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.incompleteAnswer()).contains("Once upon a time");
        SpanData chat = otel.onlySpanNamed("chat gpt-4o");
        assertThat(chat.getAttributes().get(STREAM_END)).isEqualTo("cut");
        assertThat(chat.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(chat.getAttributes().get(TIME_TO_FIRST_CHUNK)).isGreaterThanOrEqualTo(GAP_SECONDS);
        assertThat(chat.getAttributes().get(TIME_PER_OUTPUT_TOKEN)).isNull();
    }

    @Test
    void aStalledStreamEndsItsChatSpanIdleTimeoutAndTheRetryThatFinishesEndsItsOwnFinished() {
        // given: the first stream stalls past the 100 ms idle timeout, the retry finishes
        ScriptedModel model = Runs.model().pieceGap(Duration.ofMillis(GAP_MILLIS))
                .streamedThenStall("draft").streamed("final ", "answer").build();
        var agent = Runs.agent(model, telemetry).config(AgentConfig.custom().name(Runs.AGENT)
                .streamIdleTimeout(Duration.ofMillis(100))
                .retryPolicy(new RetryPolicy(1, Duration.ofMillis(1), Duration.ofMillis(1), 0)).build()).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        List<SpanData> chats = otel.spansNamed("chat gpt-4o").stream()
                .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos)).toList();
        assertThat(chats).hasSize(2);
        SpanData stalled = chats.getFirst();
        assertThat(stalled.getAttributes().get(STREAM_END)).isEqualTo("idle_timeout");
        assertThat(stalled.getAttributes().get(key("error.type"))).isEqualTo(ModelException.Timeout.class.getName());
        assertThat(stalled.getAttributes().get(TIME_TO_FIRST_CHUNK)).isGreaterThanOrEqualTo(GAP_SECONDS);
        assertThat(chats.getLast().getAttributes().get(STREAM_END)).isEqualTo("finished");
        assertThat(chats.getLast().getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    }

    @Test
    void aStreamThatFailsMidWayEndsItsChatSpanFailedWithTheProvidersErrorType() {
        // given
        ScriptedModel model = Runs.model().pieceGap(Duration.ofMillis(GAP_MILLIS))
                .streamedThenFail(new ModelException.ServerError(502, "502 bad gateway", null), "par", "tial").build();
        var agent = Runs.agent(model, telemetry).config(AgentConfig.custom().name(Runs.AGENT).retryPolicy(NO_RETRY)
                .build()).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.incompleteAnswer()).contains("partial");
        SpanData chat = otel.onlySpanNamed("chat gpt-4o");
        assertThat(chat.getAttributes().get(STREAM_END)).isEqualTo("failed");
        assertThat(chat.getAttributes().get(key("error.type"))).isEqualTo(ModelException.ServerError.class.getName());
        assertThat(chat.getAttributes().get(TIME_PER_OUTPUT_TOKEN)).isNull();
    }

    @Test
    void aStreamStoppedAtItsOutputCapEndsLengthAndStillHasItsTimePerOutputToken() {
        // given
        ScriptedModel model = Runs.model().usage(Usage.of(10, 8)).pieceGap(Duration.ofMillis(GAP_MILLIS))
                .streamedThen(FinishReason.LENGTH, "The list: a,", " b,").build();
        var agent = Runs.agent(model, telemetry).config(AgentConfig.custom().name(Runs.AGENT).maxOutputTokens(8)
                .build()).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.OutputTruncated(8));
        SpanData chat = otel.onlySpanNamed("chat gpt-4o");
        assertThat(chat.getAttributes().get(STREAM_END)).isEqualTo("length");
        assertThat(chat.getAttributes().get(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons")))
                .containsExactly("length");
        assertThat(chat.getAttributes().get(TIME_PER_OUTPUT_TOKEN)).isGreaterThanOrEqualTo(GAP_SECONDS / 7);
    }

    private void assertOnePoint(Collection<MetricData> collected, String name, double value) {
        assertThat(otel.metric(collected, name).getUnit()).isEqualTo("s");
        List<HistogramPointData> points = otel.histogramPoints(collected, name);
        assertThat(points).singleElement().satisfies(point -> {
            assertThat(point.getAttributes()).isEqualTo(CHAT);
            assertThat(point.getCount()).isEqualTo(1);
            assertThat(point.getSum()).isCloseTo(value, within(1e-9));
        });
    }
}
