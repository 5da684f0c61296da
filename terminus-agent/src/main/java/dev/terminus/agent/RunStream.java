package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.agent.control.Handle;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.Flow;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * A run's events as they happen, started by {@link Agent#stream(String)}: text pieces of the model's answers
 * ({@link AgentEvent.TextDelta}), tool calls started and ended, iteration boundaries, and exactly one last event,
 * {@link AgentEvent.RunTerminated}, that carries the {@link RunResult}. The run goes on a virtual thread of its own;
 * the consumer reads its events once, in one of three ways: by iterating them on any one thread, as
 * {@linkplain #text() text only}, or through a {@linkplain #publisher() Flow.Publisher}.
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
 * <p><b>A stream dropped without closing.</b> The run holds none of this object: a stream no longer reachable (nor
 * its iterator, its {@link #text()} or its unsubscribed {@link #publisher()}) cancels its run as {@code close} does,
 * {@code Cancelled("stream-consumer")}, once the garbage collector finds it, without waiting for its end. A consumer
 * that forgets a stream it stopped reading thus frees the run's thread and model connection even when the run has no
 * time budget; closing (try-with-resources) still frees them at once. A publisher's subscription, once made, holds
 * the run until it is cancelled or the last event is delivered.
 *
 * <p><b>Discarded text.</b> When a model call fails mid-answer and is made again, an {@link AgentEvent.TextDiscarded}
 * says the pieces of that call so far are void. The transcript of the result holds exactly the pieces that were not
 * discarded; the text of an answer the run cut short is its last message, marked incomplete
 * ({@link RunResult#incompleteAnswer()}). {@link #text()} turns the two events into {@link TextPiece}s to apply.
 */
public final class RunStream implements Iterable<AgentEvent>, AutoCloseable {
    /** How many unread events a stream holds by default before the run waits for its consumer. */
    public static final int DEFAULT_BUFFER = 256;
    /** Who a stream closed before its end, dropped, or whose subscription was cancelled, says cancelled its run. */
    public static final String CLOSED_BY_CONSUMER = "stream-consumer";

    /** Cancels the runs of streams no longer reachable; its thread starts with the first stream. */
    private static final Cleaner DROPPED = Cleaner.create(
            Thread.ofPlatform().daemon().name("terminus-dropped-streams").factory());

    private final RunHandle handle;
    private final Buffer buffer;
    /** Cancels the run unless it has ended, and lets it go on without the consumer: at close, or once unreachable. */
    private final Cleaner.Cleanable release;
    private boolean read;

    RunStream(RunHandle handle, Buffer buffer) {
        this.handle = handle;
        this.buffer = buffer;
        this.release = DROPPED.register(this, new Release(handle, buffer));
    }

    /**
     * The run's events, in order, ending with its {@link AgentEvent.RunTerminated}. Blocks for each next event. The
     * events are read once: by this, {@link #text()} or {@link #publisher()}.
     *
     * @throws IllegalStateException when the events were read already
     */
    @Override
    public Iterator<AgentEvent> iterator() {
        claim();
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
                } finally {
                    // a consumer waiting here holds the stream: it is not dropped while the wait goes on
                    Reference.reachabilityFence(RunStream.this);
                }
                last = event instanceof AgentEvent.RunTerminated;
                return event;
            }
        };
    }

    /**
     * The model's text as the run writes it, without the other events: each piece of text, and where a model call
     * failed mid-answer and is made again, a {@link TextPiece.Retract} of the text that call had written, the new
     * call's text following. Ends when the run does; {@link #result()} then gives its result at once. Reads the
     * events, so they are read once: by this, iterating, or {@link #publisher()}.
     *
     * {@snippet :
     * try (RunStream stream = agent.stream("Write a haiku about the shore")) {
     *     StringBuilder text = new StringBuilder();
     *     for (TextPiece piece : stream.text()) {
     *         piece.applyTo(text); // a Retract takes back the text of a call made again
     *     }
     *     RunResult result = stream.result(); // for one iteration: result.finalAnswer() holds text's content
     *     System.out.print(text + " (" + result.termination().tag() + ")");
     * }
     * }
     *
     * @return the pieces, in order; its iterator can be taken once
     * @throws IllegalStateException when the events were read already
     */
    public Iterable<TextPiece> text() {
        Iterator<AgentEvent> events = iterator();
        return new TextPieces(events);
    }

    /**
     * The run's events for a Reactive Streams subscriber ({@code JdkFlowAdapter.flowPublisherToFlux} makes it a
     * Reactor {@code Flux}). It takes one subscriber, which gets each event as it asks for it, on a virtual thread of
     * the publisher's: an event is taken from the stream only when asked for, so with no demand the run waits as it
     * waits for a reader that does not read (see <b>Backpressure</b>). {@code cancel()} cancels the run, as
     * {@link #close()} does (without waiting for its end); {@code onComplete} follows the last event,
     * {@link AgentEvent.RunTerminated}. A request for fewer than one event ends the subscription with an
     * {@code IllegalArgumentException} and cancels the run; a second subscriber gets an {@code IllegalStateException}.
     * Subscribed, the run belongs to the subscription: dropping the stream no longer cancels it.
     *
     * @return the publisher; the events are read once: by this, iterating, or {@link #text()}
     * @throws IllegalStateException when the events were read already
     */
    public Flow.Publisher<AgentEvent> publisher() {
        claim();
        return new StreamPublisher(this, buffer);
    }

    private void claim() {
        if (read) {
            throw new IllegalStateException("a RunStream's events can be read once: by iterating, text() or publisher()");
        }
        read = true;
    }

    /**
     * Waits for the run's result, dropping the events not yet read (iterating afterwards gives the last event only).
     * An interrupt of the waiting thread cancels the run ({@code Cancelled("thread-interrupt")}) and is kept.
     *
     * @return the result, the one the last event carries
     */
    public RunResult result() {
        try {
            buffer.close();
            return Handle.awaitCancellingOnInterrupt(handle);
        } finally {
            Reference.reachabilityFence(this);
        }
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
        release.clean();
        Handle.awaitCancellingOnInterrupt(handle);
    }

    /** Cancels the run unless it has ended, and drops the unread events, without waiting: a cancelled subscription. */
    void release() {
        release.clean();
    }

    /**
     * What a closed or unreachable stream does to its run. It holds the run's side only: were it to hold the stream,
     * the stream would never become unreachable.
     */
    private record Release(RunHandle handle, Buffer buffer) implements Runnable {
        @Override
        public void run() {
            // cancelled before the buffer lets a waiting run go on: released first, the run could finish its answer
            // (and end otherwise) before it saw the cancel
            if (!handle.isDone()) {
                handle.cancel(CLOSED_BY_CONSUMER);
            }
            buffer.close();
        }
    }

    /** The text events of a stream, as pieces: a one-time iterable and its iterator. */
    private static final class TextPieces implements Iterable<TextPiece>, Iterator<TextPiece> {
        private final Iterator<AgentEvent> events;
        private @Nullable TextPiece next;
        private boolean iterated;

        TextPieces(Iterator<AgentEvent> events) {
            this.events = events;
        }

        @Override
        public Iterator<TextPiece> iterator() {
            if (iterated) {
                throw new IllegalStateException("a RunStream's text can be iterated once");
            }
            iterated = true;
            return this;
        }

        @Override
        public boolean hasNext() {
            while (next == null && events.hasNext()) {
                next = switch (events.next()) {
                    case AgentEvent.TextDelta delta -> new TextPiece.Append(delta.text());
                    case AgentEvent.TextDiscarded discarded ->
                            new TextPiece.Retract(discarded.characters(), discarded.reason());
                    default -> null;
                };
            }
            return next != null;
        }

        @Override
        public TextPiece next() {
            if (!hasNext()) {
                throw new NoSuchElementException("the run has ended");
            }
            TextPiece piece = next;
            next = null;
            return piece;
        }
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
