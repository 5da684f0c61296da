package dev.terminus.opentelemetry.internal;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;

/**
 * One open run: its span, the context its children hang from, its labels, its tool calls in progress, the agent it is
 * with now (after handoffs, another than the first), and a clock anchored at its start (wall time once, then the
 * monotonic clock), so that the timestamps of its spans never go backwards. It does not hold the run.
 */
final class RunTrace {
    final Span span;
    final Context context;
    final AgentLabels agent;
    /** The model's name as {@code RunStarted} gave it, to recognize it cheaply in {@code ModelCalled}. */
    final String rawModel;
    final String rawProvider;
    final ModelLabels model;
    /** The tool calls started and not ended, with their spans. */
    final ToolCallSpans toolCalls = new ToolCallSpans();
    /** The agent the run is with now, as the events name it: the first one until a handoff. */
    private volatile String agentNow;
    private final long startEpochNanos;
    private final long startNanoTime;

    RunTrace(Span span, Context context, String agentName, AgentLabels agent, String rawModel, String rawProvider, ModelLabels model,
            long startEpochNanos, long startNanoTime) {
        this.span = span;
        this.context = context;
        this.agent = agent;
        this.rawModel = rawModel;
        this.rawProvider = rawProvider;
        this.model = model;
        this.startEpochNanos = startEpochNanos;
        this.startNanoTime = startNanoTime;
        this.agentNow = agentName;
    }

    /**
     * Notes the agent an event of the run names.
     *
     * @param agentName the event's agent
     * @return whether the run is with another agent than before: it was handed over
     */
    boolean handedTo(String agentName) {
        String before = agentNow;
        if (before == agentName || before.equals(agentName)) {
            return false;
        }
        agentNow = agentName;
        return true;
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
