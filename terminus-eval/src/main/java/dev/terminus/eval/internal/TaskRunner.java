package dev.terminus.eval.internal;

import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.eval.Component;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.TaskError;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs one task run to its row: attempts while the termination is retryable and retries remain (each after the retry
 * policy's backoff), each attempt under the per-task timeout on a virtual thread of its own ({@link TimedAttempt}),
 * the usage, cost and time of every attempt summed into the row.
 */
final class TaskRunner {
    private final BenchmarkSpec spec;

    TaskRunner(BenchmarkSpec spec) {
        this.spec = spec;
    }

    /** @return the job's row; never throws */
    ReportRow run(Job job) {
        Usage usage = Usage.ZERO;
        BigDecimal cost = BigDecimal.ZERO;
        long nanos = 0;
        int attempts = 1 + spec.retry().maxRetries();
        RunClock clock = spec.clock();
        try {
            for (int attempt = 1; ; attempt++) {
                long start = clock.nanoTime();
                AttemptResult result = attempt(job, attempt, attempt == attempts);
                nanos += clock.nanoTime() - start;
                RunResult run = result.run();
                if (run != null) {
                    usage = usage.plus(run.usage());
                    cost = cost.add(run.costUsd());
                }
                if (!result.retry() || !backoff(attempt)) {
                    return row(job, result, attempt, usage, cost, nanos);
                }
            }
        } catch (Throwable e) { // a defect of the harness: the row still says so
            return harnessFailure(job, e, usage, cost, nanos);
        }
    }

    private AttemptResult attempt(Job job, int attempt, boolean last) {
        Duration timeout = spec.runner() == null ? spec.taskTimeout() : null; // a runner applies it where it runs
        AttemptBody body = new AttemptBody(spec, job, attempt, last, timeout != null);
        return timeout == null ? body.execute() : TimedAttempt.start(spec, body, timeout).awaitKeepingInterrupt();
    }

    /**
     * Waits the retry policy's backoff on the benchmark's clock before another attempt.
     *
     * @return whether to attempt again: false when the worker was interrupted (the benchmark is stopping)
     */
    private boolean backoff(int retryNumber) {
        try {
            spec.clock().sleep(spec.retry().delayNanos(retryNumber, spec.clock().random()));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static ReportRow row(Job job, AttemptResult result, int attempt, Usage usage, BigDecimal cost,
            long nanos) {
        RunResult run = result.run();
        Termination termination = run == null ? null : run.termination();
        return ReportRow.builder().task(job.task().id()).repeat(job.repeat()).status(result.status())
                .termination(termination).category(termination == null ? null : termination.category())
                .outcome(run == null ? null : run.outcome()).eval(result.eval()).excluded(result.excluded())
                .usage(usage).costUsd(cost).durationMs(TimeUnit.NANOSECONDS.toMillis(nanos))
                .iterations(run == null ? 0 : run.iterations().size()).toolCalls(run == null ? 0 : run.toolCalls())
                .attempt(attempt).error(result.error()).agent(run == null ? null : run.agentName().orElse(null))
                .stoppedByStage(run == null ? null : result.stoppedByStage()).build();
    }

    /**
     * @return a row saying the harness itself failed on this job: no termination, the usage, cost and time known
     */
    static ReportRow harnessFailure(Job job, Throwable e, Usage usage, BigDecimal cost, long nanos) {
        return ReportRow.builder().task(job.task().id()).repeat(job.repeat()).status(Status.UNKNOWN_EXECUTION_ERROR)
                .usage(usage).costUsd(cost).durationMs(TimeUnit.NANOSECONDS.toMillis(nanos))
                .error(TaskError.of(e, Component.HARNESS)).build();
    }
}
