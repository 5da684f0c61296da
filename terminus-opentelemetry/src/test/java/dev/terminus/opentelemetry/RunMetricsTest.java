package dev.terminus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.AgentListener;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RunMetricsTest {
    private static final Attributes SUCCEEDED_RUN = Attributes.builder()
            .put("terminus.termination", "NaturalCompletion")
            .put("terminus.category", "SUCCESS")
            .put("terminus.outcome", "SUCCEEDED")
            .put("gen_ai.agent.name", "researcher")
            .build();
    private static final Attributes CHAT = Attributes.builder()
            .put("gen_ai.operation.name", "chat")
            .put("gen_ai.request.model", "gpt-4o")
            .put("gen_ai.provider.name", "openai")
            .build();

    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    @Test
    void aRunCountsOnceUnderItsTerminationCategoryOutcomeAndAgent() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        List<LongPointData> completed = otel.counterPoints(collected, "terminus.run.completed");
        assertThat(completed).singleElement().satisfies(point -> {
            assertThat(point.getValue()).isEqualTo(1);
            assertThat(point.getAttributes()).isEqualTo(SUCCEEDED_RUN);
        });
        assertThat(otel.metric(collected, "terminus.run.completed").getUnit()).isEqualTo("{run}");
    }

    @Test
    void aRunsDurationIsOnePointInSecondsUnderTheSameAttributes() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(otel.metric(collected, "terminus.run.duration").getUnit()).isEqualTo("s");
        assertThat(otel.histogramPoints(collected, "terminus.run.duration")).singleElement().satisfies(point -> {
            assertThat(point.getCount()).isEqualTo(1);
            assertThat(point.getSum()).isPositive();
            assertThat(point.getAttributes()).isEqualTo(SUCCEEDED_RUN);
        });
    }

    @Test
    void tokenUsageSumsTheInputAndTheOutputTokensOfEveryModelCallSeparately() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(otel.metric(collected, "gen_ai.client.token.usage").getUnit()).isEqualTo("{token}");
        List<HistogramPointData> usage = otel.histogramPoints(collected, "gen_ai.client.token.usage");
        assertThat(usage).hasSize(2);
        HistogramPointData input = InMemoryTelemetry.pointWith(usage,
                CHAT.toBuilder().put("gen_ai.token.type", "input").build());
        assertThat(input.getCount()).isEqualTo(2);
        assertThat(input.getSum()).isEqualTo(20.0);
        HistogramPointData output = InMemoryTelemetry.pointWith(usage,
                CHAT.toBuilder().put("gen_ai.token.type", "output").build());
        assertThat(output.getCount()).isEqualTo(2);
        assertThat(output.getSum()).isEqualTo(10.0);
    }

    @Test
    void everyModelCallIsOneOperationDurationPoint() {
        // given
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build();

        // when
        agent.run(Runs.TASK);

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(otel.metric(collected, "gen_ai.client.operation.duration").getUnit()).isEqualTo("s");
        assertThat(otel.histogramPoints(collected, "gen_ai.client.operation.duration")).singleElement()
                .satisfies(point -> {
                    assertThat(point.getCount()).isEqualTo(2);
                    assertThat(point.getAttributes()).isEqualTo(CHAT);
                });
    }

    @Test
    void aFailedModelCallIsTimedUnderItsErrorTypeAndCountsNoTokens() {
        // given
        var agent = Runs.agent(Runs.model().authFailure(401).build(), telemetry).build();

        // when
        agent.run(Runs.TASK);

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(otel.histogramPoints(collected, "gen_ai.client.operation.duration")).singleElement()
                .satisfies(point -> assertThat(point.getAttributes()).isEqualTo(CHAT.toBuilder()
                        .put("error.type", "dev.terminus.agent.spi.ModelException$AuthenticationFailed").build()));
        assertThat(collected).noneMatch(metric -> metric.getName().equals("gen_ai.client.token.usage"));
        assertThat(otel.counterPoints(collected, "terminus.run.completed")).singleElement()
                .satisfies(point -> assertThat(point.getAttributes()).isEqualTo(Attributes.builder()
                        .put("terminus.termination", "ProviderAuthFailed")
                        .put("terminus.category", "FATAL")
                        .put("terminus.outcome", "FAILED")
                        .put("gen_ai.agent.name", "researcher")
                        .build()));
    }

    @Test
    void runsOfTheSameKindAddUpInOneSeries() {
        // given
        var agents = java.util.stream.Stream.generate(
                () -> Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build()).limit(3).toList();

        // when
        agents.forEach(agent -> agent.run(Runs.TASK));

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(otel.counterPoints(collected, "terminus.run.completed")).singleElement()
                .satisfies(point -> assertThat(point.getValue()).isEqualTo(3));
        assertThat(otel.histogramPoints(collected, "terminus.run.duration")).singleElement()
                .satisfies(point -> assertThat(point.getCount()).isEqualTo(3));
    }

    @Test
    void theMetricsComeFromTheTerminusInstrumentationScope() {
        // given
        var agent = Runs.agent(Runs.model().text("done").build(), telemetry).build();

        // when
        agent.run(Runs.TASK);

        // then
        assertThat(otel.metrics.collectAllMetrics()).isNotEmpty().allSatisfy(metric ->
                assertThat(metric.getInstrumentationScopeInfo().getName()).isEqualTo("dev.terminus"));
    }
}
