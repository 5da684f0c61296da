package dev.terminus.eval;

import dev.terminus.Preconditions;
import java.time.Duration;
import java.util.Optional;

/**
 * How far a benchmark run is, for a progress bar: counts of task runs (one per task and repeat) and what the finished
 * ones said. {@code finished == passed + failed + excluded + errors}.
 *
 * @param total the task runs this benchmark run will make (without the rows a rerun keeps)
 * @param started the task runs started
 * @param finished the task runs finished, their rows written
 * @param passed the finished rows evaluated and passed
 * @param failed the finished rows evaluated and not passed
 * @param excluded the finished rows excluded from evaluation (capacity stops)
 * @param errors the finished rows whose status is not {@code SUCCESS}
 * @param elapsed the time since the benchmark run started
 */
public record Progress(int total, int started, int finished, int passed, int failed, int excluded, int errors,
        Duration elapsed) {

    /** Validates the counts. */
    public Progress {
        Preconditions.nonNegative(total, "Progress.total");
        Preconditions.nonNegative(started, "Progress.started");
        Preconditions.nonNegative(finished, "Progress.finished");
        Preconditions.nonNegative(passed, "Progress.passed");
        Preconditions.nonNegative(failed, "Progress.failed");
        Preconditions.nonNegative(excluded, "Progress.excluded");
        Preconditions.nonNegative(errors, "Progress.errors");
        Preconditions.notNull(elapsed, "Progress.elapsed");
        if (finished > started || started > total || passed + failed + excluded + errors != finished) {
            throw new IllegalArgumentException("Progress counts disagree: total=" + total + ", started=" + started
                    + ", finished=" + finished + ", passed=" + passed + ", failed=" + failed + ", excluded="
                    + excluded + ", errors=" + errors);
        }
    }

    /** @return {@code passed / (passed + failed)} so far; 0 before anything was evaluated */
    public double passRate() {
        int evaluated = passed + failed;
        return evaluated == 0 ? 0.0 : (double) passed / evaluated;
    }

    /** @return the fraction of the task runs finished, in [0, 1]; 1 when there are none */
    public double fractionDone() {
        return total == 0 ? 1.0 : (double) finished / total;
    }

    /**
     * The time left at the pace so far: {@code elapsed * (total - finished) / finished}.
     *
     * @return the estimate; empty before the first task run finished
     */
    public Optional<Duration> eta() {
        if (finished == 0) {
            return Optional.empty();
        }
        long nanos = elapsed.toNanos();
        return Optional.of(Duration.ofNanos(Math.round((double) nanos * (total - finished) / finished)));
    }
}
