package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentListener;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.opentelemetry.TelemetryNames;
import dev.terminus.opentelemetry.TerminusTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowStub;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The telemetry of a run as a workflow, through a {@link ReplaySafeListener}, is that of one run: one agent span
 * ended with its termination, one span per call, the completed-runs counter at one, even though the run went on in
 * several executions (continue-as-new) and its history is replayed afterwards.
 */
@Timeout(60)
class ReplaySafeTelemetryTest {
    private static final int ROUNDS = 29;
    private static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
    private static final InMemoryMetricReader METRICS = InMemoryMetricReader.create();
    private static final OpenTelemetrySdk SDK = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(SPANS)).build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(METRICS).build())
            .build();
    /** One listener for the worker, made outside the recipe: its open spans outlive an execution of the workflow. */
    private static final AgentListener TELEMETRY = TerminusTelemetry.of(SDK);
    private static WorkflowHarness temporal;


    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("watched", CountingModel.upTo(ROUNDS), List.of(CountingModel.TOOL), materials -> Agent.builder(materials.model())
                        .tools(materials.tools()).clock(materials.clock())
                        .config(AgentConfig.custom().maxIterations(100).build())
                        .listener(ReplaySafeListener.of(TELEMETRY)).build())
                .continueAsNewAfter(100)
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
        SDK.close();
    }

    private static List<SpanData> spansStartingWith(String prefix) {
        return SPANS.getFinishedSpanItems().stream().filter(span -> span.getName().startsWith(prefix)).toList();
    }

    private static long runsCompleted() {
        Collection<MetricData> collected = METRICS.collectAllMetrics();
        return collected.stream().filter(metric -> metric.getName().equals(TelemetryNames.RUN_COMPLETED))
                .flatMap(metric -> metric.getLongSumData().getPoints().stream())
                .mapToLong(point -> point.getValue()).sum();
    }

    @Test
    void aRunContinuedAsNewAndReplayedIsOneRunInItsTelemetry() throws Exception {
        // given
        AgentWorkflow workflow = temporal.workflow("watched");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("watched", "count"));
        WorkflowExecution first = WorkflowStub.fromTyped(workflow).getExecution();
        HistoryEvent firstEnd = temporal.client().fetchHistory(first.getWorkflowId(), first.getRunId()).getLastEvent();
        temporal.replay(first.getWorkflowId());

        // then
        assertThat(output.iterations()).isEqualTo(ROUNDS + 1);
        assertThat(firstEnd.getEventType()).isEqualTo(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
        assertThat(spansStartingWith(TelemetryNames.INVOKE_AGENT)).hasSize(1);
        assertThat(spansStartingWith(TelemetryNames.CHAT)).hasSize(ROUNDS + 1);
        assertThat(spansStartingWith(TelemetryNames.EXECUTE_TOOL)).hasSize(ROUNDS);
        assertThat(runsCompleted()).isEqualTo(1);
    }
}
