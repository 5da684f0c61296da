package dev.terminus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.opentelemetry.internal.PipelineTelemetryListener;
import dev.terminus.pipeline.FailureDisposition;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.SkipPolicy;
import dev.terminus.pipeline.Stage;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.PointData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pipelines whose stages end with random reasons, and names beyond their bounds, make bounded metric series. */
class PipelineCardinalityTest {
    private static final int PIPELINES = 1_000;
    private static final int CATEGORIES = Category.values().length;

    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final PipelineListener telemetry = TerminusTelemetry.pipelines(otel.sdk);
    private final Random random = new Random(42);
    /** Every random reason and property value the stages ended with. */
    private final Set<String> secrets = new HashSet<>();

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    /** A pipeline whose {@code decide} stage ends with a random Custom and whose {@code audit} is skipped at random. */
    private Pipeline randomPipeline() {
        String reason = UUID.randomUUID().toString();
        String tenant = UUID.randomUUID().toString();
        String skipReason = "skipped for " + UUID.randomUUID();
        secrets.add(reason);
        secrets.add(tenant);
        secrets.add(skipReason);
        Category category = Category.values()[random.nextInt(CATEGORIES)];
        boolean skip = random.nextBoolean();
        return Pipeline.builder().name("triage")
                .stage(Stage.of("decide", ctx -> new Termination.Custom(reason,
                        Map.of("tenant", tenant, "nested", Map.of("id", tenant)), category))
                        .onFailure(FailureDisposition.CONTINUE))
                .stage(Stage.of("audit", ctx -> new Termination.Completed())
                        .skipWhen(SkipPolicy.when(ctx -> skip, skipReason)))
                .listener(telemetry)
                .build();
    }

    @Test
    void aThousandPipelinesWhoseStagesEndWithRandomCustomReasonsMakeABoundedNumberOfMetricSeries() {
        // when
        for (int i = 0; i < PIPELINES; i++) {
            randomPipeline().run("ticket " + i);
        }

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        Set<Attributes> series = series(collected, "terminus.run.completed");
        Set<Attributes> decide = withStage(series, "decide");
        // Custom once per category (its outcome follows from it), for the stage and for a pipeline it stops
        assertThat(decide).hasSize(CATEGORIES)
                .allSatisfy(attributes -> assertThat(attributes.get(InMemoryTelemetry.key("terminus.termination")))
                        .isEqualTo("Custom"));
        assertThat(withStage(series, "audit")).extracting(attributes -> attributes.get(
                InMemoryTelemetry.key("terminus.termination"))).containsExactlyInAnyOrder("Completed", "Skipped");
        assertThat(withStage(series, null)).hasSizeLessThanOrEqualTo(CATEGORIES + 1);
        assertThat(series(collected, "terminus.run.duration")).isEqualTo(series);
        long pipelines = otel.counterPoints(collected, "terminus.run.completed").stream()
                .filter(point -> point.getAttributes().get(InMemoryTelemetry.key("terminus.stage.name")) == null)
                .mapToLong(point -> point.getValue()).sum();
        assertThat(pipelines).isEqualTo(PIPELINES);
        assertThat(((PipelineTelemetryListener) telemetry).openPipelines()).isZero();
    }

    @Test
    void noRandomReasonOrPropertyEverAppearsInASpanNameOrAnAttribute() {
        // when
        for (int i = 0; i < PIPELINES; i++) {
            randomPipeline().run("ticket " + i);
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
        assertThat(otel.spansNamed("stage decide")).hasSize(PIPELINES);
        assertThat(reported).hasSizeLessThan(50);
        for (String value : reported) {
            assertThat(secrets).noneMatch(value::contains);
        }
    }

    @Test
    void pipelineNamesBeyondTheFirst128AreReportedAsOther() {
        // when
        for (int i = 0; i < 200; i++) {
            Pipeline.builder().name("tenant-" + i).stage(Stage.of("step", ctx -> new Termination.Completed()))
                    .listener(telemetry).build().run("");
        }

        // then
        Set<String> names = series(otel.metrics.collectAllMetrics(), "terminus.run.completed").stream()
                .map(attributes -> attributes.get(InMemoryTelemetry.key("gen_ai.workflow.name")))
                .collect(Collectors.toSet());
        assertThat(names).hasSize(128 + 1).contains("tenant-0", "tenant-127", "_OTHER").doesNotContain("tenant-128");
        assertThat(otel.spansNamed("invoke_workflow _OTHER")).hasSize(200 - 128);
    }

    @Test
    void stageNamesBeyondTheFirst256AreReportedAsOther() {
        // given
        Pipeline.Builder builder = Pipeline.builder().name("long").listener(telemetry);
        for (int i = 0; i < 300; i++) {
            builder.stage(Stage.of("step-" + i, ctx -> new Termination.Completed()));
        }

        // when
        builder.build().run("");

        // then
        Set<String> stages = series(otel.metrics.collectAllMetrics(), "terminus.run.completed").stream()
                .map(attributes -> attributes.get(InMemoryTelemetry.key("terminus.stage.name")))
                .filter(name -> name != null)
                .collect(Collectors.toSet());
        assertThat(stages).hasSize(256 + 1).contains("step-0", "step-255", "_OTHER").doesNotContain("step-256");
        assertThat(otel.spansNamed("stage _OTHER")).hasSize(300 - 256);
    }

    private static Set<Attributes> withStage(Set<Attributes> series, String stage) {
        return series.stream()
                .filter(attributes -> Objects.equals(
                        attributes.get(InMemoryTelemetry.key("terminus.stage.name")), stage))
                .collect(Collectors.toSet());
    }

    private static Set<Attributes> series(Collection<MetricData> collected, String name) {
        return collected.stream().filter(metric -> metric.getName().equals(name))
                .flatMap(metric -> metric.getData().getPoints().stream())
                .map(PointData::getAttributes)
                .collect(Collectors.toSet());
    }
}
