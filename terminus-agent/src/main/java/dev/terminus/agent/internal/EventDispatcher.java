package dev.terminus.agent.internal;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.control.RunClock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Publishes events to listeners, isolating the run from them: a listener that throws an exception is skipped for that
 * event; an {@code Error} passes through, as everywhere in the loop (ADR 0022).
 * Callers check {@link #active()} before building an event, so a run without listeners allocates none.
 */
final class EventDispatcher {
    private static final System.Logger LOG = System.getLogger(EventDispatcher.class.getName());

    /** How long the last events wait, on the run's clock, for an event an abandoned run thread is delivering. */
    private static final long LAST_EVENTS_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final AgentListener[] listeners;
    /** Whether some listener receives the stream events. */
    private final boolean streaming;
    /** Whether some listener receives the tool calls' starts. */
    private final boolean toolStarts;
    /** Orders deliveries: nothing published before the last events is delivered after them. */
    private final ReentrantLock delivering = new ReentrantLock();
    private volatile boolean closed;
    /** Completed when a delivery ends, once the last events wait for one; null before. */
    private volatile @Nullable CompletableFuture<@Nullable Void> deliveryEnded;

    /** The run the events are about, handed to every listener with them. */
    private final RunContext run;
    /** The run's clock, which times the last events' wait. */
    private final RunClock clock;

    EventDispatcher(List<AgentListener> listeners, RunContext run, RunClock clock) {
        this.listeners = listeners.toArray(AgentListener[]::new);
        this.run = run;
        this.clock = clock;
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
            CompletableFuture<@Nullable Void> waiting = deliveryEnded;
            if (waiting != null) {
                waiting.complete(null);
            }
        }
    }

    /**
     * Publishes a run's last events and closes the dispatcher first, so a run thread left running after its result
     * was published (abandoned at the deadline) cannot publish after them. An event that thread is delivering at
     * that moment is waited for, briefly (on the run's clock): a listener that hangs must not hold up the run's result.
     */
    void publishLast(AgentEvent... last) {
        closed = true;
        boolean locked = delivering.tryLock() || awaitDeliveryUnderWay();
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

    /**
     * Waits at most {@link #LAST_EVENTS_WAIT_NANOS} of the run's clock for the delivery under way to end.
     *
     * @return whether the lock was taken; false when the time passed first or the thread was interrupted (kept)
     */
    private boolean awaitDeliveryUnderWay() {
        long deadline = clock.nanoTime() + LAST_EVENTS_WAIT_NANOS;
        while (true) {
            CompletableFuture<@Nullable Void> ended = new CompletableFuture<>();
            deliveryEnded = ended; // before the lock is tried again: a delivery ending after that completes it
            if (delivering.tryLock()) {
                return true;
            }
            long left = deadline - clock.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                clock.await(ended, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return delivering.tryLock();
            } catch (TimeoutException | ExecutionException e) {
                return delivering.tryLock(); // the time passed (the future never fails: it is completed with null)
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
