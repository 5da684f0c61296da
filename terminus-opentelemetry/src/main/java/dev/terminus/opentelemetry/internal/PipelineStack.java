package dev.terminus.opentelemetry.internal;

import dev.terminus.pipeline.PipelineEvent;
import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import org.jspecify.annotations.Nullable;

/**
 * The pipelines open on one thread, innermost first. Pipeline events carry no run identity, but a pipeline publishes
 * all its events, in order, on the thread that coordinates it; so a pipeline run is identified by its thread and its
 * place on this stack: the innermost pipeline is the one whose events arrive (a pipeline run by a stage of another on
 * the same thread opens and ends while that stage runs).
 */
final class PipelineStack {
    private final ArrayDeque<PipelineTrace> open = new ArrayDeque<>();
    /** The last event this listener was given on this thread, weakly: not to keep a result alive. */
    private @Nullable WeakReference<PipelineEvent> last;

    /**
     * Whether the event was already given, just before: the listener was added to the pipeline twice, and the pipeline
     * hands each event instance to each registration in turn. Remembers the event otherwise.
     *
     * @param event the event
     * @return whether it is a second delivery, to ignore
     */
    boolean repeated(PipelineEvent event) {
        if (last != null && last.get() == event) {
            return true;
        }
        last = new WeakReference<>(event);
        return false;
    }

    void push(PipelineTrace trace) {
        open.push(trace);
    }

    /**
     * @param pipelineName the pipeline an event is about
     * @return the innermost open pipeline when it has that name, else null
     */
    @Nullable PipelineTrace innermost(String pipelineName) {
        PipelineTrace trace = open.peek();
        return trace != null && trace.rawName.equals(pipelineName) ? trace : null;
    }

    /** Removes the innermost open pipeline. */
    void pop() {
        open.pop();
    }
}
