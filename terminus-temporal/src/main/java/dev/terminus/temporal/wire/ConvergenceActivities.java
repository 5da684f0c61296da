package dev.terminus.temporal.wire;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import org.jspecify.annotations.Nullable;

/**
 * The calls of a convergence run that leave the workflow: an agent's turn. Each is tried once (ADR 0018); an
 * exception the agent throws crosses as a non-retryable {@code ApplicationFailure} that the workflow turns back into
 * the same exception, so the run ends {@code Failed} as it would in one process.
 */
@ActivityInterface(namePrefix = "TerminusConverge")
public interface ConvergenceActivities {

    /**
     * @param turn the engine, the agent, the context and the cycle
     * @return the agent's reply; null when the agent answered null (the run then ends {@code Failed})
     */
    @ActivityMethod
    @Nullable ConvergenceReply propose(ConvergenceTurn turn);
}
