package dev.terminus.eval.internal;

import dev.terminus.agent.RunResult;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.Status;
import dev.terminus.eval.TaskError;
import org.jspecify.annotations.Nullable;

/**
 * How one attempt of a task run ended.
 *
 * @param status its status
 * @param run the agent's run, when it started (partial after a timeout)
 * @param eval the evaluation, on {@code SUCCESS} without exclusion
 * @param excluded whether it is a capacity stop excluded from evaluation
 * @param error why the status is not {@code SUCCESS}
 * @param retry whether the run's termination is retryable and attempts remain (it was not evaluated)
 * @param stoppedByStage the stage that stopped the attempt's pipeline, or null (an agent's run, or a pipeline that
 *     completed)
 */
record AttemptResult(Status status, @Nullable RunResult run, @Nullable Evaluation eval, boolean excluded,
        @Nullable TaskError error, boolean retry, @Nullable String stoppedByStage) {

    AttemptResult(Status status, @Nullable RunResult run, @Nullable Evaluation eval, boolean excluded,
            @Nullable TaskError error, boolean retry) {
        this(status, run, eval, excluded, error, retry, null);
    }

    static AttemptResult failed(Status status, @Nullable RunResult run, TaskError error) {
        return new AttemptResult(status, run, null, false, error, false);
    }

    /** @return this result naming the stage that stopped its pipeline */
    AttemptResult stoppedBy(@Nullable String stage) {
        return new AttemptResult(status, run, eval, excluded, error, retry, stage);
    }
}
