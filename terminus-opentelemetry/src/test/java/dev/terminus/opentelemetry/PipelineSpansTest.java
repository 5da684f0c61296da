package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.Pipelines.PIPELINE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.TokenBudget;
import dev.terminus.opentelemetry.internal.PipelineTelemetryListener;
import dev.terminus.pipeline.FailureDisposition;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.SkipPolicy;
import dev.terminus.pipeline.Stage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The {@code invoke_workflow} span of a pipeline run and the {@code stage} spans of its stages: names, attributes. */
class PipelineSpansTest {
    private static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    private static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    private static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("terminus.stage.attempts");

    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener agents = TerminusTelemetry.of(otel.sdk);
    private final PipelineListener telemetry = TerminusTelemetry.pipelines(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    @Test
    void aPipelineRunIsOneInvokeWorkflowSpanWithAStageSpanPerStageAsItsChildren() {
        // given
        Pipeline pipeline = Pipeline.builder().name(PIPELINE)
                .stage(Pipelines.research(agents)).stage(Pipelines.publish()).listener(telemetry).build();

        // when
        PipelineResult result = pipeline.run("the Oslo climate");

        // then
        assertThat(result.completed()).isTrue();
        SpanData workflow = otel.onlySpanNamed("invoke_workflow weekly-report");
        SpanData research = otel.onlySpanNamed("stage research");
        SpanData publish = otel.onlySpanNamed("stage publish");
        assertThat(workflow.getParentSpanContext().isValid()).isFalse();
        assertThat(workflow.getKind()).isEqualTo(SpanKind.INTERNAL);
        for (SpanData stage : new SpanData[] {research, publish}) {
            assertThat(stage.getKind()).isEqualTo(SpanKind.INTERNAL);
            assertThat(stage.getTraceId()).isEqualTo(workflow.getTraceId());
            assertThat(stage.getParentSpanId()).isEqualTo(workflow.getSpanId());
            assertThat(stage.getStartEpochNanos()).isGreaterThanOrEqualTo(workflow.getStartEpochNanos());
            assertThat(stage.getEndEpochNanos()).isLessThanOrEqualTo(workflow.getEndEpochNanos());
        }
        assertThat(research.getEndEpochNanos()).isLessThanOrEqualTo(publish.getStartEpochNanos());
        assertThat(((PipelineTelemetryListener) telemetry).openPipelines()).isZero();
    }

    @Test
    void theWorkflowSpanCarriesTheOperationThePipelinesNameItsUsageAndItsTermination() {
        // given
        Pipeline pipeline = Pipeline.builder().name(PIPELINE)
                .stage(Pipelines.research(agents)).stage(Pipelines.publish()).listener(telemetry).build();

        // when
        pipeline.run("the Oslo climate");

        // then
        SpanData workflow = otel.onlySpanNamed("invoke_workflow weekly-report");
        assertThat(workflow.getAttributes().asMap()).containsOnly(
                entry(AttributeKey.stringKey("gen_ai.operation.name"), "invoke_workflow"),
                entry(AttributeKey.stringKey("gen_ai.workflow.name"), PIPELINE),
                entry(INPUT_TOKENS, 20L),
                entry(OUTPUT_TOKENS, 10L),
                entry(AttributeKey.stringKey("terminus.termination"), "Completed"),
                entry(AttributeKey.stringKey("terminus.category"), "SUCCESS"),
                entry(AttributeKey.stringKey("terminus.outcome"), "SUCCEEDED"));
        assertThat(workflow.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    }

    @Test
    void aStageSpanCarriesThePipelineTheStageItsAttemptsItsUsageAndItsTermination() {
        // given
        Pipeline pipeline = Pipeline.builder().name(PIPELINE)
                .stage(Pipelines.research(agents)).stage(Pipelines.publish()).listener(telemetry).build();

        // when
        pipeline.run("the Oslo climate");

        // then
        assertThat(otel.onlySpanNamed("stage research").getAttributes().asMap()).containsOnly(
                entry(AttributeKey.stringKey("gen_ai.workflow.name"), PIPELINE),
                entry(AttributeKey.stringKey("terminus.stage.name"), "research"),
                entry(ATTEMPTS, 1L),
                entry(INPUT_TOKENS, 20L),
                entry(OUTPUT_TOKENS, 10L),
                entry(AttributeKey.stringKey("terminus.termination"), "NaturalCompletion"),
                entry(AttributeKey.stringKey("terminus.category"), "SUCCESS"),
                entry(AttributeKey.stringKey("terminus.outcome"), "SUCCEEDED"));
        SpanData publish = otel.onlySpanNamed("stage publish");
        assertThat(Pipelines.attribute(publish, "terminus.termination")).isEqualTo("Completed");
        assertThat(publish.getAttributes().get(INPUT_TOKENS)).isZero();
        assertThat(publish.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    }

    @Test
    void aStageThatTreatsMaxIterationsReachedAsSuccessShowsOutcomeSucceededWithThatTermination() {
        // given
        Stage explore = Stage.agent("explore", Pipelines.explorer(agents), ctx -> "Explore")
                .treatAsSuccess(Termination.MaxIterationsReached.class);
        Pipeline pipeline = Pipeline.builder().name(PIPELINE).stage(explore).stage(Pipelines.publish())
                .listener(telemetry).build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.stage("explore").orElseThrow().outcome()).isEqualTo(Outcome.SUCCEEDED);
        SpanData stage = otel.onlySpanNamed("stage explore");
        assertThat(Pipelines.attribute(stage, "terminus.termination")).isEqualTo("MaxIterationsReached");
        assertThat(Pipelines.attribute(stage, "terminus.category")).isEqualTo("CAPACITY");
        assertThat(Pipelines.attribute(stage, "terminus.outcome")).isEqualTo("SUCCEEDED");
        assertThat(stage.getAttributes().get(AttributeKey.stringKey("error.type"))).isNull();
        assertThat(stage.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        // the agent run itself still failed by its own default: only the stage treats it as success
        SpanData run = otel.onlySpanNamed("invoke_agent explorer");
        assertThat(Pipelines.attribute(run, "terminus.outcome")).isEqualTo("FAILED");
        assertThat(Pipelines.attribute(otel.onlySpanNamed("invoke_workflow weekly-report"), "terminus.outcome"))
                .isEqualTo("SUCCEEDED");
    }

    @Test
    void aSkippedStageIsASpanWithOutcomeSkippedNoAttemptsAndNoReason() {
        // given
        String reason = "nothing to review for tenant 4711";
        Stage review = Stage.agent("review", Pipelines.researcher(agents), ctx -> "Review")
                .skipWhen(SkipPolicy.when(ctx -> true, reason));
        Pipeline pipeline = Pipeline.builder().name(PIPELINE).stage(review).stage(Pipelines.publish())
                .listener(telemetry).build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.completed()).isTrue();
        SpanData skipped = otel.onlySpanNamed("stage review");
        assertThat(Pipelines.attribute(skipped, "terminus.termination")).isEqualTo("Skipped");
        assertThat(Pipelines.attribute(skipped, "terminus.category")).isEqualTo("INTERRUPTED");
        assertThat(Pipelines.attribute(skipped, "terminus.outcome")).isEqualTo("SKIPPED");
        assertThat(skipped.getAttributes().get(ATTEMPTS)).isZero();
        assertThat(skipped.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(otel.spansNamed("invoke_agent researcher")).isEmpty();
        assertThat(otel.finishedSpans()).allSatisfy(span -> assertThat(span.getAttributes().asMap().values())
                .noneMatch(value -> String.valueOf(value).contains("tenant")));
    }

    @Test
    void aFailingStageMarksItsSpanAndThePipelinesWithErrorTypeAndStagesNotReachedHaveNoSpan() {
        // given
        Stage fetch = Stage.of("fetch", ctx -> {
            throw new IllegalStateException("disk on fire");
        });
        Pipeline pipeline = Pipeline.builder().name(PIPELINE).stage(fetch).stage(Pipelines.publish())
                .listener(telemetry).build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.notRun()).containsExactly("publish");
        for (String name : new String[] {"stage fetch", "invoke_workflow weekly-report"}) {
            SpanData span = otel.onlySpanNamed(name);
            assertThat(Pipelines.attribute(span, "terminus.termination")).isEqualTo("Failed");
            assertThat(Pipelines.attribute(span, "terminus.outcome")).isEqualTo("FAILED");
            assertThat(Pipelines.attribute(span, "error.type")).isEqualTo("Failed");
            assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        }
        assertThat(otel.spansNamed("stage publish")).isEmpty();
    }

    @Test
    void aFailedStageThatContinuesIsAnErrorWhileThePipelineCompletesWithoutOne() {
        // given
        Stage optional = Stage.of("enrich", ctx -> Termination.Custom.of("no enrichment today", Category.FATAL))
                .onFailure(FailureDisposition.CONTINUE);
        Pipeline pipeline = Pipeline.builder().name(PIPELINE).stage(optional).stage(Pipelines.publish())
                .listener(telemetry).build();

        // when
        pipeline.run("");

        // then
        SpanData enrich = otel.onlySpanNamed("stage enrich");
        assertThat(enrich.getAttributes().asMap()).contains(
                entry(AttributeKey.stringKey("terminus.termination"), "Custom"),
                entry(AttributeKey.stringKey("terminus.category"), "FATAL"),
                entry(AttributeKey.stringKey("terminus.outcome"), "FAILED"),
                entry(AttributeKey.stringKey("error.type"), "Custom"));
        SpanData workflow = otel.onlySpanNamed("invoke_workflow weekly-report");
        assertThat(Pipelines.attribute(workflow, "terminus.outcome")).isEqualTo("SUCCEEDED");
        assertThat(workflow.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(otel.spansNamed("stage publish")).hasSize(1);
    }

    @Test
    void aStageInAPhaseCarriesThePhasesName() {
        // given
        Pipeline pipeline = Pipeline.builder().name(PIPELINE)
                .phase("gather", TokenBudget.UNLIMITED, Pipelines.research(agents))
                .stage(Pipelines.publish())
                .listener(telemetry).build();

        // when
        pipeline.run("the Oslo climate");

        // then
        assertThat(otel.onlySpanNamed("stage research").getAttributes().asMap())
                .contains(entry(AttributeKey.stringKey("terminus.stage.phase"), "gather"));
        assertThat(otel.onlySpanNamed("stage publish").getAttributes().asMap())
                .doesNotContainKey(AttributeKey.stringKey("terminus.stage.phase"));
    }
}
