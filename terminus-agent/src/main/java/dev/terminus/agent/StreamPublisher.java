package dev.terminus.agent;

import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * A {@link RunStream}'s events as a {@link Flow.Publisher} (see {@link RunStream#publisher()}): one subscriber, whose
 * signals all come from one virtual thread of the publisher's, which takes an event from the stream's buffer only
 * when the subscriber has asked for one. The subscription holds the stream, so the stream is not dropped (and its run
 * not cancelled) while a subscriber reads it.
 */
final class StreamPublisher implements Flow.Publisher<AgentEvent> {
    private final RunStream stream;
    private final RunStream.Buffer buffer;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    StreamPublisher(RunStream stream, RunStream.Buffer buffer) {
        this.stream = stream;
        this.buffer = buffer;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super AgentEvent> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber"); // Reactive Streams rule 1.9
        if (!subscribed.compareAndSet(false, true)) {
            subscriber.onSubscribe(Refused.INSTANCE);
            subscriber.onError(new IllegalStateException(
                    "a RunStream's publisher takes one subscriber, and it has one already"));
            return;
        }
        Delivery delivery = new Delivery(stream, buffer, subscriber);
        try {
            subscriber.onSubscribe(delivery);
        } catch (RuntimeException e) {
            delivery.cancel(); // rule 2.13: a subscriber that throws is treated as cancelled
            return;
        }
        Thread.ofVirtual().name("terminus-stream-publisher").start(delivery);
    }

    /** The subscription of a second subscriber, which gets an error at once. */
    private enum Refused implements Flow.Subscription {
        INSTANCE;

        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    }

    /** One subscription, and the thread that delivers its events as they are asked for. */
    private static final class Delivery implements Flow.Subscription, Runnable {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition asked = lock.newCondition();
        private final RunStream stream;
        private final RunStream.Buffer buffer;
        private final Flow.Subscriber<? super AgentEvent> subscriber;
        /** Events asked for and not delivered; {@code Long.MAX_VALUE} stands for all of them (rule 3.17). */
        private long demand;
        private boolean cancelled;
        private @Nullable IllegalArgumentException refusal;

        Delivery(RunStream stream, RunStream.Buffer buffer, Flow.Subscriber<? super AgentEvent> subscriber) {
            this.stream = stream;
            this.buffer = buffer;
            this.subscriber = subscriber;
        }

        @Override
        public void request(long n) {
            lock.lock();
            try {
                if (cancelled || refusal != null) {
                    return; // rule 3.6
                }
                if (n > 0) {
                    demand = n > Long.MAX_VALUE - demand ? Long.MAX_VALUE : demand + n;
                    asked.signalAll();
                    return;
                }
                refusal = new IllegalArgumentException(
                        "a subscriber must request at least 1 event (Reactive Streams rule 3.9), requested " + n);
                asked.signalAll();
            } finally {
                lock.unlock();
            }
            // the run is cancelled: the delivering thread, maybe waiting for an event, gets the last one soon
            stream.release();
        }

        @Override
        public void cancel() {
            lock.lock();
            try {
                if (cancelled) {
                    return;
                }
                cancelled = true;
                asked.signalAll();
            } finally {
                lock.unlock();
            }
            stream.release();
        }

        @Override
        public void run() {
            while (true) {
                if (!awaitDemand()) {
                    return;
                }
                AgentEvent event = buffer.takeUninterruptibly();
                if (!goesOn()) {
                    return;
                }
                try {
                    subscriber.onNext(event);
                    if (event instanceof AgentEvent.RunTerminated) {
                        subscriber.onComplete();
                        return;
                    }
                } catch (RuntimeException e) {
                    cancel(); // rule 2.13
                    return;
                }
            }
        }

        /** Waits until an event is asked for and takes it from the demand; false when the subscription has ended. */
        private boolean awaitDemand() {
            lock.lock();
            try {
                while (demand == 0 && !cancelled && refusal == null) {
                    asked.awaitUninterruptibly();
                }
                if (demand != Long.MAX_VALUE && !cancelled && refusal == null) {
                    demand--;
                }
            } finally {
                lock.unlock();
            }
            return goesOn();
        }

        /** Whether the subscription goes on; signals its refusal when a bad request ended it. */
        private boolean goesOn() {
            IllegalArgumentException error;
            lock.lock();
            try {
                if (cancelled) {
                    return false;
                }
                error = refusal;
            } finally {
                lock.unlock();
            }
            if (error != null) {
                subscriber.onError(error);
                return false;
            }
            return true;
        }
    }
}
