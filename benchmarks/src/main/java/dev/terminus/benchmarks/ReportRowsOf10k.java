package dev.terminus.benchmarks;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Usage;
import dev.terminus.eval.Component;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.TaskError;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The rows of {@link ReportTenThousandRows}: tasks times 4 repeats of varied rows, seeded so every run measures the
 * same report. About 60% pass, 15% give a wrong answer, 7% are capacity stops the policy excluded, 4% time out
 * (Cancelled), 3% are refused by the provider (401), 5% fail with server errors after 1-3 attempts, 3% exhaust their
 * token budget and 3% end in an application's {@code Custom} case; iterations mostly 1-8 with a tail to 80, durations
 * around 1.5 s.
 */
final class ReportRowsOf10k {
    static final int REPEATS = 4;

    private ReportRowsOf10k() {}

    /** @return {@code tasks * 4} rows, the same for the same count */
    static List<ReportRow> rows(int tasks) {
        Random random = new Random(20_260_101);
        List<ReportRow> rows = new ArrayList<>(tasks * REPEATS);
        for (int t = 0; t < tasks; t++) {
            String task = "task-" + t;
            for (int repeat = 0; repeat < REPEATS; repeat++) {
                int iterations = 1 + random.nextInt(random.nextInt(10) == 0 ? 80 : 8);
                long duration = (long) Math.abs(random.nextGaussian() * 900 + 1_500);
                int kind = random.nextInt(100);
                rows.add(kind < 60 ? success(task, repeat, new Termination.NaturalCompletion(),
                                Evaluation.pass("exact match"), iterations, duration)
                        : kind < 75 ? success(task, repeat, new Termination.NaturalCompletion(),
                                Evaluation.fail("expected \"a\", got \"b\""), iterations, duration)
                        : kind < 82 ? excluded(task, repeat, iterations, duration)
                        : kind < 86 ? error(task, repeat, Status.TASK_TIMEOUT, new Termination.Cancelled("task-timeout"),
                                new TaskError("java.util.concurrent.TimeoutException", "passed its timeout",
                                        Component.AGENT), 30_000 + duration, 1)
                        : kind < 89 ? error(task, repeat, Status.AGENT_ERROR,
                                new Termination.ProviderAuthFailed("scripted", 401),
                                new TaskError("ProviderAuthFailed", "the provider answered 401", Component.AGENT),
                                duration / 10, 1)
                        : kind < 94 ? error(task, repeat, Status.AGENT_ERROR, new Termination.Failed(
                                        new ErrorInfo("ServerError", "scripted server_error", ErrorCategory.EXTERNAL),
                                        null),
                                new TaskError("ServerError", "scripted server_error", Component.AGENT), duration,
                                1 + random.nextInt(3))
                        : kind < 97 ? success(task, repeat,
                                new Termination.TokenBudgetExhausted(50_000 + kind, 50_000, TokenKind.TOTAL),
                                Evaluation.fail("no answer"), iterations, duration)
                        : success(task, repeat, new Termination.Custom("quota of tenant " + t % 7,
                                Map.of("tenant", t % 7), Category.CAPACITY), Evaluation.fail("stopped"), iterations,
                                duration));
            }
        }
        return rows;
    }

    private static ReportRow success(String task, int repeat, Termination termination, Evaluation eval,
            int iterations, long durationMs) {
        return ReportRow.builder().task(task).repeat(repeat).status(Status.SUCCESS).termination(termination)
                .category(termination.category()).outcome(termination.defaultOutcome()).eval(eval)
                .usage(Usage.of(10, 5)).costUsd(new BigDecimal("0.000105")).durationMs(durationMs)
                .iterations(iterations).build();
    }

    private static ReportRow excluded(String task, int repeat, int iterations, long durationMs) {
        Termination stop = new Termination.MaxIterationsReached(iterations, iterations);
        return ReportRow.builder().task(task).repeat(repeat).status(Status.SUCCESS).termination(stop)
                .category(stop.category()).outcome(stop.defaultOutcome()).excluded(true).usage(Usage.of(30, 15))
                .costUsd(new BigDecimal("0.000315")).durationMs(durationMs).iterations(iterations)
                .toolCalls(iterations).build();
    }

    private static ReportRow error(String task, int repeat, Status status, Termination termination, TaskError error,
            long durationMs, int attempt) {
        return ReportRow.builder().task(task).repeat(repeat).status(status).termination(termination)
                .category(termination.category()).outcome(termination.defaultOutcome()).durationMs(durationMs)
                .iterations(1).attempt(attempt).error(error).build();
    }
}
