package dev.terminus.pipeline.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Runs attempts where the pipeline's executor says: on the coordinating thread itself, or handed to an executor
 * (virtual threads, the user's {@code ExecutorService}) while the coordinating thread waits. Either way a cancellation
 * interrupts the attempt's thread; an attempt on an executor that does not end within the grace period after that is
 * abandoned and reported {@code Cancelled}, its usage unknown (zero).
 */
final class StageDispatch {
    private final @Nullable Executor executor;
    private final long graceNanos;
    private final Cancellation cancellation;
    private boolean interruptSeen;

    StageDispatch(@Nullable Executor executor, Duration grace, Cancellation cancellation) {
        this.executor = executor;
        this.graceNanos = grace.toNanos();
        this.cancellation = cancellation;
    }

    /** @return whether the coordinating thread was interrupted (the caller's own interrupt, on {@code run}) */
    boolean interruptSeen() {
        return interruptSeen;
    }

    /** Turns an interrupt of the coordinating thread into the pipeline's cancellation, clearing it. */
    void noteInterrupt() {
        if (Thread.interrupted()) {
            interruptSeen = true;
            cancellation.request(Termination.Cancelled.THREAD_INTERRUPT);
        }
    }

    Attempt dispatch(Supplier<Attempt> body) {
        return executor == null ? inline(body) : onExecutor(executor, body);
    }

    private Attempt inline(Supplier<Attempt> body) {
        Thread self = Thread.currentThread();
        Attempt attempt;
        Cancellation.Registration registration = cancellation.onRequest(by -> self.interrupt());
        try {
            attempt = body.get();
        } finally {
            registration.close();
        }
        noteInterrupt();
        return attempt;
    }

    private Attempt onExecutor(Executor executor, Supplier<Attempt> body) {
        StageWorker worker = new StageWorker(body);
        CompletableFuture<Void> cancelled = new CompletableFuture<>();
        Cancellation.Registration registration = cancellation.onRequest(by -> {
            worker.interrupt();
            cancelled.complete(null);
        });
        try {
            try {
                executor.execute(worker);
            } catch (Throwable e) {
                return Attempt.of(Termination.Failed.of(e, ErrorCategory.CONFIGURATION));
            }
            try {
                CompletableFuture.anyOf(worker.done(), cancelled).get();
            } catch (InterruptedException e) {
                interruptSeen = true;
                cancellation.request(Termination.Cancelled.THREAD_INTERRUPT);
            } catch (ExecutionException e) {
                throw new IllegalStateException("an attempt cannot fail exceptionally", e);
            }
            Attempt attempt = worker.done().getNow(null);
            return attempt != null ? attempt : awaitGrace(worker);
        } finally {
            registration.close();
        }
    }

    private Attempt awaitGrace(StageWorker worker) {
        long deadline = System.nanoTime() + graceNanos;
        while (true) {
            try {
                return worker.done().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                interruptSeen = true;
            } catch (TimeoutException e) {
                return Attempt.cancelled(cancellation.termination());
            } catch (ExecutionException e) {
                throw new IllegalStateException("an attempt cannot fail exceptionally", e);
            }
        }
    }
}
