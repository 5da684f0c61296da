package dev.terminus.eval;

/**
 * Hears a benchmark run's progress, e.g. to draw a progress bar with an ETA. Calls are serialized (never two at once,
 * so the listener needs no locking) and made on the harness's threads; each must return quickly, as the next row
 * waits for it. {@link #taskFinished} is called after the row was written and flushed to the report. A listener that
 * throws is logged and ignored.
 *
 * {@snippet :
 * ProgressListener bar = new ProgressListener() {
 *     @Override
 *     public void taskFinished(Progress progress, ReportRow row) {
 *         System.out.printf("\r%d/%d  pass %.0f%%  eta %s", progress.finished(), progress.total(),
 *                 100 * progress.passRate(), progress.eta().map(Duration::toSeconds).orElse(0L) + " s");
 *     }
 * };
 * }
 */
public interface ProgressListener {

    /** @param progress nothing started yet; {@code total} task runs to go */
    default void benchmarkStarted(Progress progress) {}

    /**
     * @param progress counts, this task run included in {@code started}
     * @param task the task
     * @param repeat which repeat, from 0
     */
    default void taskStarted(Progress progress, Task task, int repeat) {}

    /**
     * @param progress counts, this row included
     * @param row the row, already in the report
     */
    default void taskFinished(Progress progress, ReportRow row) {}

    /**
     * @param progress the final counts
     * @param summary the summary of every row of the report (kept rows of a rerun included)
     */
    default void benchmarkFinished(Progress progress, Summary summary) {}
}
