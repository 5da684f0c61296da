package dev.terminus.cli.report;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.eval.Component;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.TaskError;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/** Report rows for tests, one factory per kind of row the harness writes. */
public final class ReportRows {
    private ReportRows() {}

    /** An evaluated run that passed. */
    public static ReportRow passed(String task, int repeat, int iterations, long durationMs) {
        return success(task, repeat, new Termination.NaturalCompletion(), Evaluation.pass("exact match"), iterations,
                durationMs);
    }

    /** An evaluated run that did not pass. */
    public static ReportRow failed(String task, int repeat, int iterations, long durationMs) {
        return success(task, repeat, new Termination.NaturalCompletion(), Evaluation.fail("expected \"a\", got \"b\""),
                iterations, durationMs);
    }

    /** A run that ended {@code SUCCESS} with the given termination and evaluation. */
    public static ReportRow success(String task, int repeat, Termination termination, Evaluation eval, int iterations,
            long durationMs) {
        return ReportRow.builder().task(task).repeat(repeat).status(Status.SUCCESS).termination(termination)
                .category(termination.category()).outcome(termination.defaultOutcome()).eval(eval)
                .usage(Usage.of(10, 5)).costUsd(new BigDecimal("0.000105")).durationMs(durationMs)
                .iterations(iterations).build();
    }

    /** A capacity stop the capacity policy excluded. */
    public static ReportRow excluded(String task, int repeat, int iterations, long durationMs) {
        Termination stop = new Termination.MaxIterationsReached(iterations, iterations);
        return ReportRow.builder().task(task).repeat(repeat).status(Status.SUCCESS).termination(stop)
                .category(stop.category()).outcome(stop.defaultOutcome()).excluded(true).usage(Usage.of(30, 15))
                .costUsd(new BigDecimal("0.000315")).durationMs(durationMs).iterations(iterations)
                .toolCalls(iterations).build();
    }

    /** A run stopped at its task's timeout. */
    public static ReportRow timedOut(String task, int repeat, long durationMs) {
        return error(task, repeat, Status.TASK_TIMEOUT, new Termination.Cancelled("task-timeout"),
                new TaskError("java.util.concurrent.TimeoutException", "passed its timeout", Component.AGENT), 1,
                durationMs, 1);
    }

    /** A run the provider refused (401). */
    public static ReportRow authFailed(String task, int repeat, long durationMs) {
        return error(task, repeat, Status.AGENT_ERROR, new Termination.ProviderAuthFailed("scripted", 401),
                new TaskError("ProviderAuthFailed", "the provider answered 401", Component.AGENT), 1, durationMs, 1);
    }

    /** A run whose server errors outlasted the retries: {@code Failed}, RETRYABLE, on its last attempt. */
    public static ReportRow serverFailed(String task, int repeat, long durationMs, int attempt) {
        Termination failed = new Termination.Failed(
                new ErrorInfo("ServerError", "scripted server_error", ErrorCategory.EXTERNAL), null);
        return error(task, repeat, Status.AGENT_ERROR, failed,
                new TaskError("ServerError", "scripted server_error", Component.AGENT), 1, durationMs, attempt);
    }

    /** A run whose agent could not be made: no termination. */
    public static ReportRow setupFailed(String task, int repeat) {
        return ReportRow.builder().task(task).repeat(repeat).status(Status.SETUP_FAILED).durationMs(1)
                .error(new TaskError("IllegalStateException", "no agent", Component.SETUP)).build();
    }

    /** A row that did not work, with its termination (or none) and error. */
    public static ReportRow error(String task, int repeat, Status status, @Nullable Termination termination,
            TaskError error, int iterations, long durationMs, int attempt) {
        return ReportRow.builder().task(task).repeat(repeat).status(status).termination(termination)
                .category(termination == null ? null : termination.category())
                .outcome(termination == null ? null : termination.defaultOutcome()).durationMs(durationMs)
                .iterations(iterations).attempt(attempt).error(error).build();
    }

    /** A termination case of an application's own whose tag is whatever it says (tags are checked only on the wire). */
    public record OddTermination(String tag, Category category) implements Termination.Extension {}
}
