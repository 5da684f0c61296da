package dev.terminus.pipeline.internal;

import dev.terminus.pipeline.PipelineEvent;
import dev.terminus.pipeline.PipelineListener;
import java.util.List;

/**
 * Publishes a pipeline's events to its listeners, isolating the pipeline from them: one that throws an exception is
 * logged and skipped. An {@link Error} propagates: a workflow's thread must let its own errors pass.
 */
final class EventPublisher {
    private static final System.Logger LOG = System.getLogger(EventPublisher.class.getName());

    private final List<PipelineListener> listeners;

    EventPublisher(List<PipelineListener> listeners) {
        this.listeners = listeners;
    }

    void publish(PipelineEvent event) {
        for (PipelineListener listener : listeners) {
            try {
                listener.onEvent(event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "pipeline listener " + listener + " failed on "
                        + event.getClass().getSimpleName() + " of pipeline \"" + event.pipelineName() + "\"", e);
            }
        }
    }
}
