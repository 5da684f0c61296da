package dev.terminus.eval.internal;

import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.control.RunClock;
import dev.terminus.eval.AgentFactory;
import dev.terminus.eval.CapacityPolicy;
import dev.terminus.eval.Environment;
import dev.terminus.eval.PipelineFactory;
import dev.terminus.eval.ProgressListener;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.Task;
import dev.terminus.eval.UserSimulatorFactory;
import dev.terminus.eval.spi.AttemptRunner;
import dev.terminus.eval.spi.Evaluator;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A benchmark's settings, checked by its builder.
 *
 * @param tasks the tasks, ids unique
 * @param agents makes each attempt's agent, or null when a pipeline or the runner runs the attempts
 * @param pipelines makes each attempt's pipeline, or null when an agent or the runner runs the attempts
 * @param environment makes each attempt's tools, or null
 * @param users makes each attempt's user, or null
 * @param evaluator judges the runs
 * @param repeats runs per task, at least 1
 * @param concurrency task runs at once, at least 1
 * @param taskTimeout the longest an attempt may take, or null for no limit
 * @param interruptGrace how long a timed-out run may take to hand back its partial result
 * @param retry how an attempt that ended with a retryable termination is retried
 * @param capacityPolicy what to do with capacity stops
 * @param listeners the progress listeners
 * @param json the report's row format
 * @param clock the clock the benchmark reads its time from and waits on
 * @param runner runs the attempts elsewhere instead of the agents, or null
 * @param identity what the benchmark is, recorded beside its report and checked by a resume, or null
 */
public record BenchmarkSpec(List<Task> tasks, @Nullable AgentFactory agents, @Nullable PipelineFactory pipelines,
        @Nullable Environment environment, @Nullable UserSimulatorFactory users, Evaluator evaluator, int repeats, int concurrency,
        @Nullable Duration taskTimeout, Duration interruptGrace, RetryPolicy retry, CapacityPolicy capacityPolicy,
        List<ProgressListener> listeners, ReportJson json, RunClock clock,
        @Nullable AttemptRunner runner, @Nullable String identity) {

    /** @return the number of task runs: tasks times repeats */
    public int runs() {
        return tasks.size() * repeats;
    }
}
