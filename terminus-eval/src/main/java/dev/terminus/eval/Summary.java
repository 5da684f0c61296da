package dev.terminus.eval;

import dev.terminus.Category;
import dev.terminus.agent.Usage;
import dev.terminus.eval.internal.Tally;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * <p>A value: equal when every field is equal. It is a class with a {@link #builder()} rather than a record so that
 * it can gain measures without breaking callers (see ADR 0016).
 */
public final class Summary {

    private final int rows;
    private final int tasks;
    private final int evaluated;
    private final int passed;
    private final int failed;
    private final int excluded;
    private final int notEvaluated;
    private final double passRate;
    private final @Nullable Double meanScore;
    private final int tasksPassedEveryRepeat;
    private final int tasksPassedAnyRepeat;
    private final Map<Status, Integer> byStatus;
    private final Map<String, Integer> byTermination;
    private final Map<Category, Integer> byCategory;
    private final Map<Component, Integer> errorsByComponent;
    private final Usage usage;
    private final BigDecimal costUsd;
    private final long totalDurationMs;
    private final Percentiles durationMs;
    private final int retries;

    /** Validates that nothing is null and copies the maps, keeping their order. */
    private Summary(Builder b) {
        this.rows = b.rows;
        this.tasks = b.tasks;
        this.evaluated = b.evaluated;
        this.passed = b.passed;
        this.failed = b.failed;
        this.excluded = b.excluded;
        this.notEvaluated = b.notEvaluated;
        this.passRate = b.passRate;
        this.meanScore = b.meanScore;
        this.tasksPassedEveryRepeat = b.tasksPassedEveryRepeat;
        this.tasksPassedAnyRepeat = b.tasksPassedAnyRepeat;
        this.byStatus = Tally.copy(b.byStatus, "Summary.byStatus");
        this.byTermination = Tally.copy(b.byTermination, "Summary.byTermination");
        this.byCategory = Tally.copy(b.byCategory, "Summary.byCategory");
        this.errorsByComponent = Tally.copy(b.errorsByComponent, "Summary.errorsByComponent");
        this.usage = Preconditions.notNull(b.usage, "Summary.usage");
        this.costUsd = Preconditions.nonNegative(b.costUsd, "Summary.costUsd");
        this.totalDurationMs = b.totalDurationMs;
        this.durationMs = Preconditions.notNull(b.durationMs, "Summary.durationMs");
        this.retries = b.retries;
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

    /** @return a builder whose counts, maps, usage, cost and durations start at zero or empty, without a mean score */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this summary's fields, to build a changed copy */
    public Builder toBuilder() {
        return builder().rows(rows).tasks(tasks).evaluated(evaluated).passed(passed).failed(failed).excluded(excluded)
                .notEvaluated(notEvaluated).passRate(passRate).meanScore(meanScore)
                .tasksPassedEveryRepeat(tasksPassedEveryRepeat).tasksPassedAnyRepeat(tasksPassedAnyRepeat)
                .byStatus(byStatus).byTermination(byTermination).byCategory(byCategory)
                .errorsByComponent(errorsByComponent).usage(usage).costUsd(costUsd).totalDurationMs(totalDurationMs)
                .durationMs(durationMs).retries(retries);
    }

    /** @return the number of rows */
    public int rows() {
        return rows;
    }

    /** @return the number of distinct task ids */
    public int tasks() {
        return tasks;
    }

    /** @return the rows with an evaluation (status {@code SUCCESS}, not excluded) */
    public int evaluated() {
        return evaluated;
    }

    /** @return the evaluated rows that passed */
    public int passed() {
        return passed;
    }

    /** @return the evaluated rows that did not pass */
    public int failed() {
        return failed;
    }

    /** @return the capacity stops excluded from evaluation */
    public int excluded() {
        return excluded;
    }

    /** @return the rows whose status is not {@code SUCCESS} */
    public int notEvaluated() {
        return notEvaluated;
    }

    /** @return {@code passed / evaluated}; 0 when nothing was evaluated */
    public double passRate() {
        return passRate;
    }

    /** @return the mean score of the evaluated rows that have one, or null when none has */
    public @Nullable Double meanScore() {
        return meanScore;
    }

    /** @return the tasks whose every row passed (pass^k: consistency over repeats) */
    public int tasksPassedEveryRepeat() {
        return tasksPassedEveryRepeat;
    }

    /** @return the tasks with at least one row that passed (pass@k) */
    public int tasksPassedAnyRepeat() {
        return tasksPassedAnyRepeat;
    }

    /** @return the rows per status, every status in declaration order (zeros included) */
    public Map<Status, Integer> byStatus() {
        return byStatus;
    }

    /** @return the rows per termination case ({@code tag()}), the most frequent first, ties by name */
    public Map<String, Integer> byTermination() {
        return byTermination;
    }

    /** @return the rows with a termination per category, every category in declaration order */
    public Map<Category, Integer> byCategory() {
        return byCategory;
    }

    /** @return the rows with an error per failing component, every component in declaration order */
    public Map<Component, Integer> errorsByComponent() {
        return errorsByComponent;
    }

    /** @return the tokens of every row */
    public Usage usage() {
        return usage;
    }

    /** @return the money of every row, in US dollars */
    public BigDecimal costUsd() {
        return costUsd;
    }

    /** @return the sum of the rows' durations (the work done, not the wall time of a parallel run) */
    public long totalDurationMs() {
        return totalDurationMs;
    }

    /** @return percentiles of the rows' durations, every row counted */
    public Percentiles durationMs() {
        return durationMs;
    }

    /** @return the attempts beyond the first, over every row */
    public int retries() {
        return retries;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof Summary s && rows == s.rows && tasks == s.tasks && evaluated == s.evaluated
                && passed == s.passed && failed == s.failed && excluded == s.excluded
                && notEvaluated == s.notEvaluated && Double.compare(passRate, s.passRate) == 0
                && Objects.equals(meanScore, s.meanScore) && tasksPassedEveryRepeat == s.tasksPassedEveryRepeat
                && tasksPassedAnyRepeat == s.tasksPassedAnyRepeat && byStatus.equals(s.byStatus)
                && byTermination.equals(s.byTermination) && byCategory.equals(s.byCategory)
                && errorsByComponent.equals(s.errorsByComponent) && usage.equals(s.usage) && costUsd.equals(s.costUsd)
                && totalDurationMs == s.totalDurationMs && durationMs.equals(s.durationMs) && retries == s.retries;
    }

    @Override
    public int hashCode() {
        return Objects.hash(rows, tasks, evaluated, passed, failed, excluded, notEvaluated, passRate, meanScore,
                tasksPassedEveryRepeat, tasksPassedAnyRepeat, byStatus, byTermination, byCategory, errorsByComponent,
                usage, costUsd, totalDurationMs, durationMs, retries);
    }

    @Override
    public String toString() {
        return "Summary[rows=" + rows + ", tasks=" + tasks + ", evaluated=" + evaluated + ", passed=" + passed
                + ", failed=" + failed + ", excluded=" + excluded + ", notEvaluated=" + notEvaluated + ", passRate="
                + passRate + ", meanScore=" + meanScore + ", tasksPassedEveryRepeat=" + tasksPassedEveryRepeat
                + ", tasksPassedAnyRepeat=" + tasksPassedAnyRepeat + ", byStatus=" + byStatus + ", byTermination="
                + byTermination + ", byCategory=" + byCategory + ", errorsByComponent=" + errorsByComponent
                + ", usage=" + usage + ", costUsd=" + costUsd + ", totalDurationMs=" + totalDurationMs
                + ", durationMs=" + durationMs + ", retries=" + retries + "]";
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

    /**
     * Builds a {@link Summary}; see {@link Summary#builder()} for where the fields start. {@link #build()} validates,
     * naming the field and the bad value. {@link Summary#of(List)} is the way to compute one from rows.
     */
    public static final class Builder {
        private int rows;
        private int tasks;
        private int evaluated;
        private int passed;
        private int failed;
        private int excluded;
        private int notEvaluated;
        private double passRate;
        private @Nullable Double meanScore;
        private int tasksPassedEveryRepeat;
        private int tasksPassedAnyRepeat;
        private @Nullable Map<Status, Integer> byStatus = Map.of();
        private @Nullable Map<String, Integer> byTermination = Map.of();
        private @Nullable Map<Category, Integer> byCategory = Map.of();
        private @Nullable Map<Component, Integer> errorsByComponent = Map.of();
        private @Nullable Usage usage = Usage.ZERO;
        private @Nullable BigDecimal costUsd = BigDecimal.ZERO;
        private long totalDurationMs;
        private @Nullable Percentiles durationMs = Percentiles.NONE;
        private int retries;

        private Builder() {}


        /** @param rows the number of rows @return this builder */
        public Builder rows(int rows) {
            this.rows = rows;
            return this;
        }

        /** @param tasks the number of distinct task ids @return this builder */
        public Builder tasks(int tasks) {
            this.tasks = tasks;
            return this;
        }

        /** @param evaluated the rows with an evaluation @return this builder */
        public Builder evaluated(int evaluated) {
            this.evaluated = evaluated;
            return this;
        }

        /** @param passed the evaluated rows that passed @return this builder */
        public Builder passed(int passed) {
            this.passed = passed;
            return this;
        }

        /** @param failed the evaluated rows that did not pass @return this builder */
        public Builder failed(int failed) {
            this.failed = failed;
            return this;
        }

        /** @param excluded the capacity stops excluded from evaluation @return this builder */
        public Builder excluded(int excluded) {
            this.excluded = excluded;
            return this;
        }

        /** @param notEvaluated the rows whose status is not {@code SUCCESS} @return this builder */
        public Builder notEvaluated(int notEvaluated) {
            this.notEvaluated = notEvaluated;
            return this;
        }

        /** @param passRate {@code passed / evaluated}, 0 when nothing was evaluated @return this builder */
        public Builder passRate(double passRate) {
            this.passRate = passRate;
            return this;
        }

        /** @param meanScore the mean score of the scored rows, or null when none has @return this builder */
        public Builder meanScore(@Nullable Double meanScore) {
            this.meanScore = meanScore;
            return this;
        }

        /** @param tasksPassedEveryRepeat the tasks whose every row passed @return this builder */
        public Builder tasksPassedEveryRepeat(int tasksPassedEveryRepeat) {
            this.tasksPassedEveryRepeat = tasksPassedEveryRepeat;
            return this;
        }

        /** @param tasksPassedAnyRepeat the tasks with a row that passed @return this builder */
        public Builder tasksPassedAnyRepeat(int tasksPassedAnyRepeat) {
            this.tasksPassedAnyRepeat = tasksPassedAnyRepeat;
            return this;
        }

        /** @param byStatus the rows per status, in the order to show @return this builder */
        public Builder byStatus(Map<Status, Integer> byStatus) {
            this.byStatus = byStatus;
            return this;
        }

        /** @param byTermination the rows per termination case, in the order to show @return this builder */
        public Builder byTermination(Map<String, Integer> byTermination) {
            this.byTermination = byTermination;
            return this;
        }

        /** @param byCategory the rows with a termination per category @return this builder */
        public Builder byCategory(Map<Category, Integer> byCategory) {
            this.byCategory = byCategory;
            return this;
        }

        /** @param errorsByComponent the rows with an error per failing component @return this builder */
        public Builder errorsByComponent(Map<Component, Integer> errorsByComponent) {
            this.errorsByComponent = errorsByComponent;
            return this;
        }

        /** @param usage the tokens of every row @return this builder */
        public Builder usage(Usage usage) {
            this.usage = usage;
            return this;
        }

        /** @param costUsd the money of every row, in US dollars @return this builder */
        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        /** @param totalDurationMs the sum of the rows' durations @return this builder */
        public Builder totalDurationMs(long totalDurationMs) {
            this.totalDurationMs = totalDurationMs;
            return this;
        }

        /** @param durationMs percentiles of the rows' durations @return this builder */
        public Builder durationMs(Percentiles durationMs) {
            this.durationMs = durationMs;
            return this;
        }

        /** @param retries the attempts beyond the first, over every row @return this builder */
        public Builder retries(int retries) {
            this.retries = retries;
            return this;
        }

        /**
         * @return the summary
         * @throws NullPointerException naming a field that is null, a null key or a null count
         * @throws IllegalArgumentException naming a field and its bad value
         */
        public Summary build() {
            return new Summary(this);
        }
    }
}
