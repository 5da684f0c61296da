package dev.terminus.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.Collection;
import java.util.List;

/** A real OpenTelemetry SDK whose spans and metrics stay in memory, for assertions. */
final class InMemoryTelemetry implements AutoCloseable {
    final InMemorySpanExporter spans = InMemorySpanExporter.create();
    final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .build();

    static AttributeKey<String> key(String name) {
        return AttributeKey.stringKey(name);
    }

    List<SpanData> finishedSpans() {
        return spans.getFinishedSpanItems();
    }

    List<SpanData> spansNamed(String name) {
        return finishedSpans().stream().filter(span -> span.getName().equals(name)).toList();
    }

    SpanData onlySpanNamed(String name) {
        List<SpanData> named = spansNamed(name);
        if (named.size() != 1) {
            throw new AssertionError("expected one span named " + name + ", got " + named.size() + ": " + finishedSpans());
        }
        return named.getFirst();
    }

    /** @return the metric of that name, from one collection; fails when there is none */
    MetricData metric(Collection<MetricData> collected, String name) {
        return collected.stream().filter(metric -> metric.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name + " in " + collected));
    }

    List<LongPointData> counterPoints(Collection<MetricData> collected, String name) {
        return List.copyOf(metric(collected, name).getLongSumData().getPoints());
    }

    List<HistogramPointData> histogramPoints(Collection<MetricData> collected, String name) {
        return List.copyOf(metric(collected, name).getHistogramData().getPoints());
    }

    static HistogramPointData pointWith(List<HistogramPointData> points, Attributes attributes) {
        return points.stream().filter(point -> point.getAttributes().equals(attributes)).findFirst()
                .orElseThrow(() -> new AssertionError("no point with " + attributes + " in " + points));
    }

    @Override
    public void close() {
        sdk.close();
    }
}
