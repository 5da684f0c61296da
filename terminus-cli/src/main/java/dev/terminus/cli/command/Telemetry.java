package dev.terminus.cli.command;

import dev.terminus.agent.AgentListener;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.opentelemetry.TerminusTelemetry;
import dev.terminus.pipeline.PipelineListener;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * {@code --otlp ENDPOINT}: traces and metrics of the runs, exported over OTLP/HTTP (protobuf) to a collector at
 * {@code ENDPOINT/v1/traces} and {@code ENDPOINT/v1/metrics}, flushed before the command exits. Without the option
 * nothing is exported and no SDK is built.
 */
final class Telemetry implements AutoCloseable {
    private final OpenTelemetrySdk sdk;
    private final AgentListener listener;
    private final PipelineListener pipelineListener;

    private Telemetry(OpenTelemetrySdk sdk) {
        this.sdk = sdk;
        this.listener = TerminusTelemetry.of(sdk);
        this.pipelineListener = TerminusTelemetry.pipelines(sdk);
    }

    /**
     * @param endpoint the collector's base URL, e.g. {@code http://localhost:4318}
     * @return the exporting telemetry
     * @throws BadInputException when the endpoint is not an http(s) URL
     */
    static Telemetry otlp(String endpoint) throws BadInputException {
        String base = endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint;
        try {
            URI uri = URI.create(base);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--otlp: \"" + endpoint + "\" is not an http(s) URL of a collector (e.g."
                    + " http://localhost:4318)");
        }
        Resource resource = Resource.getDefault().merge(Resource.create(
                Attributes.of(io.opentelemetry.api.common.AttributeKey.stringKey("service.name"), "terminus-cli")));
        SdkTracerProvider traces = SdkTracerProvider.builder().setResource(resource)
                .addSpanProcessor(BatchSpanProcessor.builder(
                        OtlpHttpSpanExporter.builder().setEndpoint(base + "/v1/traces").build()).build())
                .build();
        SdkMeterProvider metrics = SdkMeterProvider.builder().setResource(resource)
                .registerMetricReader(PeriodicMetricReader.builder(
                        OtlpHttpMetricExporter.builder().setEndpoint(base + "/v1/metrics").build()).build())
                .build();
        return new Telemetry(OpenTelemetrySdk.builder().setTracerProvider(traces).setMeterProvider(metrics).build());
    }

    /** @return the listener that records the runs */
    AgentListener listener() {
        return listener;
    }

    /** @return the listener that records the pipelines' runs and their stages ({@code invoke_workflow}, {@code stage}) */
    PipelineListener pipelineListener() {
        return pipelineListener;
    }

    /** Exports what is pending and stops the exporters (waits at most 10 s). */
    @Override
    public void close() {
        sdk.getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);
        sdk.getSdkMeterProvider().forceFlush().join(10, TimeUnit.SECONDS);
        sdk.shutdown().join(10, TimeUnit.SECONDS);
    }
}
