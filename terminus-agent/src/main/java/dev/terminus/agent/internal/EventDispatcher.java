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
    private volatile boolean closed;

    EventDispatcher(List<AgentListener> listeners) {
        this.listeners = listeners.toArray(AgentListener[]::new);
    }

    boolean active() {
        return listeners.length > 0;
    }

    void publish(AgentEvent event) {
        if (!closed) {
            deliver(event);
        }
    }

    /**
     * Publishes a run's last events and closes the dispatcher first, so a run thread left running after its result
     * was published (abandoned at the deadline) cannot publish after them.
     */
    void publishLast(AgentEvent... last) {
        closed = true;
        for (AgentEvent event : last) {
            deliver(event);
        }
    }

    private void deliver(AgentEvent event) {
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
