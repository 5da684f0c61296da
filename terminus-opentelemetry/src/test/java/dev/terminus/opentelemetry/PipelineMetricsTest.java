package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.Pipelines.PIPELINE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentListener;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.Stage;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code terminus.run.completed} and {@code terminus.run.duration} of pipelines and of their stages. */
class PipelineMetricsTest {
    private static final Attributes AGENT_RUN = run("NaturalCompletion", "SUCCESS", "SUCCEEDED")
            .put("gen_ai.agent.name", "researcher").build();
    private static final Attributes RESEARCH = stage("research", "NaturalCompletion", "SUCCESS", "SUCCEEDED");
    private static final Attributes PUBLISH = stage("publish", "Completed", "SUCCESS", "SUCCEEDED");
    private static final Attributes PIPELINE_RUN = run("Completed", "SUCCESS", "SUCCEEDED")
            .put("gen_ai.workflow.name", PIPELINE).build();

    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener agents = TerminusTelemetry.of(otel.sdk);
    private final PipelineListener telemetry = TerminusTelemetry.pipelines(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    private static AttributesBuilder run(String tag, String category, String outcome) {
        return Attributes.builder()
                .put("terminus.termination", tag)
                .put("terminus.category", category)
                .put("terminus.outcome", outcome);
    }

    private static Attributes stage(String name, String tag, String category, String outcome) {
        return run(tag, category, outcome).put("gen_ai.workflow.name", PIPELINE).put("terminus.stage.name", name)
                .build();
    }

    private Pipeline researchAndPublish() {
        return Pipeline.builder().name(PIPELINE).stage(Pipelines.research(agents)).stage(Pipelines.publish())
                .listener(telemetry).build();
    }

    @Test
    void aPipelineRunCountsOncePerStageWithTheStagesNameAndOnceForThePipelineBesideItsAgentRun() {
        // given
        Pipeline pipeline = researchAndPublish();

        // when
        pipeline.run("the Oslo climate");
        pipeline.run("the Bergen climate");

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        List<LongPointData> completed = otel.counterPoints(collected, "terminus.run.completed");
        assertThat(completed).extracting(LongPointData::getAttributes)
                .containsExactlyInAnyOrder(AGENT_RUN, RESEARCH, PUBLISH, PIPELINE_RUN);
        assertThat(completed).allSatisfy(point -> assertThat(point.getValue()).isEqualTo(2));
    }

    @Test
    void theDurationsOfAPipelineAndOfItsStagesAreTheirOwnMeasurementsInSeconds() {
        // given
        Pipeline pipeline = researchAndPublish();

        // when
        PipelineResult result = pipeline.run("the Oslo climate");

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(otel.metric(collected, "terminus.run.duration").getUnit()).isEqualTo("s");
        List<HistogramPointData> durations = otel.histogramPoints(collected, "terminus.run.duration");
        HistogramPointData research = InMemoryTelemetry.pointWith(durations, RESEARCH);
        HistogramPointData publish = InMemoryTelemetry.pointWith(durations, PUBLISH);
        HistogramPointData whole = InMemoryTelemetry.pointWith(durations, PIPELINE_RUN);
        assertThat(List.of(research, publish, whole)).allSatisfy(point -> assertThat(point.getCount()).isEqualTo(1));
        assertThat(research.getSum()).isEqualTo(seconds(result.stage("research").orElseThrow().duration()));
        assertThat(publish.getSum()).isEqualTo(seconds(result.stage("publish").orElseThrow().duration()));
        assertThat(whole.getSum()).isEqualTo(seconds(result.duration()));
        assertThat(whole.getSum()).isGreaterThan(research.getSum());
    }

    @Test
    void aStageThatTreatsItsTerminationAsSuccessCountsUnderOutcomeSucceededWhileItsAgentRunCountsAsFailed() {
        // given
        Stage explore = Stage.agent("explore", Pipelines.explorer(agents), ctx -> "Explore")
                .treatAsSuccess(Termination.MaxIterationsReached.class);
        Pipeline pipeline = Pipeline.builder().name(PIPELINE).stage(explore).listener(telemetry).build();

        // when
        pipeline.run("");

        // then
        List<LongPointData> completed = otel.counterPoints(otel.metrics.collectAllMetrics(), "terminus.run.completed");
        assertThat(completed).extracting(LongPointData::getAttributes).containsExactlyInAnyOrder(
                stage("explore", "MaxIterationsReached", "CAPACITY", "SUCCEEDED"),
                run("MaxIterationsReached", "CAPACITY", "FAILED").put("gen_ai.agent.name", "explorer").build(),
                run("Completed", "SUCCESS", "SUCCEEDED").put("gen_ai.workflow.name", PIPELINE).build());
    }

    @Test
    void agentRunsPipelinesAndStagesShareOneCounterAndOneHistogram() {
        // given
        Pipeline pipeline = researchAndPublish();

        // when
        pipeline.run("the Oslo climate");

        // then
        Collection<MetricData> collected = otel.metrics.collectAllMetrics();
        assertThat(collected).filteredOn(metric -> metric.getName().equals("terminus.run.completed")).hasSize(1);
        assertThat(collected).filteredOn(metric -> metric.getName().equals("terminus.run.duration")).hasSize(1);
        assertThat(otel.metric(collected, "terminus.run.completed").getUnit()).isEqualTo("{run}");
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
