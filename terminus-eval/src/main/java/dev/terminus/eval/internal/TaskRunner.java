package dev.terminus.eval.internal;

import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.eval.Component;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.TaskError;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one task run to its row: attempts while the termination is retryable and retries remain, each attempt under
 * the per-task timeout on a virtual thread of its own (abandoned when late), the usage, cost and time of every
 * attempt summed into the row.
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
        int attempts = 1 + spec.retries();
        try {
            for (int attempt = 1; ; attempt++) {
                long start = System.nanoTime();
                AttemptResult result = attempt(job, attempt, attempt == attempts);
                nanos += System.nanoTime() - start;
                RunResult run = result.run();
                if (run != null) {
                    usage = usage.plus(run.usage());
                    cost = cost.add(run.costUsd());
                }
                if (!result.retry()) {
                    return row(job, result, attempt, usage, cost, nanos);
                }
            }
        } catch (Throwable e) { // a defect of the harness: the row still says so
            return harnessFailure(job, e, usage, cost, nanos);
        }
    }

    private AttemptResult attempt(Job job, int attempt, boolean last) {
        Duration timeout = spec.taskTimeout();
        AttemptBody body = new AttemptBody(spec, job, attempt, last, timeout != null);
        if (timeout == null) {
            return body.execute();
        }
        CompletableFuture<AttemptResult> done = new CompletableFuture<>();
        Thread thread = Thread.ofVirtual().name("terminus-eval-attempt").start(() -> {
            AttemptResult result = body.execute();
            if (body.settle()) {
                done.complete(result);
            }
        });
        AttemptResult result = await(done, timeout.toNanos());
        if (result != null) {
            return result;
        }
        if (!body.abandon()) { // it ended just now: its result counts
            return await(done, Long.MAX_VALUE);
        }
        thread.interrupt();
        return body.timedOut(timeout, spec.cancelGrace());
    }

    /** Waits at most {@code nanos}; an interrupt of this worker is kept for later, not acted on. */
    private static AttemptResult await(CompletableFuture<AttemptResult> done, long nanos) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + nanos;
        try {
            while (true) {
                try {
                    long left = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : deadline - System.nanoTime();
                    return done.get(Math.max(left, 0), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (TimeoutException e) {
                    return null;
                } catch (ExecutionException e) {
                    throw new IllegalStateException("an attempt's body threw", e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
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
                .iterations(run == null ? 0 : run.iterationCount()).toolCalls(run == null ? 0 : run.toolCalls())
                .attempt(attempt).error(result.error()).build();
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
