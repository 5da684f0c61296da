package dev.terminus.opentelemetry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.pipeline.PipelineEvent;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Events fed by hand, out of the order a pipeline keeps: the listener still ends every span and leaks no context. */
class PipelineTelemetryListenerTest {
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .build();
    private final PipelineTelemetryListener listener = new PipelineTelemetryListener(sdk);

    @AfterEach
    void closeSdk() {
        sdk.close();
    }

    private static StageResult stage(String name, Termination termination, Duration duration) {
        return StageResult.builder().name(name).termination(termination).outcome(termination.defaultOutcome())
                .attempts(1).usage(Usage.of(10, 5)).duration(duration).build();
    }

    private static PipelineResult pipeline(Termination termination, Outcome outcome, List<StageResult> stages,
            List<String> notRun) {
        return PipelineResult.builder().pipelineName("etl").termination(termination).outcome(outcome).stages(stages)
                .notRun(notRun).usage(Usage.of(10, 5)).duration(Duration.ofMillis(50)).build();
    }

    private SpanData only(String name) {
        return spans.getFinishedSpanItems().stream().filter(span -> span.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no span " + name + " in " + spans.getFinishedSpanItems()));
    }

    @Test
    void whileAStageRunsItsSpanIsCurrentAndAfterwardsTheContextBeforeItIsCurrentAgain() {
        // given
        listener.onEvent(new PipelineEvent.PipelineStarted("etl", List.of("load")));

        // when
        listener.onEvent(new PipelineEvent.StageStarted("etl", "load", null, 0));
        Span during = Span.current();
        StageResult load = stage("load", new Termination.Completed(), Duration.ofMillis(3));
        listener.onEvent(new PipelineEvent.StageFinished("etl", load));
        Context after = Context.current();
        listener.onEvent(new PipelineEvent.PipelineFinished("etl",
                pipeline(new Termination.Completed(), Outcome.SUCCEEDED, List.of(load), List.of())));

        // then
        assertThat(during.getSpanContext().getSpanId()).isEqualTo(only("stage load").getSpanId());
        assertThat(after).isSameAs(Context.root());
        assertThat(listener.openPipelines()).isZero();
    }

    @Test
    void aStageStillRunningWhenItsPipelineFinishesIsEndedWithoutAResultAndItsContextClosed() {
        // given: a defect of the pipeline's own code stopped it inside a stage
        listener.onEvent(new PipelineEvent.PipelineStarted("etl", List.of("load", "save")));
        listener.onEvent(new PipelineEvent.StageStarted("etl", "load", null, 0));

        // when
        Termination defect = Termination.Failed.of(new IllegalStateException("bug"), ErrorCategory.INTERNAL);
        listener.onEvent(new PipelineEvent.PipelineFinished("etl",
                pipeline(defect, Outcome.FAILED, List.of(), List.of("load", "save"))));

        // then
        SpanData load = only("stage load");
        assertThat(load.hasEnded()).isTrue();
        assertThat(load.getAttributes().get(AttributeKey.stringKey("terminus.termination"))).isNull();
        assertThat(only("invoke_workflow etl").getAttributes().get(AttributeKey.stringKey("error.type")))
                .isEqualTo("Failed");
        assertThat(Context.current()).isSameAs(Context.root());
        assertThat(listener.openPipelines()).isZero();
    }

    @Test
    void endsWithoutTheirStartsAreReportedAsSpansOfTheirDurationsEndingNow() {
        // given: the listener never saw the pipeline start
        StageResult load = stage("load", Termination.Custom.of("partial load", Category.CAPACITY),
                Duration.ofMillis(20));

        // when
        listener.onEvent(new PipelineEvent.StageFinished("etl", load));
        listener.onEvent(new PipelineEvent.PipelineFinished("etl",
                pipeline(load.termination(), Outcome.FAILED, List.of(load), List.of())));

        // then
        SpanData stage = only("stage load");
        SpanData workflow = only("invoke_workflow etl");
        assertThat(stage.getEndEpochNanos() - stage.getStartEpochNanos()).isGreaterThanOrEqualTo(20_000_000L);
        assertThat(workflow.getEndEpochNanos() - workflow.getStartEpochNanos()).isGreaterThanOrEqualTo(50_000_000L);
        assertThat(stage.getAttributes().get(AttributeKey.stringKey("terminus.termination"))).isEqualTo("Custom");
        assertThat(stage.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("Custom");
        assertThat(listener.openPipelines()).isZero();
    }
}
