package dev.terminus.opentelemetry.internal;

import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.MeterBuilder;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * The instrumentation scope's version: this module's, from {@code version.properties} (filtered by the build); and the
 * tracer and meter of that scope, as every listener of this module builds them.
 */
final class ScopeVersion {
    /** The version, or null when the resource is missing or was not filtered. */
    static final @Nullable String VERSION = read();

    private ScopeVersion() {}

    /** @return the tracer of scope {@value TelemetryNames#INSTRUMENTATION_SCOPE}, versioned when the version's known */
    static Tracer tracer(OpenTelemetry openTelemetry) {
        TracerBuilder builder = openTelemetry.getTracerProvider().tracerBuilder(TelemetryNames.INSTRUMENTATION_SCOPE);
        if (VERSION != null) {
            builder.setInstrumentationVersion(VERSION);
        }
        return builder.build();
    }

    /** @return the meter of scope {@value TelemetryNames#INSTRUMENTATION_SCOPE}, versioned when the version's known */
    static Meter meter(OpenTelemetry openTelemetry) {
        MeterBuilder builder = openTelemetry.getMeterProvider().meterBuilder(TelemetryNames.INSTRUMENTATION_SCOPE);
        if (VERSION != null) {
            builder.setInstrumentationVersion(VERSION);
        }
        return builder.build();
    }

    private static @Nullable String read() {
        try (InputStream in = ScopeVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return null;
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version");
            return version == null || version.isBlank() || version.startsWith("${") ? null : version;
        } catch (IOException e) {
            return null;
        }
    }
}
