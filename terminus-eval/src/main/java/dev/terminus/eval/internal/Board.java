package dev.terminus.eval.internal;

import dev.terminus.agent.control.RunClock;
import dev.terminus.eval.Component;
import dev.terminus.eval.Progress;
import dev.terminus.eval.ProgressListener;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.Summary;
import dev.terminus.eval.TaskError;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Where finished rows go: the report file (one flushed line each, in the order they finish), the rows in the
 * benchmark's order, the progress counts and the listeners, all under one lock so listeners hear one thing at a
 * time. A row is serialized before the lock is taken.
 */
final class Board {
    private static final System.Logger LOG = System.getLogger(Board.class.getName());

    private final ReportJson json;
    private final @Nullable LineFile file;
    private final List<ProgressListener> listeners;
    private final ReportRow[] slots;
    private final RunClock clock;
    private final long startNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private int total;
    private int started;
    private int finished;
    private int passed;
    private int failed;
    private int excluded;
    private int errors;
    private @Nullable IOException writeFailure;
    private volatile boolean stopped;

    Board(BenchmarkSpec spec, @Nullable LineFile file) {
        this.clock = spec.clock();
        this.startNanos = clock.nanoTime();
        this.json = spec.json();
        this.file = file;
        this.listeners = spec.listeners();
        this.slots = new ReportRow[spec.runs()];
    }

    /** Writes a row kept from a previous report; it is not a task run of this benchmark run. */
    void keep(int index, ReportRow row) throws IOException {
        if (file != null) {
            file.append(json.write(row));
        }
        slots[index] = row;
    }

    /** Takes a row a resumed report already holds: it is not written again. */
    void restore(int index, ReportRow row) {
        slots[index] = row;
    }

    void begin(int total) {
        lock.lock();
        try {
            this.total = total;
            tell(listener -> listener.benchmarkStarted(progress()));
        } finally {
            lock.unlock();
        }
    }

    void started(Job job) {
        lock.lock();
        try {
            started++;
            tell(listener -> listener.taskStarted(progress(), job.task(), job.repeat()));
        } finally {
            lock.unlock();
        }
    }

    void finished(Job job, ReportRow row) {
        String line;
        try {
            line = json.write(row);
        } catch (IllegalArgumentException e) { // a termination the report cannot write
            row = row.toBuilder().status(Status.UNKNOWN_EXECUTION_ERROR).termination(null).category(null).outcome(null)
                    .eval(null).excluded(false).error(TaskError.of(e, Component.HARNESS)).build();
            line = json.write(row);
        }
        ReportRow finishedRow = row;
        lock.lock();
        try {
            if (file != null && writeFailure == null) {
                try {
                    file.append(line);
                } catch (IOException e) {
                    writeFailure = e;
                    stopped = true;
                }
            }
            slots[job.index()] = finishedRow;
            finished++;
            switch (finishedRow.verdict()) {
                case PASSED -> passed++;
                case FAILED -> failed++;
                case EXCLUDED -> excluded++;
                case NOT_EVALUATED -> errors++;
            }
            tell(listener -> listener.taskFinished(progress(), finishedRow));
        } finally {
            lock.unlock();
        }
    }

    void end(Summary summary) {
        lock.lock();
        try {
            tell(listener -> listener.benchmarkFinished(progress(), summary));
        } finally {
            lock.unlock();
        }
    }

    /** Starts no more task runs. */
    void stop() {
        stopped = true;
    }

    boolean stopped() {
        return stopped;
    }

    @Nullable IOException writeFailure() {
        lock.lock();
        try {
            return writeFailure;
        } finally {
            lock.unlock();
        }
    }

    /** @return the rows so far, in the benchmark's order */
    List<ReportRow> rows() {
        lock.lock();
        try {
            List<ReportRow> rows = new ArrayList<>(slots.length);
            for (ReportRow row : slots) {
                if (row != null) {
                    rows.add(row);
                }
            }
            return rows;
        } finally {
            lock.unlock();
        }
    }

    private Progress progress() {
        return new Progress(total, started, finished, passed, failed, excluded, errors,
                Duration.ofNanos(clock.nanoTime() - startNanos));
    }

    private void tell(Consumer<ProgressListener> call) {
        for (ProgressListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (Throwable e) {
                LOG.log(System.Logger.Level.WARNING, "progress listener " + listener + " failed", e);
            }
        }
    }
}
