package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.InMemoryTelemetry.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RunSpansTest {
    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    @Test
    void aRunWithAToolCallIsOneInvokeAgentSpanWithTwoChatSpansAndOneExecuteToolSpanAsItsChildren() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.NaturalCompletion.class);
        assertThat(otel.finishedSpans()).extracting(SpanData::getName)
                .containsExactlyInAnyOrder("invoke_agent researcher", "chat gpt-4o", "execute_tool search", "chat gpt-4o");
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getParentSpanContext().isValid()).isFalse();
        for (SpanData child : otel.finishedSpans()) {
            if (child != run) {
                assertThat(child.getTraceId()).isEqualTo(run.getTraceId());
                assertThat(child.getParentSpanId()).isEqualTo(run.getSpanId());
            }
        }
    }

    @Test
    void theRunSpanCarriesTheAgentTheModelTheRunsUsageAndItsTermination() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getKind()).isEqualTo(SpanKind.INTERNAL);
        assertThat(run.getAttributes().asMap()).containsOnly(
                entry("gen_ai.operation.name", "invoke_agent"),
                entry("gen_ai.agent.name", "researcher"),
                entry("gen_ai.request.model", "gpt-4o"),
                entry("gen_ai.provider.name", "openai"),
                entry(AttributeKey.longKey("gen_ai.usage.input_tokens"), 20L),
                entry(AttributeKey.longKey("gen_ai.usage.output_tokens"), 10L),
                entry("terminus.termination", "NaturalCompletion"),
                entry("terminus.category", "SUCCESS"),
                entry("terminus.outcome", "SUCCEEDED"));
        assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(run.hasEnded()).isTrue();
    }

    @Test
    void aChatSpanCarriesTheCallsModelProviderUsageAndFinishReason() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        List<SpanData> chats = byStart(otel.spansNamed("chat gpt-4o"));
        assertThat(chats).hasSize(2);
        assertThat(chats).allSatisfy(chat -> assertThat(chat.getKind()).isEqualTo(SpanKind.CLIENT));
        // the scripted model streams: its tool call is a stream without text, so it has no time to a first chunk
        assertThat(chats.getFirst().getAttributes().asMap()).containsOnly(
                entry("gen_ai.operation.name", "chat"),
                entry("gen_ai.request.model", "gpt-4o"),
                entry("gen_ai.provider.name", "openai"),
                entry(AttributeKey.longKey("gen_ai.usage.input_tokens"), 10L),
                entry(AttributeKey.longKey("gen_ai.usage.output_tokens"), 5L),
                entry(AttributeKey.longKey("gen_ai.usage.cache_read.input_tokens"), 4L),
                entry(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons"), List.of("tool_calls")),
                entry(AttributeKey.booleanKey("gen_ai.request.stream"), true),
                entry("terminus.stream.end", "finished"));
        assertThat(chats.getLast().getAttributes().get(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons")))
                .containsExactly("stop");
    }

    @Test
    void anExecuteToolSpanCarriesTheToolsName() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        SpanData tool = otel.onlySpanNamed("execute_tool search");
        assertThat(tool.getKind()).isEqualTo(SpanKind.INTERNAL);
        assertThat(tool.getAttributes().asMap()).containsOnly(
                entry("gen_ai.operation.name", "execute_tool"),
                entry("gen_ai.tool.name", "search"));
        assertThat(tool.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    }

    @Test
    void theSpansOfARunFollowEachOtherInTimeInsideTheRunSpan() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        List<SpanData> chats = byStart(otel.spansNamed("chat gpt-4o"));
        SpanData tool = otel.onlySpanNamed("execute_tool search");
        List<Long> timeline = List.of(run.getStartEpochNanos(),
                chats.get(0).getStartEpochNanos(), chats.get(0).getEndEpochNanos(),
                tool.getStartEpochNanos(), tool.getEndEpochNanos(),
                chats.get(1).getStartEpochNanos(), chats.get(1).getEndEpochNanos(),
                run.getEndEpochNanos());
        assertThat(timeline).isSorted();
        assertThat(run.getEndEpochNanos()).isGreaterThan(run.getStartEpochNanos());
    }

    @Test
    void aFailedModelCallMarksItsChatSpanAndARunThatFailsMarksItsRunSpanWithTheErrorType() {
        // given
        var agent = Runs.agent(Runs.model().authFailure(401).build(), telemetry).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.ProviderAuthFailed("openai", 401));
        SpanData chat = otel.onlySpanNamed("chat gpt-4o");
        assertThat(chat.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(chat.getAttributes().get(key("error.type")))
                .isEqualTo("dev.terminus.agent.spi.ModelException$AuthenticationFailed");
        assertThat(chat.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens"))).isNull();
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(run.getAttributes().get(key("error.type"))).isEqualTo("ProviderAuthFailed");
        assertThat(run.getAttributes().get(key("terminus.termination"))).isEqualTo("ProviderAuthFailed");
        assertThat(run.getAttributes().get(key("terminus.category"))).isEqualTo("FATAL");
        assertThat(run.getAttributes().get(key("terminus.outcome"))).isEqualTo("FAILED");
    }

    @Test
    void aFailedToolCallMarksItsSpanWithTheErrorKindWhileTheRunGoesOnToSucceed() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search((arguments, run) -> {
            throw new IllegalStateException("the index is down for customer 4711");
        })).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.NaturalCompletion.class);
        SpanData tool = otel.onlySpanNamed("execute_tool search");
        assertThat(tool.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(tool.getAttributes().get(key("error.type"))).isEqualTo("tool_error");
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(run.getAttributes().get(key("error.type"))).isNull();
    }

    @Test
    void aCallOfAToolTheAgentDoesNotHaveIsNamedWithoutTheModelsMadeUpName() {
        // given
        var model = Runs.model().toolCall("delete_everything_for_user_4711", java.util.Map.of()).text("Sorry.").build();
        var agent = Runs.agent(model, telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        SpanData tool = otel.onlySpanNamed("execute_tool");
        assertThat(tool.getAttributes().get(key("error.type"))).isEqualTo("unknown_tool");
        assertThat(tool.getAttributes().get(key("gen_ai.tool.name"))).isNull();
    }

    @Test
    void aRunSpanIsAChildOfTheSpanCurrentWhereTheRunStarts() {
        // given
        var agent = Runs.agent(Runs.model().text("done").build(), telemetry).build();
        Span request = otel.sdk.getTracer("test").spanBuilder("POST /research").startSpan();

        // when
        Scope scope = request.makeCurrent();
        try {
            agent.run(Runs.TASK);
        } finally {
            scope.close();
            request.end();
        }

        // then
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
        assertThat(run.getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId());
    }

    @Test
    void theSpansComeFromTheTerminusInstrumentationScopeWithTheModulesVersion() {
        // given
        var agent = Runs.agent(Runs.model().text("done").build(), telemetry).build();

        // when
        agent.run(Runs.TASK);

        // then
        assertThat(otel.finishedSpans()).allSatisfy(span -> {
            assertThat(span.getInstrumentationScopeInfo().getName()).isEqualTo("dev.terminus");
            assertThat(span.getInstrumentationScopeInfo().getVersion()).isNotBlank().doesNotContain("${");
        });
    }

    @Test
    void noRunStaysOpenInTheListenerOnceItHasEnded() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        assertThat(((TelemetryListener) telemetry).openRuns()).isZero();
    }

    private static List<SpanData> byStart(List<SpanData> spans) {
        return spans.stream().sorted(java.util.Comparator.comparingLong(SpanData::getStartEpochNanos)).toList();
    }

    private static java.util.Map.Entry<AttributeKey<?>, Object> entry(String key, String value) {
        return java.util.Map.entry(AttributeKey.stringKey(key), value);
    }

    private static <T> java.util.Map.Entry<AttributeKey<?>, Object> entry(AttributeKey<T> key, T value) {
        return java.util.Map.entry(key, value);
    }
}
