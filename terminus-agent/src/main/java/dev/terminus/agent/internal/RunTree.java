package dev.terminus.agent.internal;

import dev.terminus.agent.ChildRun;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A run's place in a tree of agents (ADR 0030): the children it called as tools and their results, a handoff asked
 * for by the current round, and the paused child a resumed call continues.
 */
final class RunTree {
    /** The agent a call of the current round handed the run to; read by the run's thread after the round. */
    volatile @Nullable HandoffTool handoff;
    /** The paused child the call made again on a resume continues, with the decision; else null. */
    volatile @Nullable ChildResumption childResumption;
    /** What this run's agent tools need of it; null when the agent has none. */
    @Nullable ParentRun asParent;
    /** The runs of agents this run called as tools, in the order they ended; guarded by this. */
    private @Nullable List<ChildRun> children;

    /** Keeps the result of an agent this run called as a tool. Any thread. */
    synchronized void addChild(ChildRun child) {
        if (children == null) {
            children = new ArrayList<>(2);
        }
        children.add(child);
    }

    /** @param earlier the children of the run's earlier agents (before a handoff) */
    synchronized void adoptChildren(List<ChildRun> earlier) {
        if (!earlier.isEmpty()) {
            children = new ArrayList<>(earlier);
        }
    }

    /** @return the children's runs so far */
    synchronized List<ChildRun> children() {
        return children == null ? List.of() : List.copyOf(children);
    }
}
