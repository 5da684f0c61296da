package dev.terminus.pipeline.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * An attempt handed to an executor: records the thread that runs it so a cancellation can interrupt it, and leaves
 * that thread (perhaps a pooled one) without an interrupt when it is done.
 */
final class StageWorker implements Runnable {
    private final Supplier<Attempt> body;
    private final CompletableFuture<Attempt> done = new CompletableFuture<>();
    private final Object lock = new Object();
    private @Nullable Thread thread;
    private boolean interrupted;

    StageWorker(Supplier<Attempt> body) {
        this.body = body;
    }

    @Override
    public void run() {
        synchronized (lock) {
            thread = Thread.currentThread();
            if (interrupted) {
                thread.interrupt();
            }
        }
        try {
            done.complete(body.get());
        } catch (Throwable e) { // the body catches everything; this guards the pipeline against a defect in it
            done.complete(Attempt.of(Termination.Failed.of(e, ErrorCategory.INTERNAL)));
        } finally {
            synchronized (lock) {
                thread = null;
                Thread.interrupted();
            }
        }
    }

    /** Interrupts the thread running the attempt, now or as soon as one starts it. */
    void interrupt() {
        synchronized (lock) {
            interrupted = true;
            if (thread != null) {
                thread.interrupt();
            }
        }
    }

    /** @return the attempt, once it has ended */
    CompletableFuture<Attempt> done() {
        return done;
    }
}
