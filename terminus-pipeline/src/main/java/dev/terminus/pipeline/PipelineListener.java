package dev.terminus.pipeline;

/**
 * Receives a pipeline's {@link PipelineEvent}s, in order, on the thread that coordinates the pipeline. A listener that
 * throws an exception is logged and skipped for that event: it never changes how the pipeline runs or ends. An
 * {@link Error} is not caught: it propagates out of the pipeline's {@code run}.
 */
@FunctionalInterface
public interface PipelineListener {

    /** @param event what happened */
    void onEvent(PipelineEvent event);
}
