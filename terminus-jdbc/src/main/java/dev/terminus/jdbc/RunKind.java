package dev.terminus.jdbc;

/** What kind of run a journal entry records. */
public enum RunKind {
    /** An agent loop's run, or the run of an agent called as a tool (with a parent run). */
    AGENT,
    /** A stage pipeline's run; its stages' last agent runs are its children. */
    PIPELINE,
    /** A convergence engine's run. */
    CONVERGENCE
}
