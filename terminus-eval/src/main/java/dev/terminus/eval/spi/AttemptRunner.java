package dev.terminus.eval.spi;

import dev.terminus.Preconditions;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.eval.Status;
import dev.terminus.eval.Task;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Runs the agent of an attempt somewhere other than the harness's own threads (on a durable engine's workers, say)
 * and hands back the run's result. The harness grades that result as it grades a local run: the same {@link Status}
 * table, retries, capacity policy, evaluator and row. A benchmark given one makes no agents, environments or users
 * of its own.
 *
 * <p><b>The calls.</b> {@link #begin} once, before any attempt, with every task run the benchmark will ask for (a
 * rerun leaves out the rows it keeps), its retry policy, concurrency and task timeout. Then {@link #run} for attempt
 * 1 of each task run, from up to {@code concurrency} threads at once, and for attempt {@code n + 1} exactly when
 * attempt {@code n}'s run ended with a {@code RETRYABLE} termination and {@code n <= maxRetries}, after the harness
 * waited the retry policy's backoff. A runner that retries on its own side by the same rule therefore runs the same
 * attempts the harness asks for.
 *
 * <p><b>Failures.</b> An exception from {@code run} is the attempt's, as an exception from a local agent's run is:
 * the row says {@code UNKNOWN_EXECUTION_ERROR} with the exception as its error, except a
 * {@link java.util.concurrent.TimeoutException}, which says the attempt passed the task timeout: the row says
 * {@code TASK_TIMEOUT}. The harness does not time attempts of a runner itself: the runner applies the plan's task
 * timeout where the run is.
 */
public interface AttemptRunner {

    /**
     * One task run the benchmark will ask for.
     *
     * @param task the task
     * @param repeat which repeat, from 0
     */
    record Run(Task task, int repeat) {
        /** Validates the components. */
        public Run {
            Preconditions.notNull(task, "Run.task");
            Preconditions.nonNegative(repeat, "Run.repeat");
        }
    }

    /**
     * What a benchmark will ask a runner for.
     *
     * @param runs the task runs, in the benchmark's order (task by task, repeat by repeat)
     * @param retryPolicy when and after which backoff a run ending {@code RETRYABLE} is attempted again
     * @param concurrency how many task runs the harness waits on at once
     * @param taskTimeout the longest one attempt may take, or null for no limit
     */
    record Plan(List<Run> runs, RetryPolicy retryPolicy, int concurrency, @Nullable Duration taskTimeout) {
        /** Validates the components and copies the runs. */
        public Plan {
            runs = Preconditions.immutableList(runs, "Plan.runs");
            Preconditions.notNull(retryPolicy, "Plan.retryPolicy");
            if (concurrency < 1) {
                throw new IllegalArgumentException("Plan.concurrency must be >= 1, was " + concurrency);
            }
        }
    }

    /**
     * Called once before the first attempt; does nothing by default.
     *
     * @param plan every task run the benchmark will ask for, and its settings
     * @throws Exception when the runs cannot begin (the benchmark then fails before any row)
     */
    default void begin(Plan plan) throws Exception {}

    /**
     * Runs one attempt of a task run and waits for it to end.
     *
     * @param task the task
     * @param repeat which repeat, from 0
     * @param attempt which attempt, from 1
     * @return the run's result, whatever its termination
     * @throws java.util.concurrent.TimeoutException when the attempt passed the plan's task timeout
     * @throws Exception when the attempt has no result
     */
    RunResult run(Task task, int repeat, int attempt) throws Exception;

    /**
     * An attempt's run, and the stage that stopped it when the run is a pipeline's.
     *
     * @param run the run's result, a pipeline's as one run
     * @param stoppedByStage the stage whose ending stopped the pipeline before its end, as a row names it; null for
     *     an agent's run or a pipeline that ran to its end
     */
    record Attempt(RunResult run, @Nullable String stoppedByStage) {
        /** Validates the run. */
        public Attempt {
            Preconditions.notNull(run, "Attempt.run");
        }
    }

    /**
     * Runs one attempt as {@link #run} does, telling also the stage that stopped it, for a runner whose attempts run
     * pipelines; the harness calls this. By default, {@link #run} with no stage.
     *
     * @param task the task
     * @param repeat which repeat, from 0
     * @param attempt which attempt, from 1
     * @return the run's result and the stage that stopped it
     * @throws java.util.concurrent.TimeoutException when the attempt passed the plan's task timeout
     * @throws Exception when the attempt has no result
     */
    default Attempt attempt(Task task, int repeat, int attempt) throws Exception {
        return new Attempt(run(task, repeat, attempt), null);
    }
}
