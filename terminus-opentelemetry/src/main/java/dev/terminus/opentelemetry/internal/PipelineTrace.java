package dev.terminus.opentelemetry.internal;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import org.jspecify.annotations.Nullable;

/**
 * One open pipeline run: its span, the context its stages hang from, its labels, and the stage now running, if any.
 * Used only on the thread that coordinates the pipeline, where all its events are published, so not synchronized.
 */
final class PipelineTrace {
    /** The pipeline's name as its events carry it, to match them. */
    final String rawName;
    final WorkflowLabels workflow;
    final Span span;
    final Context context;
    private @Nullable OpenStage stage;

    PipelineTrace(String rawName, WorkflowLabels workflow, Span span, Context context) {
        this.rawName = rawName;
        this.workflow = workflow;
        this.span = span;
        this.context = context;
    }

    /** @param stage the stage that started, whose context is now current on this thread */
    void open(OpenStage stage) {
        this.stage = stage;
    }

    /**
     * Closes the running stage's scope, restoring the context that was current before it.
     *
     * @return the stage that was running, or null when none was
     */
    @Nullable OpenStage close() {
        OpenStage open = stage;
        stage = null;
        if (open != null) {
            open.scope().close();
        }
        return open;
    }

    /**
     * A stage that started and has not finished.
     *
     * @param labels its labels
     * @param span its span
     * @param scope the scope that made its span current on the coordinating thread
     */
    record OpenStage(WorkflowLabels.StageLabels labels, Span span, Scope scope) {}
}
