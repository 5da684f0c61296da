package dev.terminus.benchmarks;

import static dev.terminus.benchmarks.AgentLoopBenchmark.TASK;
import static dev.terminus.benchmarks.AgentLoopBenchmark.check;
import static dev.terminus.benchmarks.AgentLoopBenchmark.checkRun;

import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.Model;
import dev.terminus.opentelemetry.TerminusTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the OpenTelemetry listener adds to a run, per iteration, in one JMH run.
 *
 * <p>One operation is the whole run of {@link AgentLoopBenchmark}'s inline path ({@code terminusInline}): the same
 * zero-latency model and script ({@link #iterations} model calls, {@code iterations - 1} calls of the trivial tool
 * {@code step}), every guard on but the time budget, so the loop runs on the calling thread.
 *
 * <ul>
 *   <li>{@link #withoutTelemetry()} — the agent without listeners.</li>
 *   <li>{@link #withTelemetry()} — the same agent with {@code TerminusTelemetry.of(sdk)} as its one listener, over a
 *       real {@link OpenTelemetrySdk}: a {@link SdkTracerProvider} (default sampler, so every span is recorded) whose
 *       {@link SimpleSpanProcessor} hands each ended span, synchronously, to an exporter that drops it; and a
 *       {@link SdkMeterProvider} whose {@link PeriodicMetricReader} (default interval, 60 s) exports to an exporter
 *       that drops the metrics. So the cost measured is the listener's and the SDK's recording (spans built, ended
 *       and converted for export; histograms and counters aggregated), without I/O.</li>
 * </ul>
 *
 * <p>Target: at most 2 µs per iteration, i.e. {@code (withTelemetry - withoutTelemetry) / iterations} at
 * {@code iterations = 20}. With telemetry, a run of {@code n} iterations makes {@code 2n} spans and records
 * {@code 3n + 2} measurements. The setup refuses to run unless both agents end their run as expected and the
 * telemetry run exports exactly {@code 2 * iterations} spans.
 */
public class TelemetryBenchmark extends SampledLatencyBenchmark {

    /** Model calls per run: {@code iterations - 1} tool rounds, then the final answer. */
    @Param({"1", "20"})
    public int iterations;

    private OpenTelemetrySdk sdk;
    private DroppingSpanExporter spans;
    private Agent withoutTelemetry;
    private Agent withTelemetry;

    /** Builds both agents and the SDK, and checks one run of each. */
    @Setup
    public void setUp() {
        spans = new DroppingSpanExporter();
        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
                .setMeterProvider(SdkMeterProvider.builder()
                        .registerMetricReader(PeriodicMetricReader.create(new DroppingMetricExporter())).build())
                .build();
        Model model = new AgentLoopBenchmark.ZeroLatencyModel(AgentLoopBenchmark.terminusScript(iterations));
        withoutTelemetry = AgentLoopBenchmark.terminusAgent(model, false);
        withTelemetry = Agent.builder(model).config(AgentLoopBenchmark.allGuards(false))
                .tool(AgentLoopBenchmark.trivialTool()).listener(TerminusTelemetry.of(sdk)).build();
        checkRun(withoutTelemetry.run(TASK), iterations);
        long before = spans.exported.get();
        checkRun(withTelemetry.run(TASK), iterations);
        long exported = spans.exported.get() - before;
        check(exported == 2L * iterations, "the telemetry run exported " + exported + " spans");
    }

    @TearDown
    public void tearDown() {
        sdk.close();
    }

    /** A whole run, every guard on but the time budget, without listeners. */
    @Benchmark
    public RunResult withoutTelemetry() {
        return withoutTelemetry.run(TASK);
    }

    /** The same run, with the OpenTelemetry listener over a real SDK. */
    @Benchmark
    public RunResult withTelemetry() {
        return withTelemetry.run(TASK);
    }

    /**
     * What the span and the metric exporter share: nothing to flush, nothing to shut down, both succeed at once (the
     * two exporter interfaces declare the same {@code flush()} and {@code shutdown()}).
     */
    abstract static class DroppingExporter {
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    /** Drops every span, counting them (one uncontended increment per span). */
    static final class DroppingSpanExporter extends DroppingExporter implements SpanExporter {
        final AtomicLong exported = new AtomicLong();

        @Override
        public CompletableResultCode export(Collection<SpanData> batch) {
            exported.addAndGet(batch.size());
            return CompletableResultCode.ofSuccess();
        }
    }

    /** Drops every metric export. */
    static final class DroppingMetricExporter extends DroppingExporter implements MetricExporter {
        @Override
        public CompletableResultCode export(Collection<MetricData> metrics) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
            return AggregationTemporality.CUMULATIVE;
        }
    }
}
