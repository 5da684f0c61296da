package dev.terminus.eval;

import dev.terminus.Preconditions;
import java.util.List;

/**
 * What a benchmark run returns: every row, in the benchmark's order (task by task, repeat by repeat; the report file
 * has them in the order they finished), and their summary.
 *
 * @param rows the rows, one per task and repeat (fewer when the run was stopped: see {@code complete})
 * @param summary the summary of the rows
 * @param kept how many rows a rerun kept from the previous report (0 for a first run)
 * @param complete whether every task and repeat has its row; false when an interrupt of the caller's thread stopped
 *     the run before its last task runs
 */
public record EvalReport(List<ReportRow> rows, Summary summary, int kept, boolean complete) {

    /** Validates the components and copies the rows. */
    public EvalReport {
        rows = Preconditions.immutableList(rows, "EvalReport.rows");
        Preconditions.notNull(summary, "EvalReport.summary");
        Preconditions.nonNegative(kept, "EvalReport.kept");
    }
}
