package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.opentelemetry.TelemetryNames;
import dev.terminus.pipeline.PipelineEvent;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The listener {@link dev.terminus.opentelemetry.TerminusTelemetry#pipelines} returns: turns a pipeline's events into
 * an {@code invoke_workflow} span with a {@code stage} span per stage reached, and into run metrics of the pipeline
 * and of each stage. A pipeline's events all come on its coordinating thread, in order; per-run state is a
 * {@link PipelineStack} per thread. Between {@code StageStarted} and {@code StageFinished} the stage's span is the
 * current context of that thread, so that what the stage starts there (an agent run, another pipeline) is its child.
 * Thread-safe: pipelines on different threads share the bounded labels and the instruments.
 */
public final class PipelineTelemetryListener implements PipelineListener {
    private final Tracer tracer;
    private final LongCounter runsCompleted;
    private final DoubleHistogram runDuration;
    private final PipelineLabels labels = new PipelineLabels();
    private final ThreadLocal<PipelineStack> stacks = ThreadLocal.withInitial(PipelineStack::new);
    private final AtomicInteger open = new AtomicInteger();

    /**
     * Builds the tracer, the meter and the two run instruments, once.
     *
     * @param openTelemetry where the spans and metrics go
     */
    public PipelineTelemetryListener(OpenTelemetry openTelemetry) {
        this.tracer = ScopeVersion.tracer(openTelemetry);
        Meter meter = ScopeVersion.meter(openTelemetry);
        this.runsCompleted = Instruments.runsCompleted(meter);
        this.runDuration = Instruments.runDuration(meter);
    }

    @Override
    public void onEvent(PipelineEvent event) {
        PipelineStack stack = stacks.get();
        if (stack.repeated(event)) {
            return; // this listener was added to the pipeline twice: the first delivery counted
        }
        switch (event) {
            case PipelineEvent.PipelineStarted started -> started(stack, started);
            case PipelineEvent.StageStarted started -> stageStarted(stack, started);
            case PipelineEvent.StageFinished finished -> stageFinished(stack, finished);
            case PipelineEvent.PipelineFinished finished -> finished(stack, finished);
        }
    }

    /**
     * The pipeline runs started and not yet finished, over all threads: 0 once every pipeline has ended.
     *
     * @return how many there are
     */
    public int openPipelines() {
        return open.get();
    }

    private void started(PipelineStack stack, PipelineEvent.PipelineStarted started) {
        WorkflowLabels workflow = labels.workflow(started.pipelineName());
        Context parent = Context.current();
        Span span = pipelineSpan(workflow).setParent(parent).startSpan();
        stack.push(new PipelineTrace(started.pipelineName(), workflow, span, parent.with(span)));
        open.incrementAndGet();
    }

    private void stageStarted(PipelineStack stack, PipelineEvent.StageStarted started) {
        @Nullable PipelineTrace trace = stack.innermost(started.pipelineName());
        if (trace == null) {
            return; // a pipeline whose start this listener did not see: its stages are reported when they finish
        }
        endUnfinished(trace);
        WorkflowLabels.StageLabels stage = labels.stage(trace.workflow, started.stageName());
        SpanBuilder builder = stageSpan(stage).setParent(trace.context);
        if (started.phase() != null) {
            builder.setAttribute(Keys.STAGE_PHASE, labels.phase(started.phase()));
        }
        Span span = builder.startSpan();
        trace.open(new PipelineTrace.OpenStage(stage, span, trace.context.with(span).makeCurrent()));
    }

    private void stageFinished(PipelineStack stack, PipelineEvent.StageFinished finished) {
        StageResult result = finished.result();
        @Nullable PipelineTrace trace = stack.innermost(finished.pipelineName());
        PipelineTrace.@Nullable OpenStage open = trace == null ? null : trace.close();
        WorkflowLabels.StageLabels stage;
        Span span;
        if (open != null) {
            stage = open.labels();
            span = open.span();
        } else {
            // no StageStarted before it: a span of the stage's duration, ending now
            WorkflowLabels workflow = trace != null ? trace.workflow : labels.workflow(finished.pipelineName());
            stage = labels.stage(workflow, result.name());
            span = afterTheFact(stageSpan(stage), trace != null ? trace.context : Context.current(),
                    result.duration());
        }
        span.setAttribute(Keys.STAGE_ATTEMPTS, result.attempts());
        Attributes attributes = end(span, result.termination(), result.outcome(), result.usage(),
                (tag, category) -> stage.runAttributes(tag, category, result.outcome()));
        record(attributes, result.duration());
    }

    private void finished(PipelineStack stack, PipelineEvent.PipelineFinished finished) {
        PipelineResult result = finished.result();
        @Nullable PipelineTrace trace = stack.innermost(finished.pipelineName());
        WorkflowLabels workflow;
        Span span;
        if (trace != null) {
            endUnfinished(trace);
            stack.pop();
            open.decrementAndGet();
            workflow = trace.workflow;
            span = trace.span;
        } else {
            // no PipelineStarted before it: a span of the pipeline's duration, ending now
            workflow = labels.workflow(finished.pipelineName());
            span = afterTheFact(pipelineSpan(workflow), Context.current(), result.duration());
        }
        Attributes attributes = end(span, result.termination(), result.outcome(), result.usage(),
                (tag, category) -> workflow.runAttributes(tag, category, result.outcome()));
        record(attributes, result.duration());
    }

    /** Ends a stage that started and never finished (a defect of the pipeline's own code stopped it): no result. */
    private static void endUnfinished(PipelineTrace trace) {
        PipelineTrace.@Nullable OpenStage unfinished = trace.close();
        if (unfinished != null) {
            unfinished.span().end();
        }
    }

    private SpanBuilder pipelineSpan(WorkflowLabels workflow) {
        return tracer.spanBuilder(workflow.spanName)
                .setSpanKind(SpanKind.INTERNAL)
                .setAttribute(Keys.OPERATION_NAME, TelemetryNames.INVOKE_WORKFLOW)
                .setAttribute(Keys.WORKFLOW_NAME, workflow.name);
    }

    private SpanBuilder stageSpan(WorkflowLabels.StageLabels stage) {
        return tracer.spanBuilder(stage.spanName)
                .setSpanKind(SpanKind.INTERNAL)
                .setAttribute(Keys.WORKFLOW_NAME, stage.workflow)
                .setAttribute(Keys.STAGE_NAME, stage.name);
    }

    private static Span afterTheFact(SpanBuilder builder, Context parent, Duration duration) {
        return builder.setParent(parent)
                .setStartTimestamp(TelemetryListener.epochNanos() - duration.toNanos(), TimeUnit.NANOSECONDS)
                .startSpan();
    }

    /**
     * Sets the end's attributes on the span (usage, termination tag, category, outcome; on a {@code FAILED} outcome
     * the status {@code ERROR} and {@code error.type} = the tag) and ends it.
     *
     * @return the attributes of the run metrics, from the bounded tag and category
     */
    private Attributes end(Span span, Termination termination, Outcome outcome, Usage usage, MetricAttributes metric) {
        String tag = labels.tag(termination);
        String category = PipelineLabels.category(termination);
        RunSpans.setEnd(span, usage, tag, category, outcome);
        span.end();
        return metric.of(tag, category);
    }

    private void record(Attributes attributes, Duration duration) {
        runsCompleted.add(1, attributes);
        runDuration.record(duration.toNanos() / 1e9, attributes);
    }

    /** The run metrics' attributes of a bounded tag and category. */
    @FunctionalInterface
    private interface MetricAttributes {
        Attributes of(String tag, String category);
    }
}
