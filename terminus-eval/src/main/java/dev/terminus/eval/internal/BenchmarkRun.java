package dev.terminus.eval.internal;

import dev.terminus.eval.EvalReport;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import dev.terminus.eval.spi.AttemptRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Runs a benchmark: its task runs taken in order by {@code concurrency} virtual worker threads, each row handed to
 * the {@link Board} as it finishes.
 */
public final class BenchmarkRun {
    private BenchmarkRun() {}

    /**
     * @param spec the benchmark
     * @param report the report to write, or null for none
     * @param previous a previous report whose rows to keep (those that need no rerun), or null
     * @return every row and their summary
     * @throws IOException when the previous report cannot be read, or the report cannot be written (after the task
     *     runs in flight have finished)
     */
    public static EvalReport run(BenchmarkSpec spec, @Nullable Path report, @Nullable Path previous)
            throws IOException {
        Map<Integer, ReportRow> kept = previous == null ? Map.of() : keptRows(spec, previous);
        List<Job> jobs = jobs(spec, kept);
        if (spec.runner() != null) {
            begin(spec, jobs);
        }
        if (report != null) {
            ReportIdentity.record(spec.identity(), report);
        }
        try (LineFile file = report == null ? null : LineFile.create(report)) {
            Board board = new Board(spec, file);
            for (Map.Entry<Integer, ReportRow> keep : new TreeMap<>(kept).entrySet()) {
                board.keep(keep.getKey(), keep.getValue());
            }
            return execute(spec, jobs, board, kept.size());
        }
    }

    /**
     * Continues a report: keeps its rows, runs the task runs it has no row for, appending their rows (see
     * {@link Resumption} for the rules).
     *
     * @param spec the benchmark
     * @param report the report, which may be missing (then every task run runs)
     * @param notices hears one line per thing dropped from the report
     * @return every row and their summary
     * @throws IOException when the report cannot be read (or a line of it is not a row) or written
     * @throws IllegalArgumentException when another benchmark wrote the report
     */
    public static EvalReport resume(BenchmarkSpec spec, Path report, Consumer<String> notices) throws IOException {
        Resumption resumption = Resumption.read(spec, report);
        List<Job> jobs = jobs(spec, resumption.kept());
        if (spec.runner() != null && !jobs.isEmpty()) {
            begin(spec, jobs);
        }
        try (LineFile file = resumption.open(notices)) {
            Board board = new Board(spec, file);
            for (Map.Entry<Integer, ReportRow> keep : resumption.kept().entrySet()) {
                board.restore(keep.getKey(), keep.getValue());
            }
            return execute(spec, jobs, board, resumption.kept().size());
        }
    }

    /** @return the task runs without a row, in the benchmark's order */
    private static List<Job> jobs(BenchmarkSpec spec, Map<Integer, ReportRow> kept) {
        List<Job> jobs = new ArrayList<>(spec.runs());
        for (int t = 0; t < spec.tasks().size(); t++) {
            for (int repeat = 0; repeat < spec.repeats(); repeat++) {
                int index = t * spec.repeats() + repeat;
                if (!kept.containsKey(index)) {
                    jobs.add(new Job(index, spec.tasks().get(t), repeat));
                }
            }
        }
        return jobs;
    }

    private static EvalReport execute(BenchmarkSpec spec, List<Job> jobs, Board board, int kept) throws IOException {
        board.begin(jobs.size());
        work(spec, jobs, board);
        List<ReportRow> rows = board.rows();
        Summary summary = Summary.of(rows);
        board.end(summary);
        IOException failure = board.writeFailure();
        if (failure != null) {
            throw failure;
        }
        return new EvalReport(rows, summary, kept, rows.size() == spec.runs());
    }

    /** Tells the attempt runner what it will be asked for, before any row is written. */
    private static void begin(BenchmarkSpec spec, List<Job> jobs) {
        List<AttemptRunner.Run> runs = new ArrayList<>(jobs.size());
        for (Job job : jobs) {
            runs.add(new AttemptRunner.Run(job.task(), job.repeat()));
        }
        try {
            spec.runner().begin(new AttemptRunner.Plan(runs, spec.retry(), spec.concurrency(), spec.taskTimeout()));
        } catch (Exception e) {
            throw new IllegalStateException("attemptRunner: cannot begin the " + runs.size() + " task runs: "
                    + e.getMessage(), e);
        }
    }

    private static void work(BenchmarkSpec spec, List<Job> jobs, Board board) {
        TaskRunner runner = new TaskRunner(spec);
        AtomicInteger next = new AtomicInteger();
        Thread[] workers = new Thread[Math.min(spec.concurrency(), jobs.size())];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = Thread.ofVirtual().name("terminus-eval-worker-" + i).start(() -> {
                int at;
                while (!board.stopped() && (at = next.getAndIncrement()) < jobs.size()) {
                    Job job = jobs.get(at);
                    board.started(job);
                    board.finished(job, runner.run(job));
                }
            });
        }
        boolean interrupted = false;
        for (Thread worker : workers) {
            while (true) {
                try {
                    worker.join();
                    break;
                } catch (InterruptedException e) { // the caller stops the benchmark: no new task runs start
                    interrupted = true;
                    board.stop();
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** @return by index in the benchmark's order, the last row of each task run that needs no rerun */
    private static Map<Integer, ReportRow> keptRows(BenchmarkSpec spec, Path previous) throws IOException {
        Map<String, Integer> taskIndex = new HashMap<>();
        for (int t = 0; t < spec.tasks().size(); t++) {
            taskIndex.put(spec.tasks().get(t).id(), t);
        }
        Map<Integer, ReportRow> last = new HashMap<>();
        for (ReportRow row : ReportReader.read(previous, spec.json())) {
            Integer t = taskIndex.get(row.task());
            if (t != null && row.repeat() < spec.repeats()) {
                last.put(t * spec.repeats() + row.repeat(), row);
            }
        }
        last.values().removeIf(ReportRow::needsRerun);
        return last;
    }
}
