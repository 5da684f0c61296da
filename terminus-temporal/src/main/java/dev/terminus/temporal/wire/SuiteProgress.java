package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import java.util.List;

/**
 * Where a suite stands when it goes on in a fresh execution (continue-as-new, ADR 0044): the rows of the task runs
 * earlier executions finished, and where its documents are. The fresh execution's input carries the task runs not
 * started yet, and no document: its children refer to the execution whose input holds them.
 *
 * @param documentsRun the run id of the suite's execution whose input holds the documents
 *     ({@link SuiteInput#documents()})
 * @param digests the documents' digests, in their order there: a run's {@link SuiteInput.Run#document()} indexes them
 * @param finished the rows of the task runs earlier executions ran, in the suite's order
 */
public record SuiteProgress(String documentsRun, List<String> digests, List<SuiteOutput.Row> finished) {
    /** Validates the run and copies the lists. */
    public SuiteProgress {
        Preconditions.notBlank(documentsRun, "SuiteProgress.documentsRun");
        digests = Preconditions.immutableList(digests, "SuiteProgress.digests");
        finished = Preconditions.immutableList(finished, "SuiteProgress.finished");
    }
}
