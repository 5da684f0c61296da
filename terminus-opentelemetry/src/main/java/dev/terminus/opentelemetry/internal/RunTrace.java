package dev.terminus.opentelemetry.internal;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;

/**
 * One open run: its span, the context its children hang from, its labels, and a clock anchored at its start (wall
 * time once, then the monotonic clock), so that the timestamps of its spans never go backwards. Immutable; it does
 * not hold the run.
 */
final class RunTrace {
    final Span span;
    final Context context;
    final AgentLabels agent;
    /** The model's name as {@code RunStarted} gave it, to recognize it cheaply in {@code ModelCalled}. */
    final String rawModel;
    final String rawProvider;
    final ModelLabels model;
    private final long startEpochNanos;
    private final long startNanoTime;

    RunTrace(Span span, Context context, AgentLabels agent, String rawModel, String rawProvider, ModelLabels model,
            long startEpochNanos, long startNanoTime) {
        this.span = span;
        this.context = context;
        this.agent = agent;
        this.rawModel = rawModel;
        this.rawProvider = rawProvider;
        this.model = model;
        this.startEpochNanos = startEpochNanos;
        this.startNanoTime = startNanoTime;
    }

    /** @return now, in nanoseconds since the epoch, on the run's clock */
    long now() {
        return startEpochNanos + (System.nanoTime() - startNanoTime);
    }

    /** @return how long the run has been open, in nanoseconds */
    long elapsedNanos() {
        return System.nanoTime() - startNanoTime;
    }
}
