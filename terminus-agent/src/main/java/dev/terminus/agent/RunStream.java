package dev.terminus.agent;

import dev.terminus.Preconditions;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * A run's events as they happen, started by {@link Agent#stream(String)}: text pieces of the model's answers
 * ({@link AgentEvent.TextDelta}), tool calls started and ended, iteration boundaries, and exactly one last event,
 * {@link AgentEvent.RunTerminated}, that carries the {@link RunResult}. The run goes on a virtual thread of its own;
 * the consumer reads its events on any one thread, once, by iterating.
 *
 * {@snippet :
 * try (RunStream stream = agent.stream("Write a haiku about the sea")) {
 *     for (AgentEvent event : stream) {
 *         if (event instanceof AgentEvent.TextDelta delta) {
 *             System.out.print(delta.text());
 *         }
 *     }
 *     RunResult result = stream.result();
 * }
 * }
 *
 * <p><b>Backpressure.</b> The stream holds at most its buffer's count of unread events (256 by default). When it is
 * full, the run waits for the consumer before it goes on: memory never grows with a slow consumer. The run's time
 * budget counts on while it waits, so a consumer that stops reading ends a run with a time budget
 * {@code TimeBudgetExhausted} at its deadline. The events that come with the result, {@link AgentEvent.GuardTripped}
 * and the last event, always have places of their own: a run that has ended never waits for its consumer.
 *
 * <p><b>Closing early.</b> Closing the stream before the last event cancels the run: it ends
 * {@code Cancelled("stream-consumer")} (or with the name given to {@link #cancel(String)}), the model's stream is
 * cancelled on the wire, and {@code close} returns once the run has ended. The events not yet read are dropped.
 *
 * <p><b>Discarded text.</b> When a model call fails mid-answer and is made again, an {@link AgentEvent.TextDiscarded}
 * says the pieces of that call so far are void. The transcript of the result holds exactly the pieces that were not
 * discarded; the text of an answer the run cut short is its last message, marked incomplete
 * ({@link RunResult#incompleteAnswer()}).
 */
public final class RunStream implements Iterable<AgentEvent>, AutoCloseable {
    /** How many unread events a stream holds by default before the run waits for its consumer. */
    public static final int DEFAULT_BUFFER = 256;
    /** Who a stream closed before its end says cancelled its run. */
    public static final String CLOSED_BY_CONSUMER = "stream-consumer";

    private final RunHandle handle;
    private final Buffer buffer;
    private boolean iterated;

    RunStream(RunHandle handle, Buffer buffer) {
        this.handle = handle;
        this.buffer = buffer;
    }

    /**
     * The run's events, in order, ending with its {@link AgentEvent.RunTerminated}. Blocks for each next event. Can be
     * called once.
     *
     * @throws IllegalStateException when called a second time
     */
    @Override
    public Iterator<AgentEvent> iterator() {
        if (iterated) {
            throw new IllegalStateException("a RunStream's events can be iterated once");
        }
        iterated = true;
        return new Iterator<>() {
            private boolean last;

            @Override
            public boolean hasNext() {
                return !last;
            }

            @Override
            public AgentEvent next() {
                if (last) {
                    throw new NoSuchElementException("the run's last event was read");
                }
                AgentEvent event;
                try {
                    event = buffer.take(true);
                } catch (InterruptedException e) {
                    // an interrupted consumer cancels the run, as an interrupted caller of Agent.run does
                    handle.cancel(dev.terminus.Termination.Cancelled.THREAD_INTERRUPT);
                    event = buffer.takeUninterruptibly();
                    Thread.currentThread().interrupt();
                }
                last = event instanceof AgentEvent.RunTerminated;
                return event;
            }
        };
    }

    /**
     * Waits for the run's result, dropping the events not yet read (iterating afterwards gives the last event only).
     * An interrupt of the waiting thread cancels the run ({@code Cancelled("thread-interrupt")}) and is kept.
     *
     * @return the result, the one the last event carries
     */
    public RunResult result() {
        buffer.close();
        return dev.terminus.agent.control.Handle.awaitCancellingOnInterrupt(handle);
    }

    /** @return whether the run has ended */
    public boolean isDone() {
        return handle.isDone();
    }

    /**
     * Cancels the run; it ends {@code Cancelled} naming who asked. Does not wait.
     *
     * @param requestedBy who cancels, named in the termination
     */
    public void cancel(String requestedBy) {
        handle.cancel(Preconditions.notBlank(requestedBy, "requestedBy"));
    }

    /**
     * Cancels the run when it has not ended ({@code Cancelled("stream-consumer")}) and waits for its end; drops the
     * events not yet read.
     */
    @Override
    public void close() {
        // cancelled before the buffer lets a waiting run go on: released first, the run could finish its answer (and
        // end otherwise) before it saw the cancel
        if (!handle.isDone()) {
            handle.cancel(CLOSED_BY_CONSUMER);
        }
        buffer.close();
        dev.terminus.agent.control.Handle.awaitCancellingOnInterrupt(handle);
    }

    /**
     * The events of one run between its thread and the consumer: bounded, with places of their own for the events
     * that come with the result.
     */
    static final class Buffer implements AgentListener {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private final ArrayDeque<AgentEvent> events;
        private final int capacity;
        private @Nullable AgentEvent last;
        /** The consumer reads no more events but the last: the run does not wait for it. */
        private boolean closed;

        Buffer(int capacity) {
            if (capacity < 1) {
                throw new IllegalArgumentException("the stream's buffer must hold at least 1 event, was " + capacity);
            }
            this.capacity = capacity;
            this.events = new ArrayDeque<>(Math.min(capacity, 64));
        }

        @Override
        public boolean receivesStreamEvents() {
            return true;
        }

        @Override
        public void onEvent(AgentEvent event) {
            lock.lock();
            try {
                if (event instanceof AgentEvent.RunTerminated) {
                    last = event;
                } else {
                    // a GuardTripped comes with the result, just before the last event: the run is over, it does not
                    // wait for room (its supervisor could give the result meanwhile, before the listeners heard it)
                    boolean ending = event instanceof AgentEvent.GuardTripped;
                    while (!ending && events.size() >= capacity && !closed && last == null) {
                        try {
                            changed.await();
                        } catch (InterruptedException e) {
                            // the run is being stopped (its deadline, a cancel): the event is kept, the interrupt too,
                            // so the consumer is shown what the transcript holds and the run notices at once
                            Thread.currentThread().interrupt();
                            break;
                        }
                    }
                    if (closed || last != null) {
                        return;
                    }
                    events.addLast(event);
                }
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        AgentEvent takeUninterruptibly() {
            try {
                return take(false);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        AgentEvent take(boolean interruptibly) throws InterruptedException {
            lock.lock();
            try {
                while (events.isEmpty() && last == null) {
                    if (interruptibly) {
                        changed.await();
                    } else {
                        changed.awaitUninterruptibly();
                    }
                }
                AgentEvent event = events.isEmpty() ? last : events.pollFirst();
                changed.signalAll();
                return event;
            } finally {
                lock.unlock();
            }
        }

        void close() {
            lock.lock();
            try {
                closed = true;
                events.clear();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
