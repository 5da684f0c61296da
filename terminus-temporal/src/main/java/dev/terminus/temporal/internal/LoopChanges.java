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
     * ({@link FreshExecutions}); before it, every run whose history was full continued as new. Version 2: the check
     * counts the iteration records the input carries beside the transcript, one per iteration; version 1 counted the
     * transcript (and the children) alone, so a compacted run's records could grow past the limit.
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
     * Version 1: the loop of a run whose model streams calls a streaming stand-in ({@code ActivityModel.forLoop}),
     * which plays each answer back as one piece and a cut call's text (it came back from its activity with the
     * failure) as a piece before the failure, so the run keeps that text as a run in one process does: in its
     * transcript, marked incomplete, when the run ends on that call (ADR 0041); before it, the loop called a plain
     * stand-in and kept none. Asked once per agent as the execution builds it, for a streaming model only.
     */
    static final String PARTIAL_TEXT = "terminus-partial-text";

    /** @return whether this run keeps the text of a streamed call cut short */
    static boolean keepsPartialText() {
        return Workflow.getVersion(PARTIAL_TEXT, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /**
     * Version 1: on a worker that reads earlier executions, a run's execution records the messages and records it
     * added as a side effect before it continues as new, and the next execution's input refers to the executions that
     * recorded them and to its defining document ({@link CarriedInputs}, ADR 0042); it continues as new once those
     * messages reach half the payload limit. Before it, the next execution's input carried the whole transcript and
     * the document.
     */
    static final String CARRY_BY_REFERENCE = "terminus-carry-by-reference";

    private LoopChanges() {}

    /** @return whether this run's next execution may refer to what earlier ones recorded */
    static boolean carryByReference() {
        return Workflow.getVersion(CARRY_BY_REFERENCE, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /**
     * @return the carry check's version for this run: {@link Workflow#DEFAULT_VERSION} (none), 1 (the transcript),
     *     or 2 (the transcript and the iteration records)
     */
    static int carryCheckVersion() {
        return Workflow.getVersion(CARRY_CHECK, Workflow.DEFAULT_VERSION, 2);
    }

    /**
     * Version 1: a convergence run's turns refer to the context instead of carrying it, heartbeat, and the run
     * continues as new when its history is long and leaves out of its output facts too large for it (ADR 0043);
     * before it, every turn carried the whole context, without a heartbeat timeout, in one execution.
     */
    static final String CONVERGE_LINEAR = "terminus-converge-linear";

    /** @return whether this convergence run records the linear history of ADR 0043 */
    static boolean convergeLinear() {
        return Workflow.getVersion(CONVERGE_LINEAR, Workflow.DEFAULT_VERSION, 1) >= 1;
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
