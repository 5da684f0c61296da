package dev.terminus.pipeline;

import dev.terminus.agent.control.Handle;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A pipeline started with {@link Pipeline#start(String)}: cancel it, or wait for its result.
 */
public interface PipelineHandle extends Handle<PipelineResult> {

    /**
     * Asks the pipeline to stop: the running stage ends {@code Cancelled(requestedBy)} (its agent run is cancelled,
     * its thread interrupted), the stages after it do not run, and the pipeline ends {@code Cancelled(requestedBy)}.
     * The first request wins; does nothing once the pipeline has ended.
     *
     * @param requestedBy who cancels, reported in the termination; may be null
     */
    void cancel(@Nullable String requestedBy);

    /**
     * Waits for the pipeline to end. Never throws for an exception that happened inside it.
     *
     * @return the result
     * @throws Error an {@code Error} thrown inside the pipeline, as it was
     * @throws InterruptedException when the waiting thread is interrupted (the pipeline goes on)
     */
    PipelineResult await() throws InterruptedException;

    /**
     * Waits at most {@code timeout} for the pipeline to end.
     *
     * @param timeout how long to wait
     * @return the result, or empty when the pipeline has not ended in time
     * @throws InterruptedException when the waiting thread is interrupted (the pipeline goes on)
     */
    Optional<PipelineResult> await(Duration timeout) throws InterruptedException;

    /** @return whether the pipeline has ended */
    boolean isDone();
}
