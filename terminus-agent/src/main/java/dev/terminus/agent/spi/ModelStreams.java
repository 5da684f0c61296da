package dev.terminus.agent.spi;

import dev.terminus.Preconditions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * {@link ModelStream}s for {@link StreamingModel} implementations: one whose pieces are known in advance, and a
 * {@link Feed} that a provider's callbacks fill as the answer arrives.
 *
 * {@snippet :
 * ModelStreams.Feed feed = ModelStreams.feed(16);
 * Thread provider = Thread.ofVirtual().start(() -> { // a provider's callbacks, on a thread of its own
 *     try {
 *         feed.text("Hel");
 *         feed.text("lo");
 *         feed.finish(ModelResponse.text("Hello", Usage.of(3, 2)));
 *     } catch (InterruptedException e) {
 *         feed.fail(e);
 *     }
 * });
 * feed.onClose(provider::interrupt); // what cancels the call when the loop closes the stream before its end
 * }
 */
public final class ModelStreams {
    private ModelStreams() {}

    /**
     * A stream that plays these pieces, then finishes with the response.
     *
     * @param response the whole answer, its content the pieces joined
     * @param pieces the text pieces, in order; empty ones are skipped
     * @return the stream
     */
    public static ModelStream of(ModelResponse response, String... pieces) {
        Preconditions.notNull(response, "response");
        List<StreamPart> parts = new ArrayList<>(pieces.length + 1);
        for (String piece : pieces) {
            if (!Preconditions.notNull(piece, "piece").isEmpty()) {
                parts.add(new StreamPart.TextDelta(piece));
            }
        }
        parts.add(new StreamPart.Finished(response));
        return new Played(parts);
    }

    /**
     * A stream fed from other threads, holding at most {@code capacity} unread pieces: a producer that gets that far
     * ahead of the reader waits for it (the provider's connection is then read no faster than the run reads the
     * answer), and stops waiting when the stream is closed.
     *
     * @param capacity how many unread pieces it holds, at least 1
     * @return the feed
     */
    public static Feed feed(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        return new Feed(capacity);
    }

    /**
     * A model's answer, whole: a {@link StreamingModel}'s stream read to its end (its pieces dropped) and closed, each
     * piece waited for at most {@code idleTimeout}; a plain model called as it is. For engines that need whole answers
     * (a workflow's activity), failing as the loop fails a streamed call: with the provider's exception, or with
     * {@link #silent} when the stream is silent too long.
     *
     * @param model the model
     * @param request the call
     * @param idleTimeout how long the stream may be silent; null for as long as it takes
     * @return the whole answer
     * @throws Exception what the model or its stream threw, or the timeout of a silent stream
     */
    public static ModelResponse whole(Model model, ModelRequest request, @Nullable Duration idleTimeout)
            throws Exception {
        return whole(model, request, idleTimeout, text -> { });
    }

    /**
     * As {@link #whole(Model, ModelRequest, Duration)}, handing each piece of text to {@code pieces} as it arrives:
     * an engine that must keep the text of a stream cut short (a workflow's activity) keeps what it was given.
     *
     * @param model the model
     * @param request the call
     * @param idleTimeout how long the stream may be silent; null for as long as it takes
     * @param pieces takes each piece of text, on the calling thread
     * @return the whole answer
     * @throws Exception what the model or its stream threw, or the timeout of a silent stream
     */
    public static ModelResponse whole(Model model, ModelRequest request, @Nullable Duration idleTimeout,
            java.util.function.Consumer<String> pieces) throws Exception {
        if (!(model instanceof StreamingModel streaming)) {
            return model.chat(request);
        }
        long idleNanos = idleTimeout == null ? Long.MAX_VALUE : idleTimeout.toNanos();
        ModelStream stream = streaming.stream(request);
        if (stream == null) {
            throw new IllegalStateException("model " + model.name() + " returned no stream");
        }
        try (stream) {
            while (true) {
                StreamPart part = stream.next(idleNanos);
                switch (part) {
                    case null -> throw silent(model.name(), idleNanos);
                    case StreamPart.TextDelta delta -> pieces.accept(delta.text());
                    case StreamPart.Finished finished -> {
                        return finished.response();
                    }
                }
            }
        }
    }

