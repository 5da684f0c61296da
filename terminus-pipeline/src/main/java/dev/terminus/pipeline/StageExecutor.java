package dev.terminus.pipeline;

import dev.terminus.Preconditions;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.jspecify.annotations.Nullable;

/**
 * Where a pipeline runs its stages' bodies (the task function, the agent run, the stage function, the completion
 * callback). Stages always run one after another; the executor only decides on which thread. The pipeline's
 * coordination (skip policies, budgets, retries, events) stays on the thread that runs the pipeline.
 *
 * <p>A stage ends the same way on every executor: a body that throws an exception ends {@code Failed} with
 * {@link dev.terminus.ErrorCategory#INTERNAL}, a cancelled one {@code Cancelled}; an {@link Error} of a body reaches
 * the coordinating thread and propagates out of the pipeline's {@code run} from there. On an executor, a cancelled stage
 * whose thread does not answer its interrupt within the pipeline's cancel grace is abandoned, so the pipeline still
 * returns promptly; on the caller's thread it cannot be abandoned. An agent run always runs on its own supervised
 * virtual thread ({@link dev.terminus.agent.Agent#start(String)}), so a hanging model call never holds a stage past its
 * cancellation on any executor.
 */
public final class StageExecutor {
    private static final StageExecutor CALLER_THREAD = new StageExecutor(null, "callerThread");
    private static final StageExecutor VIRTUAL_THREADS = new StageExecutor(
            task -> Thread.ofVirtual().name("terminus-stage").start(task), "virtualThreads");

    private final @Nullable Executor executor;
    private final String description;

    private StageExecutor(@Nullable Executor executor, String description) {
        this.executor = executor;
        this.description = description;
    }

    /** @return stages run on the thread that runs the pipeline (the caller of {@code run}); the default */
    public static StageExecutor callerThread() {
        return CALLER_THREAD;
    }

    /** @return each stage runs on a new virtual thread */
    public static StageExecutor virtualThreads() {
        return VIRTUAL_THREADS;
    }

    /**
     * Stages run on the given executor service, which stays the caller's to shut down. One that refuses a stage
     * (shut down, saturated) ends it {@code Failed} with {@link dev.terminus.ErrorCategory#CONFIGURATION}.
     *
     * @param executorService the executor service
     * @return the executor
     */
    public static StageExecutor of(ExecutorService executorService) {
        Preconditions.notNull(executorService, "executorService");
        return new StageExecutor(executorService, "executorService(" + executorService + ")");
    }

    /** @return the executor to hand bodies to, or null for the coordinating thread */
    @Nullable Executor executor() {
        return executor;
    }

    @Override
    public String toString() {
        return "StageExecutor." + description;
    }
}
