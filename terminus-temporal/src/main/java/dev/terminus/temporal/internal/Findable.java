package dev.terminus.temporal.internal;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.temporal.RunSearchAttributes;
import io.temporal.common.SearchAttributeUpdate;
import io.temporal.workflow.Workflow;

/**
 * A workflow's upserts of the {@link RunSearchAttributes}: the run's ending as it ends, the gate it waits at while it
 * waits. They are made only when the worker's recipes turn them on, and only in runs whose history took the
 * {@link LoopChanges#SEARCH_ATTRIBUTES} change, so a history recorded before it replays without them.
 */
final class Findable {
    private final boolean wanted;

    /** @param wanted whether the worker's recipes turn the attributes on (every worker of a task queue alike) */
    Findable(boolean wanted) {
        this.wanted = wanted;
    }

    /**
     * Upserts how the run ended, and unsets the gate.
     *
     * @param termination its termination
     * @param outcome its outcome
     */
    void ended(Termination termination, Outcome outcome) {
        if (on()) {
            Workflow.upsertTypedSearchAttributes(
                    SearchAttributeUpdate.valueSet(RunSearchAttributes.TERMINATION, termination.tag()),
                    SearchAttributeUpdate.valueSet(RunSearchAttributes.CATEGORY, termination.category().name()),
                    SearchAttributeUpdate.valueSet(RunSearchAttributes.OUTCOME, outcome.name()),
                    SearchAttributeUpdate.valueUnset(RunSearchAttributes.GATE));
        }
    }

    /** @param gateId the gate the run now waits at */
    void waitsAt(String gateId) {
        if (on()) {
            Workflow.upsertTypedSearchAttributes(SearchAttributeUpdate.valueSet(RunSearchAttributes.GATE, gateId));
        }
    }

    /** Unsets the gate: it was answered (or the wait was stopped). */
    void answered() {
        if (on()) {
            Workflow.upsertTypedSearchAttributes(SearchAttributeUpdate.valueUnset(RunSearchAttributes.GATE));
        }
    }

    private boolean on() {
        return wanted && LoopChanges.searchAttributes();
    }
}
