package dev.terminus.temporal.internal;

import io.temporal.workflow.Workflow;

/**
 * The changes to what a run's workflow decides, each gated by {@link Workflow#getVersion}, in one place (ADR 0024):
 * a run recorded before a change replays its old decisions, a run started after it makes the new ones, and a
 * running workflow picks the change up where its history has no decision yet. A change is added here with an id that
 * is never reused, its versions only ever grow, and a gate is removed only once no running workflow or kept history
 * can reach the old branch.
 */
final class LoopChanges {
    /**
     * Version 1: a run whose transcript is larger than a payload may be does not continue as new (the server would
     * refuse the new execution's input), and ends {@code Failed} once its history nears a server's limits
     * ({@link FreshExecutions}); before it, every run whose history was full continued as new.
     */
    static final String CARRY_CHECK = "terminus-carry-check";

    /**
     * Version 1: a call whose activity failed with an {@code InterruptedException} (its worker shut down under it, as
     * an activity worker of an older build reported it) is lost with its worker; before it, the workflow read the
     * remote interrupt as an interrupt of the run's own thread and ended the run {@code Cancelled("thread-interrupt")}.
     */
    static final String REMOTE_INTERRUPT = "terminus-remote-interrupt";

    /**
     * Version 1: a run whose worker's recipes turn search attributes on upserts them as it ends and while a gate waits
     * ({@link Findable}); before it, none were upserted.
     */
    static final String SEARCH_ATTRIBUTES = "terminus-search-attributes";

    /**
     * Version 1: a convergence run's turns refer to the context instead of carrying it, heartbeat, and the run
     * continues as new when its history is long and leaves out of its output facts too large for it (ADR 0043);
     * before it, every turn carried the whole context, without a heartbeat timeout, in one execution.
     */
    static final String CONVERGE_LINEAR = "terminus-converge-linear";

    private LoopChanges() {}

    /** @return whether this convergence run records the linear history of ADR 0043 */
    static boolean convergeLinear() {
        return Workflow.getVersion(CONVERGE_LINEAR, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /** @return whether this run checks that its transcript fits before it continues as new */
    static boolean carryCheck() {
        return Workflow.getVersion(CARRY_CHECK, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /** @return whether this run upserts its search attributes (asked only when the worker's recipes want them) */
    static boolean searchAttributes() {
        return Workflow.getVersion(SEARCH_ATTRIBUTES, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /** @return whether a call whose activity was interrupted counts as lost with its worker */
    static boolean remoteInterruptIsLost() {
        return Workflow.getVersion(REMOTE_INTERRUPT, Workflow.DEFAULT_VERSION, 1) >= 1;
    }
}
