package dev.terminus.agent;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A run started with {@link Agent#start(String)}: cancel it, or wait for its result.
 */
public interface RunHandle {

    /**
     * Asks the run to stop: the model call and running tools are interrupted and the run ends {@code Cancelled}.
     * Does nothing once the run has ended.
     *
     * @param requestedBy who cancels, reported in the termination; may be null
     */
    void cancel(@Nullable String requestedBy);

    /**
     * Waits for the run to end. Never throws for anything that happened inside the run.
     *
     * @return the result
     * @throws InterruptedException when the waiting thread is interrupted (the run goes on)
     */
    RunResult await() throws InterruptedException;

    /**
     * Waits at most {@code timeout} for the run to end.
     *
     * @param timeout how long to wait
     * @return the result, or empty when the run has not ended in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    Optional<RunResult> await(Duration timeout) throws InterruptedException;

    /** @return whether the run has ended */
    boolean isDone();
}
