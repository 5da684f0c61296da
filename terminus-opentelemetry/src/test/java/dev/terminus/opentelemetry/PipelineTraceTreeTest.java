package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.Pipelines.PIPELINE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentListener;
import dev.terminus.opentelemetry.internal.PipelineTelemetryListener;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.Stage;
import dev.terminus.pipeline.StageExecutor;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Where pipeline spans hang: from the caller's context, above their stages, above the stages' agent runs. */
class PipelineTraceTreeTest {
    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener agents = TerminusTelemetry.of(otel.sdk);
    private final PipelineListener telemetry = TerminusTelemetry.pipelines(otel.sdk);

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    private Pipeline.Builder researchAndPublish() {
        return Pipeline.builder().name(PIPELINE).stage(Pipelines.research(agents)).stage(Pipelines.publish())
                .listener(telemetry);
    }

    @Test
    void anAgentStagesRunIsAChildOfItsStageSpanWithItsCallsBelowIt() {
        // given
        Pipeline pipeline = researchAndPublish().build();

        // when
        pipeline.run("the Oslo climate");

        // then
        SpanData workflow = otel.onlySpanNamed("invoke_workflow weekly-report");
        SpanData stage = otel.onlySpanNamed("stage research");
        SpanData run = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(run.getParentSpanId()).isEqualTo(stage.getSpanId());
        assertThat(otel.spansNamed("chat gpt-4o")).hasSize(2)
                .allSatisfy(chat -> assertThat(chat.getParentSpanId()).isEqualTo(run.getSpanId()));
        assertThat(otel.finishedSpans()).extracting(SpanData::getTraceId).containsOnly(workflow.getTraceId());
    }

    @Test
    void theWorkflowSpanIsAChildOfTheSpanCurrentWhenThePipelineRunsAndThatContextIsCurrentAgainAfterwards() {
        // given
        Pipeline pipeline = researchAndPublish().build();
        Span request = otel.sdk.getTracer("app").spanBuilder("POST /reports").startSpan();

        // when
        Context after;
        try (Scope scope = request.makeCurrent()) {
            pipeline.run("the Oslo climate");
            after = Context.current();
        } finally {
            request.end();
        }

        // then
        assertThat(Span.fromContext(after)).isSameAs(request);
        assertThat(Context.current()).isSameAs(Context.root());
        SpanData workflow = otel.onlySpanNamed("invoke_workflow weekly-report");
        assertThat(workflow.getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId());
        assertThat(workflow.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
    }

    @Test
    void onAnExecutorServiceWrappedWithTheContextAnAgentStagesRunIsStillAChildOfItsStage() {
        // given
        ExecutorService pool = Executors.newFixedThreadPool(1);
        Pipeline pipeline = researchAndPublish().executor(StageExecutor.of(Context.taskWrapping(pool))).build();

        // when
        try {
            pipeline.run("the Oslo climate");
        } finally {
            pool.shutdown();
        }

        // then
        SpanData stage = otel.onlySpanNamed("stage research");
        assertThat(otel.onlySpanNamed("invoke_agent researcher").getParentSpanId()).isEqualTo(stage.getSpanId());
    }

    @Test
    void onVirtualThreadsAnAgentStagesRunStartsATraceOfItsOwnWhileTheStageSpansStayUnderTheWorkflow() {
        // given
        Pipeline pipeline = researchAndPublish().executor(StageExecutor.virtualThreads()).build();

        // when
        pipeline.run("the Oslo climate");

        // then: virtual threads the pipeline creates carry no context (a documented limitation)
        SpanData workflow = otel.onlySpanNamed("invoke_workflow weekly-report");
        assertThat(otel.onlySpanNamed("stage research").getParentSpanId()).isEqualTo(workflow.getSpanId());
        assertThat(otel.onlySpanNamed("invoke_agent researcher").getParentSpanContext().isValid()).isFalse();
    }

    @Test
    void aPipelineRunByAStageOfAnotherIsAChildOfThatStage() {
        // given
        Pipeline inner = Pipeline.builder().name("fact-check").stage(Pipelines.publish()).listener(telemetry).build();
        Stage check = Stage.of("check", ctx -> inner.run(ctx.input()).termination());
        Pipeline outer = Pipeline.builder().name(PIPELINE).stage(check).stage(Pipelines.publish())
                .listener(telemetry).build();

        // when
        PipelineResult result = outer.run("claims");

        // then
        assertThat(result.completed()).isTrue();
        SpanData outerSpan = otel.onlySpanNamed("invoke_workflow weekly-report");
        SpanData checkStage = otel.onlySpanNamed("stage check");
        SpanData innerSpan = otel.onlySpanNamed("invoke_workflow fact-check");
        assertThat(checkStage.getParentSpanId()).isEqualTo(outerSpan.getSpanId());
        assertThat(innerSpan.getParentSpanId()).isEqualTo(checkStage.getSpanId());
        List<SpanData> publishes = otel.spansNamed("stage publish");
        assertThat(publishes).extracting(SpanData::getParentSpanId)
                .containsExactlyInAnyOrder(outerSpan.getSpanId(), innerSpan.getSpanId());
        assertThat(publishes).extracting(span -> Pipelines.attribute(span, "gen_ai.workflow.name"))
                .containsExactlyInAnyOrder(PIPELINE, "fact-check");
        assertThat(((PipelineTelemetryListener) telemetry).openPipelines()).isZero();
    }

    @Test
    void aPipelineStartedOnItsOwnThreadNestsItsStagesAndTheirAgentRunsUnderItsSpan() throws Exception {
        // given
        Pipeline pipeline = researchAndPublish().build();

        // when
        PipelineResult result = pipeline.start("the Oslo climate").await(Duration.ofSeconds(10)).orElseThrow();

        // then
        assertThat(result.completed()).isTrue();
        SpanData workflow = otel.onlySpanNamed("invoke_workflow weekly-report");
        SpanData stage = otel.onlySpanNamed("stage research");
        assertThat(stage.getParentSpanId()).isEqualTo(workflow.getSpanId());
        assertThat(otel.onlySpanNamed("invoke_agent researcher").getParentSpanId()).isEqualTo(stage.getSpanId());
    }

    @Test
    void concurrentPipelinesSharingOneListenerEachGetTheirOwnTrace() throws Exception {
        // given
        int runs = 50;
        Pipeline pipeline = researchAndPublish().build();

        // when
        var results = new ArrayList<Future<PipelineResult>>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < runs; i++) {
                results.add(threads.submit(() -> pipeline.run("the Oslo climate")));
            }
        }

