package dev.terminus.converge;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A run started with {@link ConvergenceEngine#start(Context)}: cancel it, or wait for its result. */
public interface ConvergenceHandle {

    /**
     * Asks the run to stop: the agent running is interrupted (and abandoned) and the run ends
     * {@link dev.terminus.Termination.Cancelled} with {@code requestedBy}; the first request wins. Does nothing once
     * the run has ended.
     *
     * @param requestedBy who cancels, reported in the termination; may be null
     */
    void cancel(@Nullable String requestedBy);

    /**
     * @return the result, once the run has ended
     * @throws InterruptedException when the waiting thread is interrupted (the run goes on)
     */
    ConvergenceResult await() throws InterruptedException;

    /**
     * @param timeout how long to wait at most
     * @return the result, or empty when the run has not ended in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    Optional<ConvergenceResult> await(Duration timeout) throws InterruptedException;

    /** @return whether the run has ended */
    boolean isDone();
}
