package dev.terminus.converge.internal;

import dev.terminus.converge.ConvergenceEvent;
import dev.terminus.converge.ConvergenceListener;
import java.util.List;
import java.util.function.Supplier;

/** Publishes events to the listeners, building them only when there are listeners; a listener that throws is logged. */
public final class Events {
    private static final System.Logger LOG = System.getLogger("dev.terminus.converge");

    private final List<ConvergenceListener> listeners;

    /** @param listeners the listeners, in order */
    public Events(List<ConvergenceListener> listeners) {
        this.listeners = listeners;
    }

    /** @return whether anyone listens (so that callers skip work done only for events) */
    public boolean active() {
        return !listeners.isEmpty();
    }

    /** @param event builds the event, when someone listens */
    public void publish(Supplier<ConvergenceEvent> event) {
        if (listeners.isEmpty()) {
            return;
        }
        ConvergenceEvent built = event.get();
        for (ConvergenceListener listener : listeners) {
            try {
                listener.onEvent(built);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "convergence listener " + listener + " failed on "
                        + built.getClass().getSimpleName() + "; skipped", e);
            }
        }
    }
}
