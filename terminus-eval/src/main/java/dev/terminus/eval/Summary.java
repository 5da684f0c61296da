package dev.terminus.eval;

import dev.terminus.Category;
import dev.terminus.agent.Usage;
import dev.terminus.eval.internal.Tally;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The roll-up of a report's rows: pass rate, breakdowns by status, termination case, category and failing
 * component, tokens, cost and duration percentiles. A value: {@link #of(List)} computes it from any rows (those of a
 * {@link Benchmark} run, or read back with {@link ReportReader}), and a renderer (terminal text, HTML) needs nothing
 * else.
 *
 * {@snippet :
 * Summary summary = Summary.of(ReportReader.read(Path.of("report.jsonl")));
 * System.out.printf("%d/%d passed (%.1f%%), p90 %d ms, $%s%n", summary.passed(), summary.evaluated(),
 *         100 * summary.passRate(), summary.durationMs().p90(), summary.costUsd().toPlainString());
 * }
 *
 * <p>The counts always add up: {@code passed + failed == evaluated} and
 * {@code evaluated + excluded + notEvaluated == rows}; {@link #byStatus()} sums to {@code rows} and
 * {@link #byTermination()} to the rows with a termination.
 *
 * @param rows the number of rows
 * @param tasks the number of distinct task ids
 * @param evaluated the rows with an evaluation (status {@code SUCCESS}, not excluded)
 * @param passed the evaluated rows that passed
 * @param failed the evaluated rows that did not pass
 * @param excluded the capacity stops excluded from evaluation
 * @param notEvaluated the rows whose status is not {@code SUCCESS}
 * @param passRate {@code passed / evaluated}; 0 when nothing was evaluated
 * @param meanScore the mean score of the evaluated rows that have one, or null when none has
 * @param tasksPassedEveryRepeat the tasks whose every row passed (pass^k: consistency over repeats)
 * @param tasksPassedAnyRepeat the tasks with at least one row that passed (pass@k)
 * @param byStatus the rows per status, every status in declaration order (zeros included)
 * @param byTermination the rows per termination case ({@code tag()}), the most frequent first, ties by name
 * @param byCategory the rows with a termination per category, every category in declaration order
 * @param errorsByComponent the rows with an error per failing component, every component in declaration order
 * @param usage the tokens of every row
 * @param costUsd the money of every row, in US dollars
 * @param totalDurationMs the sum of the rows' durations (the work done, not the wall time of a parallel run)
 * @param durationMs percentiles of the rows' durations, every row counted
 * @param retries the attempts beyond the first, over every row
 */
public record Summary(int rows, int tasks, int evaluated, int passed, int failed, int excluded, int notEvaluated,
        double passRate, @Nullable Double meanScore, int tasksPassedEveryRepeat, int tasksPassedAnyRepeat,
        Map<Status, Integer> byStatus, Map<String, Integer> byTermination, Map<Category, Integer> byCategory,
        Map<Component, Integer> errorsByComponent, Usage usage, BigDecimal costUsd, long totalDurationMs,
        Percentiles durationMs, int retries) {

    /** Validates that nothing is null and copies the maps, keeping their order. */
    public Summary {
        byStatus = Tally.copy(byStatus, "Summary.byStatus");
        byTermination = Tally.copy(byTermination, "Summary.byTermination");
        byCategory = Tally.copy(byCategory, "Summary.byCategory");
        errorsByComponent = Tally.copy(errorsByComponent, "Summary.errorsByComponent");
        Preconditions.notNull(usage, "Summary.usage");
        Preconditions.nonNegative(costUsd, "Summary.costUsd");
        Preconditions.notNull(durationMs, "Summary.durationMs");
    }

    /**
     * Rolls rows up.
     *
     * @param rows the rows, in any order; may be empty
     * @return their summary
     */
    public static Summary of(List<ReportRow> rows) {
        return Tally.summarize(Preconditions.immutableList(rows, "rows"));
    }

    /**
     * Nearest-rank percentiles of durations: the p-th percentile of n sorted values is the value at rank
     * {@code ceil(p * n / 100)} (from 1), so it is always one of the values; all are 0 when there are none.
     *
     * @param p50 the median
     * @param p90 the 90th percentile
     * @param p99 the 99th percentile
     * @param max the largest value
     */
    public record Percentiles(long p50, long p90, long p99, long max) {

        /** No values. */
        public static final Percentiles NONE = new Percentiles(0, 0, 0, 0);

        /**
         * @param values the values, in any order (the array is not changed)
         * @return their nearest-rank percentiles
         */
        public static Percentiles of(long... values) {
            Preconditions.notNull(values, "values");
            if (values.length == 0) {
                return NONE;
            }
            long[] sorted = values.clone();
            Arrays.sort(sorted);
            return new Percentiles(rank(sorted, 50), rank(sorted, 90), rank(sorted, 99), sorted[sorted.length - 1]);
        }

        private static long rank(long[] sorted, int percent) {
            long n = sorted.length;
            int rank = (int) ((percent * n + 99) / 100); // ceil(percent * n / 100), exact in integers
            return sorted[Math.max(rank, 1) - 1];
        }
    }
}