    /**
     * The failure of a stream silent for longer than its idle timeout: a retryable timeout.
     *
     * @param modelName the model's name
     * @param idleNanos the idle timeout, in nanoseconds
     * @return the exception, naming the model, the timeout and the setting
     */
    public static ModelException.Timeout silent(String modelName, long idleNanos) {
        return new ModelException.Timeout("the stream of model " + modelName + " was silent for "
                + idleNanos / 1_000_000 + " ms (streamIdleTimeout)", null);
    }

    private static final class Played implements ModelStream {
        private final List<StreamPart> parts;
        private int next;
        private boolean closed;

        Played(List<StreamPart> parts) {
            this.parts = parts;
        }

        @Override
        public StreamPart next(long timeoutNanos) {
            if (closed || next >= parts.size()) {
                throw new IllegalStateException("the stream is " + (closed ? "closed" : "finished"));
            }
            return parts.get(next++);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /**
     * A stream that a provider's callbacks fill: {@link #text}, then {@link #finish} or {@link #fail}, from any thread.
     * What the provider sends after the end, or after the reader closed the stream, is dropped. The action given to
     * {@link #onClose} cancels the provider's call when the reader closes the stream before its end.
     */
    public static final class Feed implements ModelStream {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private final ArrayDeque<Object> parts = new ArrayDeque<>();
        private final int capacity;
        private boolean ended;
        private boolean closed;
        private boolean delivered;
        private @Nullable Runnable onClose;

        private Feed(int capacity) {
            this.capacity = capacity;
        }

        /**
         * @param cancel what cancels the provider's call (closing its connection); run at most once, when the reader
         *     closes the stream before its end, or at once when it already has
         * @return this feed
         */
        public Feed onClose(Runnable cancel) {
            Preconditions.notNull(cancel, "cancel");
            boolean now;
            lock.lock();
            try {
                now = closed && !ended;
                if (!now) {
                    onClose = cancel;
                }
            } finally {
                lock.unlock();
            }
            if (now) {
                cancel.run();
            }
            return this;
        }

        /**
         * A piece of text; empty ones are dropped. Waits while the reader is {@code capacity} pieces behind.
         *
         * @param text the new text
         * @throws InterruptedException when the producing thread is interrupted while it waits
         */
        public void text(String text) throws InterruptedException {
            if (!Preconditions.notNull(text, "text").isEmpty()) {
                put(new StreamPart.TextDelta(text), false);
            }
        }

        /** @param response the whole answer: the end of the stream */
        public void finish(ModelResponse response) {
            put(new StreamPart.Finished(Preconditions.notNull(response, "response")));
        }

        /** @param failure why the call failed: thrown to the reader after the pieces before it */
        public void fail(Throwable failure) {
            put(Preconditions.notNull(failure, "failure"));
        }

        private void put(Object end) {
            try {
                put(end, true);
            } catch (InterruptedException e) {
                throw new AssertionError("an end is never waited for", e);
            }
        }

        private void put(Object part, boolean end) throws InterruptedException {
            lock.lock();
            try {
                while (!end && !closed && !ended && parts.size() >= capacity) {
                    changed.await();
                }
                if (closed || ended) {
                    return;
                }
                ended = end;
                parts.addLast(part);
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        @Override
        public @Nullable StreamPart next(long timeoutNanos) throws Exception {
            Object part;
            lock.lock();
            try {
                if (closed || delivered) {
                    throw new IllegalStateException("the stream is " + (closed ? "closed" : "finished"));
                }
                long left = timeoutNanos;
                while (parts.isEmpty()) {
                    if (timeoutNanos == Long.MAX_VALUE) {
                        changed.await();
                    } else if (left <= 0) {
                        return null;
                    } else {
                        left = changed.awaitNanos(left);
                    }
                }
                part = parts.pollFirst();
                changed.signalAll();
                delivered = !(part instanceof StreamPart.TextDelta);
            } finally {
                lock.unlock();
            }
            return switch (part) {
                case StreamPart streamPart -> streamPart;
                case Exception e -> throw e;
                case Error e -> throw e;
                default -> throw new IllegalStateException("the provider failed", (Throwable) part);
            };
        }

        @Override
        public void close() {
            Runnable cancel;
            lock.lock();
            try {
                if (closed) {
                    return;
                }
                closed = true;
                cancel = ended ? null : onClose;
                parts.clear();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
            if (cancel != null) {
                cancel.run();
            }
        }
    }
}
