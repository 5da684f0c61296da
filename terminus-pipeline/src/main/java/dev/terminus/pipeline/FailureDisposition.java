package dev.terminus.pipeline;

/**
 * What a pipeline does after a stage whose outcome is {@link dev.terminus.Outcome#FAILED}.
 */
public enum FailureDisposition {
    /** Stop the pipeline: it ends with the stage's termination, the stages after it do not run. The default. */
    ABORT,
    /**
     * Go on with the next stage: the failure stays in the stage's result, and the pipeline can still complete. A stage
     * that cannot start for want of tokens stops the pipeline whatever its disposition.
     */
    CONTINUE
}
