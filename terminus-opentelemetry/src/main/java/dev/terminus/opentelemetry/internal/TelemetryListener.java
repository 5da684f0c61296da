package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.StreamStats;
import dev.terminus.agent.Usage;
import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The listener {@link dev.terminus.opentelemetry.TerminusTelemetry#of} returns: turns a run's events into its
 * spans and metrics. Per-run state lives in a {@link RunRegistry} keyed by the run's identity, from
 * {@code RunStarted} to {@code RunTerminated}. Thread-safe; events of one run may come from two threads (its own, and
 * a supervisor's for {@code RunTerminated} when the run is abandoned).
 */
public final class TelemetryListener implements AgentListener {
    private static final double NANOS_PER_SECOND = 1e9;

    private final Tracer tracer;
    private final Instruments instruments;
    private final Labels labels = new Labels();
    private final RunRegistry runs = new RunRegistry();
    private final Handovers handovers = new Handovers();

    /**
     * Builds the tracer, the meter and the six instruments, once.
     *
     * @param openTelemetry where the spans and metrics go
     */
    public TelemetryListener(OpenTelemetry openTelemetry) {
        this.tracer = ScopeVersion.tracer(openTelemetry);
        this.instruments = new Instruments(ScopeVersion.meter(openTelemetry));
    }

    /** An event without its run cannot be placed in a trace: ignored. The loop always calls the other method. */
    @Override
    public void onEvent(AgentEvent event) {
        // nothing: see onEvent(RunContext, AgentEvent)
    }

    @Override
    public void onEvent(RunContext run, AgentEvent event) {
        if (event instanceof AgentEvent.TextDelta || event instanceof AgentEvent.TextDiscarded) {
            return; // stream events this listener gets for ToolStarted's sake: a stream's timing comes with ModelCalled
        }
        if (event instanceof AgentEvent.RunStarted started) {
            started(run, started);
            return;
        }
        @Nullable RunTrace trace = trace(run, event);
        if (event instanceof AgentEvent.RunTerminated terminated) {
            terminated(run, trace, terminated);
            return;
        }
        if (trace == null) {
            return; // after its run ended (an abandoned run thread): nothing to hang it from
        }
        switch (event) {
            case AgentEvent.ModelCalled called -> modelCalled(trace, called);
            case AgentEvent.ToolStarted toolStarted -> toolStarted(run, trace, toolStarted);
            case AgentEvent.ToolCalled called -> toolCalled(run, trace, called);
            case AgentEvent.ToolProgress progress -> toolProgress(trace, progress);
            case AgentEvent.IterationStarted iteration -> { } // an iteration has no span: its calls hang from the run
            case AgentEvent.GuardTripped guard -> { } // RunTerminated follows with the same termination
            default -> { } // the events handled above, and kinds added later
        }
    }

    /** Receives {@code ToolStarted}: a tool call's span opens when the call starts. Not the text's pieces. */
    @Override
    public boolean receivesToolStarts() {
        return true;
    }

    /**
     * The trace of the event's run: the registry's, or the run's it was handed over from (see {@link Handovers}).
     * An event that names another agent than the run's last one marks a handoff on the run's span.
     */
    private @Nullable RunTrace trace(RunContext run, AgentEvent event) {
        @Nullable RunTrace trace = runs.get(run);
        if (trace == null) {
            trace = handovers.adopt(run, runs);
            if (trace == null) {
                return null;
            }
        }
        if (trace.handedTo(event.agentName())) {
            trace.span.addEvent(TelemetryNames.HANDOFF_EVENT,
                    Attributes.of(Keys.AGENT_NAME, labels.agent(event.agentName()).name),
                    trace.now(), TimeUnit.NANOSECONDS);
        }
        return trace;
    }

    /**
     * The runs started and not yet terminated: 0 once every run has ended.
     *
     * @return how many there are
     */
    public int openRuns() {
        return runs.size();
    }

    private void started(RunContext run, AgentEvent.RunStarted started) {
        if (runs.get(run) != null) {
            return; // the same run started twice (the listener registered twice): its first span stays
        }
        long epochNanos = epochNanos();
        long nanoTime = System.nanoTime();
        AgentLabels agent = labels.agent(started.agentName());
        ModelLabels model = labels.model(started.model(), started.provider());
        Context parent = ToolCallSpans.parentOfRunStartingHere();
        Span span = tracer.spanBuilder(agent.spanName)
                .setParent(parent)
                .setSpanKind(SpanKind.INTERNAL)
                .setStartTimestamp(epochNanos, TimeUnit.NANOSECONDS)
                .setAttribute(Keys.OPERATION_NAME, TelemetryNames.INVOKE_AGENT)
                .setAttribute(Keys.AGENT_NAME, agent.name)
                .setAttribute(Keys.REQUEST_MODEL, model.model)
                .setAttribute(Keys.PROVIDER_NAME, model.provider)
                .startSpan();
        RunTrace trace = new RunTrace(span, parent.with(span), started.agentName(), agent, started.model(), started.provider(), model,
                epochNanos, nanoTime);
        runs.putIfAbsent(run, trace);
    }

    private void modelCalled(RunTrace trace, AgentEvent.ModelCalled called) {
        ModelLabels model = called.model().equals(trace.rawModel) ? trace.model
                : labels.model(called.model(), trace.rawProvider);
        long end = trace.now();
        @Nullable String error = called.error() == null ? null : labels.modelError(called.error());
        SpanBuilder builder = tracer.spanBuilder(model.chatSpanName)
                .setParent(trace.context)
                .setSpanKind(SpanKind.CLIENT)
                .setStartTimestamp(end - called.durationNanos(), TimeUnit.NANOSECONDS)
                .setAttribute(Keys.OPERATION_NAME, TelemetryNames.CHAT)
                .setAttribute(Keys.REQUEST_MODEL, model.model)
                .setAttribute(Keys.PROVIDER_NAME, model.provider);
        double seconds = called.durationNanos() / NANOS_PER_SECOND;
        @Nullable StreamStats stream = called.stream();
        if (stream != null) {
            streamed(builder, model, stream);
        }
        if (error == null) {
            Usage usage = called.usage();
            builder.setAttribute(Keys.INPUT_TOKENS, usage.inputTokens())
                    .setAttribute(Keys.OUTPUT_TOKENS, usage.outputTokens());
            if (usage.cachedInputTokens() > 0) {
                builder.setAttribute(Keys.CACHE_READ_INPUT_TOKENS, usage.cachedInputTokens());
            }
            if (called.finishReason() != null) {
                builder.setAttribute(Keys.FINISH_REASONS, Labels.finishReasons(called.finishReason()));
            }
            if (stream != null && stream.timeToFirstTextNanos() >= 0 && usage.outputTokens() > 1) {
                // the decode rate as the client sees it: the time after the first piece over the tokens after the first
                long afterFirstNanos = Math.max(0, called.durationNanos() - stream.timeToFirstTextNanos());
                double perToken = afterFirstNanos / NANOS_PER_SECOND / (usage.outputTokens() - 1);
                builder.setAttribute(Keys.TIME_PER_OUTPUT_TOKEN, perToken);
                instruments.timePerOutputToken.record(perToken, model.succeeded);
            }
            builder.startSpan().end(end, TimeUnit.NANOSECONDS);
            instruments.operationDuration.record(seconds, model.succeeded);
            instruments.tokenUsage.record(usage.inputTokens(), model.inputTokens);
            instruments.tokenUsage.record(usage.outputTokens(), model.outputTokens);
        } else {
            failed(builder.setAttribute(Keys.ERROR_TYPE, error).startSpan(), end);
            instruments.operationDuration.record(seconds, model.failed(error));
        }
    }

    /**
     * The stream's attributes on a call's span, and its time to the first piece as a metric: the conventions'
     * {@code gen_ai.client.operation.time_to_first_chunk} has no {@code error.type}, so a call that failed after its
     * first piece is measured with the attributes of one that succeeded.
     */
    private void streamed(SpanBuilder builder, ModelLabels model, StreamStats stream) {
        builder.setAttribute(Keys.REQUEST_STREAM, true)
                .setAttribute(Keys.STREAM_END, stream.end().tag());
        if (stream.timeToFirstTextNanos() >= 0) {
            double firstChunk = stream.timeToFirstTextNanos() / NANOS_PER_SECOND;
            builder.setAttribute(Keys.TIME_TO_FIRST_CHUNK, firstChunk);
            instruments.timeToFirstChunk.record(firstChunk, model.succeeded);
        }
    }

    /** A tool's progress is an event on the run's span: the tool's own span is made when the call ends. */
    private void toolProgress(RunTrace trace, AgentEvent.ToolProgress progress) {
        var attributes = Attributes.builder()
                .put(Keys.TOOL_NAME, progress.toolName())
                .put(Keys.TOOL_PROGRESS, progress.progress());
        if (progress.total() != null) {
            attributes.put(Keys.TOOL_PROGRESS_TOTAL, progress.total());
        }
        trace.span.addEvent("terminus.tool.progress", attributes.build(), trace.now(), TimeUnit.NANOSECONDS);
    }

    /** A tool call's span opens as the call starts, so that a run the call starts can be its child. */
    private void toolStarted(RunContext run, RunTrace trace, AgentEvent.ToolStarted started) {
        Labels.ToolLabel tool = labels.tool(started.toolName());
        Span span = tracer.spanBuilder(tool.spanName())
                .setParent(trace.context)
                .setSpanKind(SpanKind.INTERNAL)
                .setStartTimestamp(trace.now(), TimeUnit.NANOSECONDS)
                .setAttribute(Keys.OPERATION_NAME, TelemetryNames.EXECUTE_TOOL)
                .setAttribute(Keys.TOOL_NAME, tool.name())
                .startSpan();
        trace.toolCalls.started(run, started.toolName(), started.toolCallId(), span, trace.context);
    }

    private void toolCalled(RunContext run, RunTrace trace, AgentEvent.ToolCalled called) {
        long end = trace.now();
        @Nullable String error = called.error() == null ? null : Labels.toolError(called.error());
        // a call answered without running (refused, unknown, rejected) had no span open
        @Nullable Span started = error != null && Labels.NOT_RUN.contains(error) ? null : trace.toolCalls.ended(run, called.toolName());
        if (started != null) {
            if (error == null) {
                started.end(end, TimeUnit.NANOSECONDS);
            } else {
                failed(started.setAttribute(Keys.ERROR_TYPE, error), end);
            }
        } else {
            unstartedToolCalled(trace, called, end, error);
        }
        if (error == null && called.toolName().startsWith(Handovers.TRANSFER_PREFIX)) {
            handovers.transferred(run, trace);
        }
    }

    /** A call whose start this listener did not see: its span is made now, starting at its end minus its duration. */
    private void unstartedToolCalled(RunTrace trace, AgentEvent.ToolCalled called, long end, @Nullable String error) {
        // the name of an unknown tool is the model's text, not a name from code: neither span name nor attribute
        Labels.@Nullable ToolLabel tool = Labels.UNKNOWN_TOOL.equals(error) ? null : labels.tool(called.toolName());
        SpanBuilder builder = tracer.spanBuilder(tool == null ? TelemetryNames.EXECUTE_TOOL : tool.spanName())
                .setParent(trace.context)
                .setSpanKind(SpanKind.INTERNAL)
                .setStartTimestamp(end - called.durationNanos(), TimeUnit.NANOSECONDS)
                .setAttribute(Keys.OPERATION_NAME, TelemetryNames.EXECUTE_TOOL);
        if (tool != null) {
            builder.setAttribute(Keys.TOOL_NAME, tool.name());
        }
        if (error == null) {
            builder.startSpan().end(end, TimeUnit.NANOSECONDS);
        } else {
            failed(builder.setAttribute(Keys.ERROR_TYPE, error).startSpan(), end);
        }
    }

    private void terminated(RunContext run, @Nullable RunTrace seen, AgentEvent.RunTerminated terminated) {
        RunTrace trace = runs.remove(run);
        if (seen != null) {
            handovers.ended(seen);
        }
        RunResult result = terminated.result();
        String tag = labels.tag(result.termination());
        String category = Labels.category(result.termination());
        Outcome outcome = result.outcome();
        // the agent that ended the run: after handoffs, not the one that started it
        AgentLabels agent = labels.agent(terminated.agentName());
        Span span;
        long end;
        long durationNanos;
        if (trace != null) {
            span = trace.span;
            end = trace.now();
            durationNanos = trace.elapsedNanos();
            for (Span call : trace.toolCalls.endAll()) { // stopped by the run's end
                RunSpans.setEnd(call, tag, outcome);
                call.end(end, TimeUnit.NANOSECONDS);
            }
            if (agent != trace.agent) {
                span.setAttribute(Keys.FINAL_AGENT_NAME, agent.name);
            }
        } else {
            // ended before its start reached this listener (abandoned before it began): a span of its duration
            end = epochNanos();
            durationNanos = result.duration().toNanos();
            span = tracer.spanBuilder(agent.spanName)
                    .setSpanKind(SpanKind.INTERNAL)
                    .setStartTimestamp(end - durationNanos, TimeUnit.NANOSECONDS)
                    .setAttribute(Keys.OPERATION_NAME, TelemetryNames.INVOKE_AGENT)
                    .setAttribute(Keys.AGENT_NAME, agent.name)
                    .startSpan();
        }
        RunSpans.setEnd(span, result.usage(), tag, category, outcome);
        span.end(end, TimeUnit.NANOSECONDS);
        Attributes attributes = agent.runAttributes(tag, category, outcome);
        instruments.runsCompleted.add(1, attributes);
        instruments.runDuration.record(durationNanos / NANOS_PER_SECOND, attributes);
    }

    private static void failed(Span span, long end) {
        span.setStatus(StatusCode.ERROR);
        span.end(end, TimeUnit.NANOSECONDS);
    }

    /** @return now, in nanoseconds since the epoch, from the wall clock */
    static long epochNanos() {
        Instant now = Instant.now();
        return TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
    }
}
