package dev.terminus.pipeline;

import dev.terminus.Termination;

/**
 * The body of a stage that is not an agent run ({@link Stage#of(String, StageFunction)}): a plain step, such as
 * fetching a document or publishing an answer, that says how it ended with a {@link Termination}. To hand facts to
 * later stages, end with a {@link Termination.Custom} carrying them as properties.
 *
 * <p>An exception thrown here ends the stage {@code Failed} with {@link dev.terminus.ErrorCategory#INTERNAL}; an
 * {@link InterruptedException} (let it propagate) is the pipeline's cancellation. An {@link Error} is not caught: it
 * propagates out of the pipeline's {@code run}.
 */
@FunctionalInterface
public interface StageFunction {

    /**
     * Runs the step.
     *
     * @param context the pipeline's input and the results of the stages before this one
     * @return how the step ended; never null
     * @throws Exception when the step fails
     */
    Termination run(PipelineContext context) throws Exception;
}