        // then
        for (Future<PipelineResult> result : results) {
            assertThat(result.get().completed()).isTrue();
        }
        Map<String, List<SpanData>> traces = otel.finishedSpans().stream()
                .collect(Collectors.groupingBy(SpanData::getTraceId));
        assertThat(traces).hasSize(runs);
        assertThat(traces.values()).allSatisfy(trace -> {
            assertThat(trace).extracting(SpanData::getName).containsExactlyInAnyOrder("invoke_workflow weekly-report",
                    "stage research", "invoke_agent researcher", "chat gpt-4o", "execute_tool search", "chat gpt-4o",
                    "stage publish");
            SpanData workflow = trace.stream().filter(span -> span.getName().startsWith("invoke_workflow"))
                    .findFirst().orElseThrow();
            assertThat(trace).filteredOn(span -> span.getName().startsWith("stage"))
                    .allSatisfy(stage -> assertThat(stage.getParentSpanId()).isEqualTo(workflow.getSpanId()));
        });
        assertThat(((PipelineTelemetryListener) telemetry).openPipelines()).isZero();
    }

    @Test
    void aListenerAddedTwiceToOnePipelineReportsItOnce() {
        // given
        Pipeline pipeline = researchAndPublish().listener(telemetry).build();

        // when
        pipeline.run("the Oslo climate");
        pipeline.run("the Bergen climate");

        // then
        assertThat(otel.spansNamed("invoke_workflow weekly-report")).hasSize(2);
        assertThat(otel.spansNamed("stage research")).hasSize(2);
        assertThat(otel.spansNamed("stage publish")).hasSize(2);
        long pipelines = otel.counterPoints(otel.metrics.collectAllMetrics(), "terminus.run.completed").stream()
                .filter(point -> point.getAttributes().get(InMemoryTelemetry.key("terminus.stage.name")) == null
                        && point.getAttributes().get(InMemoryTelemetry.key("gen_ai.workflow.name")) != null)
                .mapToLong(point -> point.getValue()).sum();
        assertThat(pipelines).isEqualTo(2);
        assertThat(((PipelineTelemetryListener) telemetry).openPipelines()).isZero();
    }

    @Test
    void aFunctionStageSeesItsStageSpanAsTheCurrentSpan() {
        // given
        var seen = new ArrayList<String>();
        Stage probe = Stage.of("probe", ctx -> {
            seen.add(Span.current().getSpanContext().getSpanId());
            return new Termination.Completed();
        });
        Pipeline pipeline = Pipeline.builder().name(PIPELINE).stage(probe).listener(telemetry).build();

        // when
        pipeline.run("");

        // then
        assertThat(seen).containsExactly(otel.onlySpanNamed("stage probe").getSpanId());
    }
}
