package dev.terminus.agent.internal;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Publishes events to listeners, isolating the run from them: a listener that throws an exception is skipped for that
 * event; an {@code Error} passes through, as everywhere in the loop (ADR 0022).
 * Callers check {@link #active()} before building an event, so a run without listeners allocates none.
 */
final class EventDispatcher {
    private static final System.Logger LOG = System.getLogger(EventDispatcher.class.getName());

    /** How long the last events wait for an event still being delivered by an abandoned run thread. */
    private static final long LAST_EVENTS_WAIT_MILLIS = 100;
    private final long lastEventsWaitMillis;

    private final AgentListener[] listeners;
    /** Whether some listener receives the stream events. */
    private final boolean streaming;
    /** Whether some listener receives the tool calls' starts. */
    private final boolean toolStarts;
    /** Orders deliveries: nothing published before the last events is delivered after them. */
    private final ReentrantLock delivering = new ReentrantLock();
    private volatile boolean closed;

    /** The run the events are about, handed to every listener with them. */
    private final RunContext run;

    EventDispatcher(List<AgentListener> listeners, RunContext run) {
        this(listeners, run, LAST_EVENTS_WAIT_MILLIS);
    }

    /**
     * @param lastEventsWaitMillis how long the last events wait for a delivery under way; machine time, not the run's
     *     clock: it waits for a real thread to leave a listener, which a clock driven by hand or by virtual time would
     *     skip past while that thread still runs (the streamed fault schedules saw its event then delivered late)
     */
    EventDispatcher(List<AgentListener> listeners, RunContext run, long lastEventsWaitMillis) {
        this.lastEventsWaitMillis = lastEventsWaitMillis;
        this.listeners = listeners.toArray(AgentListener[]::new);
        this.run = run;
        boolean any = false;
        boolean starts = false;
        for (AgentListener listener : this.listeners) {
            any |= listener.receivesStreamEvents();
            starts |= listener.receivesToolStarts();
        }
        this.streaming = any;
        this.toolStarts = starts;
    }

    boolean active() {
        return listeners.length > 0;
    }

    /** @return whether some listener receives the stream events: check it before building one */
    boolean streaming() {
        return streaming;
    }

    /** @return whether some listener receives the tool calls' starts: check it before building one */
    boolean toolStarts() {
        return toolStarts;
    }

    void publish(AgentEvent event) {
        if (closed) {
            return;
        }
        delivering.lock();
        try {
            if (!closed) { // checked again under the lock: the last events may have been published meanwhile
                deliver(event);
            }
        } finally {
            delivering.unlock();
        }
    }

    /**
     * Publishes a run's last events and closes the dispatcher first, so a run thread left running after its result
     * was published (abandoned at the deadline) cannot publish after them. An event that thread is delivering at
     * that moment is waited for, briefly: a listener that hangs must not hold up the run's result.
     */
    void publishLast(AgentEvent... last) {
        closed = true;
        boolean locked = false;
        try {
            locked = delivering.tryLock(lastEventsWaitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            for (AgentEvent event : last) {
                deliver(event);
            }
        } finally {
            if (locked) {
                delivering.unlock();
            }
        }
    }

    private void deliver(AgentEvent event) {
        boolean streamEvent = event instanceof AgentEvent.TextDelta || event instanceof AgentEvent.TextDiscarded;
        boolean toolStart = event instanceof AgentEvent.ToolStarted;
        for (AgentListener listener : listeners) {
            if (streamEvent && !listener.receivesStreamEvents() || toolStart && !listener.receivesToolStarts()) {
                continue;
            }
            try {
                listener.onEvent(run, event);
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "listener " + listener + " failed on " + event.getClass().getSimpleName()
                        + "; the run goes on", e);
            }
        }
    }
}
