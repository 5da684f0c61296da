package dev.terminus.eval.spi;

import dev.terminus.agent.RunResult;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * An attempt that passed the plan's task timeout, from an {@link AttemptRunner}: its row says {@code TASK_TIMEOUT}, with
 * the partial run when the runner stopped the run and has what it had, as a local attempt's row has.
 *
 * {@snippet :
 * // given: Task task; RunResult run
 * if (run.termination() instanceof Termination.Cancelled(String by) && AttemptTimedOut.REQUESTER.equals(by)) {
 *     throw new AttemptTimedOut("task " + task.id() + " passed its timeout", run);
 * }
 * }
 */
public final class AttemptTimedOut extends TimeoutException {
    /** Who a run stopped at its task timeout is {@code Cancelled} by, here and in a local attempt. */
    public static final String REQUESTER = "task-timeout";

    private static final long serialVersionUID = 1L;

    private final transient @Nullable RunResult partial;
    private final @Nullable String stoppedByStage;

    /**
     * @param message what passed its timeout
     * @param partial the run as it was stopped, or null when there is none
     */
    public AttemptTimedOut(String message, @Nullable RunResult partial) {
        this(message, partial, null);
    }

    /**
     * @param message what passed its timeout
     * @param partial the run as it was stopped, or null when there is none; a pipeline's as one run
     * @param stoppedByStage the stage whose stopped run ended the pipeline, as a row names it; null for an agent's run
     */
    public AttemptTimedOut(String message, @Nullable RunResult partial, @Nullable String stoppedByStage) {
        super(message);
        this.partial = partial;
        this.stoppedByStage = stoppedByStage;
    }

    /** @return the stage whose stopped run ended the attempt's pipeline, or null */
    public @Nullable String stoppedByStage() {
        return stoppedByStage;
    }

    /** @return the run as it was stopped, or null when there is none */
    public @Nullable RunResult partial() {
        return partial;
    }
}
