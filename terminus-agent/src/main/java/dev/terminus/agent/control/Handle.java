package dev.terminus.agent.control;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A run started on a thread of its own: cancel it, or wait for its result. Every engine's handle is one
 * ({@code RunHandle}, {@code PipelineHandle}, {@code ConvergenceHandle}).
 *
 * @param <R> the run's result
 */
public interface Handle<R> {

    /**
     * Asks the run to stop: what it is running is interrupted or cancelled, and it ends {@code Cancelled} with
     * {@code requestedBy}; the first request wins. Does nothing once the run has ended.
     *
     * @param requestedBy who cancels, reported in the termination; may be null
     */
    void cancel(@Nullable String requestedBy);

    /**
     * Asks the run to stop without saying who asks: it ends {@code Cancelled} with no requester, as
     * {@link #cancel(String)} describes.
     */
    default void cancel() {
        cancel(null);
    }

    /**
     * Waits for the run to end. Never throws for an exception inside the run: every such end is a result. An
     * {@code Error} thrown inside the run (a stack overflow, a failed assertion) is no end of the run: the engines do
     * not catch it, and it is thrown here as it was (ADR 0022).
     *
     * @return the result
     * @throws InterruptedException when the waiting thread is interrupted (the run goes on)
     * @throws IllegalStateException only for a defect of the engine itself (its coordinating code threw)
     */
    R await() throws InterruptedException;

    /**
     * Waits at most {@code timeout} (of the run's clock) for the run to end.
     *
     * @param timeout how long to wait
     * @return the result, or empty when the run has not ended in time
     * @throws InterruptedException when the waiting thread is interrupted (the run goes on)
     */
    Optional<R> await(Duration timeout) throws InterruptedException;

    /** @return whether the run has ended */
    boolean isDone();

    /**
     * Waits for a run to end, keeping an interrupt of the waiting thread for later: the run is cancelled with
     * {@link dev.terminus.Termination.Cancelled#THREAD_INTERRUPT} (so it ends soon) and the interrupt restored on return.
     *
     * @param handle the run
     * @param <R> its result
     * @return its result
     */
    static <R> R awaitCancellingOnInterrupt(Handle<R> handle) {
        return awaitUninterruptibly(handle, () -> handle.cancel(dev.terminus.Termination.Cancelled.THREAD_INTERRUPT));
    }

    /**
     * Waits for a run to end whatever interrupts the waiting thread: each interrupt is told to {@code onInterrupt}
     * (which may cancel the run, or do nothing) and the thread's interrupt is restored on return.
     *
     * @param handle the run
     * @param onInterrupt what an interrupt of the waiting thread does
     * @param <R> its result
     * @return its result
     */
    static <R> R awaitUninterruptibly(Handle<R> handle, Runnable onInterrupt) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return handle.await();
                } catch (InterruptedException e) {
                    interrupted = true;
                    onInterrupt.run();
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
