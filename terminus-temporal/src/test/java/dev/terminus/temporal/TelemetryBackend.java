package dev.terminus.temporal;

import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;

/**
 * Where the telemetry of every worker of a test goes, as a collector: spans and metrics kept in memory. Each worker
 * makes its own listener on it ({@code TerminusTelemetry.of(backend.sdk())}), as each process would.
 */
final class TelemetryBackend implements AutoCloseable {
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .build();

    OpenTelemetrySdk sdk() {
        return sdk;
    }

    /** @return the ended spans whose name starts with the prefix */
    List<SpanData> spansStartingWith(String prefix) {
        return spans.getFinishedSpanItems().stream().filter(span -> span.getName().startsWith(prefix)).toList();
    }

    /** @return the sum of the {@code terminus.run.completed} counter over all its series */
    long runsCompleted() {
        return metrics.collectAllMetrics().stream()
                .filter(metric -> metric.getName().equals(TelemetryNames.RUN_COMPLETED))
                .flatMap(metric -> metric.getLongSumData().getPoints().stream())
                .mapToLong(point -> point.getValue()).sum();
    }

    @Override
    public void close() {
        sdk.close();
    }
}
