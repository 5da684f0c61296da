package dev.terminus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConcurrentRunsTest {
    private static final int RUNS = 200;

    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    @Test
    void concurrentRunsSharingOneListenerEachGetTheirOwnTraceWithTheirOwnChildren() throws Exception {
        // given
        var agents = new ArrayList<dev.terminus.agent.Agent>();
        for (int i = 0; i < RUNS; i++) {
            agents.add(Runs.agent(Runs.searchThenAnswer(), telemetry).tool(Runs.search()).build());
        }

        // when
        var results = new ArrayList<Future<RunResult>>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (var agent : agents) {
                results.add(threads.submit(() -> agent.run(Runs.TASK)));
            }
        }

        // then
        for (Future<RunResult> result : results) {
            assertThat(result.get().termination()).isInstanceOf(Termination.NaturalCompletion.class);
        }
        Map<String, List<SpanData>> traces = otel.finishedSpans().stream()
                .collect(Collectors.groupingBy(SpanData::getTraceId));
        assertThat(traces).hasSize(RUNS);
        assertThat(traces.values()).allSatisfy(trace -> {
            List<SpanData> runs = trace.stream().filter(span -> span.getName().startsWith("invoke_agent")).toList();
            assertThat(runs).hasSize(1);
            SpanData run = runs.getFirst();
            assertThat(trace).extracting(SpanData::getName).containsExactlyInAnyOrder(
                    "invoke_agent researcher", "chat gpt-4o", "execute_tool search", "chat gpt-4o");
            assertThat(trace).filteredOn(span -> span != run)
                    .allSatisfy(child -> assertThat(child.getParentSpanId()).isEqualTo(run.getSpanId()));
        });
        assertThat(otel.counterPoints(otel.metrics.collectAllMetrics(), "terminus.run.completed"))
                .singleElement().satisfies(point -> assertThat(point.getValue()).isEqualTo(RUNS));
        assertThat(((TelemetryListener) telemetry).openRuns()).isZero();
    }
}
