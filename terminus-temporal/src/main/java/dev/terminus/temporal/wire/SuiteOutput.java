package dev.terminus.temporal.wire;

import dev.terminus.Category;
import dev.terminus.Preconditions;
import dev.terminus.temporal.TemporalSuiteRunner;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link SuiteWorkflow}'s task runs ended, in its input's order. The rows of the report are made on the
 * client from the children's outputs ({@code TemporalSuiteRunner}); this is the workflow's own account.
 *
 * @param rows one per task run
 */
public record SuiteOutput(List<Row> rows) {

    /**
     * How one task run ended.
     *
     * @param task the task's id
     * @param repeat which repeat, from 0
     * @param workflowId the id of the last attempt's child
     * @param attempts how many attempts the task run took, from 1
     * @param reused how many of them were children that an earlier start of the suite had finished, reused
     * @param category the last attempt's termination's category, or null when its child ended without an output
     *     (it failed, timed out or was cancelled or terminated before its run ended)
     */
    public record Row(String task, int repeat, String workflowId, int attempts, int reused,
            @Nullable Category category) {
        /** Validates the components. */
        public Row {
            Preconditions.notBlank(task, "Row.task");
            Preconditions.nonNegative(repeat, "Row.repeat");
            Preconditions.notBlank(workflowId, "Row.workflowId");
            if (attempts < 1) {
                throw new IllegalArgumentException("Row.attempts must be >= 1, was " + attempts);
            }
            if (reused < 0 || reused > attempts) {
                throw new IllegalArgumentException("Row.reused must be in [0, attempts=" + attempts + "], was "
                        + reused);
            }
        }
    }

    /** Validates and copies the rows. */
    public SuiteOutput {
        rows = Preconditions.immutableList(rows, "SuiteOutput.rows");
    }
}
