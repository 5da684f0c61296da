package dev.terminus.agent.internal;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import java.util.List;

/**
 * Publishes events to listeners, isolating the run from them: a listener that throws is skipped for that event.
 * Callers check {@link #active()} before building an event, so a run without listeners allocates none.
 */
final class EventDispatcher {
    private static final System.Logger LOG = System.getLogger(EventDispatcher.class.getName());

    private final AgentListener[] listeners;

    EventDispatcher(List<AgentListener> listeners) {
        this.listeners = listeners.toArray(AgentListener[]::new);
    }

    boolean active() {
        return listeners.length > 0;
    }

    void publish(AgentEvent event) {
        for (AgentListener listener : listeners) {
            try {
                listener.onEvent(event);
            } catch (Throwable e) {
                LOG.log(System.Logger.Level.WARNING, "listener " + listener + " failed on " + event.getClass().getSimpleName()
                        + "; the run goes on", e);
            }
        }
    }
}
