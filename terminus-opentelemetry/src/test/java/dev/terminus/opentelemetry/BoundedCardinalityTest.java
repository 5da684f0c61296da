package dev.terminus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import dev.terminus.test.FixedRun;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.PointData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The loop never ends a run with {@code Custom} or an {@code Extension} (pipelines do), so these runs are fed to the
 * listener as the loop would publish them, each with its own run object, and with a result built by hand.
 */
class BoundedCardinalityTest {
    private static final int RUNS = 10_000;
    /** The extension tags the listener reports as themselves, at most. */
    private static final int EXTENSION_TAGS = 64;

    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);
    private final Random random = new Random(42);
    /** Every random reason and property value the runs carried. */
    private final Set<String> secrets = new HashSet<>();

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    /** An application's own termination whose tag (wrongly) varies per run. */
    record TenantQuotaExceeded(String tag, Category category) implements Termination.Extension {}

    @Test
    void tenThousandRunsEndingWithRandomCustomAndExtensionTerminationsMakeABoundedNumberOfMetricSeries() {
        // when
        for (int i = 0; i < RUNS; i++) {
            feedRun(randomTermination(i));
        }

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        long runs = otel.counterPoints(collected, "terminus.run.completed").stream()
                .mapToLong(point -> point.getValue()).sum();
        assertThat(runs).isEqualTo(RUNS);
        // Custom in each of 6 categories, at most 64 extension tags, and "Extension" for the rest
        int bound = Category.values().length + EXTENSION_TAGS + 1;
        assertThat(series(collected, "terminus.run.completed")).hasSizeLessThanOrEqualTo(bound);
        assertThat(series(collected, "terminus.run.duration")).hasSizeLessThanOrEqualTo(bound);
        assertThat(series(collected, "gen_ai.client.token.usage")).hasSize(2);
        assertThat(series(collected, "gen_ai.client.operation.duration")).hasSize(1);
        Set<String> tags = series(collected, "terminus.run.completed").stream()
                .map(attributes -> attributes.get(InMemoryTelemetry.key("terminus.termination")))
                .collect(Collectors.toSet());
        assertThat(tags).contains("Custom", "Extension").hasSize(2 + EXTENSION_TAGS);
        assertThat(((TelemetryListener) telemetry).openRuns()).isZero();
    }

    @Test
    void noSpanNameOrAttributeValueAnywhereCarriesACustomTerminationsReasonOrProperties() {
        // when
        for (int i = 0; i < RUNS; i++) {
            feedRun(randomTermination(i));
        }

        // then
        Set<String> reported = new HashSet<>();
        for (SpanData span : otel.finishedSpans()) {
            reported.add(span.getName());
            span.getAttributes().forEach((key, value) -> reported.add(String.valueOf(value)));
        }
        for (MetricData metric : otel.metrics.collectAllMetrics()) {
            for (PointData point : metric.getData().getPoints()) {
                point.getAttributes().forEach((key, value) -> reported.add(String.valueOf(value)));
            }
        }
        assertThat(otel.spansNamed("invoke_agent researcher")).hasSize(RUNS);
        assertThat(reported).hasSizeLessThan(200);
        for (String value : reported) {
            assertThat(secrets).noneMatch(value::contains);
        }
    }

    private Termination randomTermination(int i) {
        String reason = UUID.randomUUID().toString();
        String property = UUID.randomUUID().toString();
        secrets.add(reason);
        secrets.add(property);
        return switch (i % 10) {
            case 0 -> extension("Tenant" + Integer.toHexString(random.nextInt()).toUpperCase()); // well-formed, new
            case 1 -> extension("tenant " + reason); // malformed
            case 2 -> extension("Failed"); // a framework tag
            default -> new Termination.Custom(reason, Map.of("tenant", property, "attempt", random.nextInt(100),
                    "nested", Map.of("id", property)), Category.values()[random.nextInt(Category.values().length)]);
        };
    }

    private static Termination extension(String tag) {
        return new TenantQuotaExceeded(tag, Category.CAPACITY);
    }

    /** The events of one run, as the loop publishes them: its own run object, one iteration, one model call. */
    private void feedRun(Termination termination) {
        var run = FixedRun.of(Runs.AGENT, List.of());
        telemetry.onEvent(run, new AgentEvent.RunStarted(Runs.AGENT, Runs.MODEL, Runs.PROVIDER));
        telemetry.onEvent(run, new AgentEvent.IterationStarted(Runs.AGENT, 1));
        telemetry.onEvent(run, new AgentEvent.ModelCalled(Runs.AGENT, 1, Runs.MODEL, Usage.of(10, 5), 1_000_000,
                FinishReason.STOP, null));
        Outcome outcome = termination.category().defaultOutcome();
        var result = RunResult.builder().termination(termination).outcome(outcome).usage(Usage.of(10, 5))
                .duration(Duration.ofMillis(2)).build();
        telemetry.onEvent(run, new AgentEvent.RunTerminated(Runs.AGENT, result));
    }

    private static Set<Attributes> series(Collection<MetricData> collected, String name) {
        return collected.stream().filter(metric -> metric.getName().equals(name))
                .flatMap(metric -> metric.getData().getPoints().stream())
                .map(PointData::getAttributes)
                .collect(Collectors.toSet());
    }
}
