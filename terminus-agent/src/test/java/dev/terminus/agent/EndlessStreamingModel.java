package dev.terminus.agent;

import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A model whose one answer never ends: a piece of text whenever the run asks for one. It records the thread that
 * reads its stream (the run's), how many pieces it gave, and whether its stream was closed (its connection freed).
 */
final class EndlessStreamingModel implements StreamingModel {
    private final AtomicInteger pieces = new AtomicInteger();
    private final AtomicReference<Thread> reader = new AtomicReference<>();
    private final CountDownLatch closed = new CountDownLatch(1);

    @Override
    public ModelStream stream(ModelRequest request) {
        return new ModelStream() {
            @Override
            public StreamPart next(long timeoutNanos) {
                reader.set(Thread.currentThread());
                return new StreamPart.TextDelta("piece " + pieces.incrementAndGet() + " ");
            }

            @Override
            public void close() {
                closed.countDown();
            }
        };
    }

    /** @return how many pieces the run took */
    int pieces() {
        return pieces.get();
    }

    /** @return whether the stream was closed within five seconds */
    boolean awaitClosed() throws InterruptedException {
        return closed.await(5, TimeUnit.SECONDS);
    }

    /** @return whether the thread that read the stream ended within five seconds */
    boolean readerEnded() throws InterruptedException {
        return reader.get().join(Duration.ofSeconds(5));
    }

    /**
     * Waits until the run, after taking at least {@code taken} pieces, waits for room in its stream's buffer: the
     * reader's thread parked in the buffer. The caller's timeout bounds the wait.
     *
     * @param taken how many pieces it took at least
     */
    void awaitRunWaitingForConsumer(int taken) {
        while (true) {
            Thread thread = reader.get();
            if (thread != null && pieces.get() >= taken && thread.getState() == Thread.State.WAITING
                    && Arrays.stream(thread.getStackTrace()).anyMatch(frame ->
                            frame.getClassName().equals(RunStream.Buffer.class.getName())
                                    && frame.getMethodName().equals("onEvent"))) {
                return;
            }
            LockSupport.parkNanos(100_000); // polls the run's state; the caller's timeout bounds the wait
        }
    }
}
