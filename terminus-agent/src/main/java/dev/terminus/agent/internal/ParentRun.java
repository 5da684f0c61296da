package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunControl;
import org.jspecify.annotations.Nullable;

/**
 * What a run lends the agents it calls as tools ({@link SubAgentTool}): its control, which bounds a child's time and
 * stops it when the parent stops; its state, which a child's spending is added to as it is spent and which keeps the
 * child's result; and its budgets, which a child checks before each of its iterations, so a parent's budget ends a
 * child mid-run (SPEC §3: the root's budgets bound the whole tree).
 */
final class ParentRun {
    private final RunState state;
    private final BudgetGuard budgets;
    private final RunControl control;
    private final AgentRun.Mode mode;

    ParentRun(RunState state, BudgetGuard budgets, RunControl control, AgentRun.Mode mode) {
        this.state = state;
        this.budgets = budgets;
        this.control = control;
        this.mode = mode;
    }

    /**
     * Runs a child to its end on the calling thread (the parent's tool call's), bounded by this run, and keeps its
     * result among this run's children.
     *
     * @param toolName the tool that runs the child
     * @param child the child's agent
     * @param task the child's task
     * @return the child's result
     */
    RunResult runChild(String toolName, AgentSpec child, String task) {
        sameClockUnderAnEngine(child);
        int iteration = state.iteration();
        RunControl childControl = control.child(child.clock(), child.config().timeBudget().orElse(null));
        try {
            RunTask.Entry entry = new RunTask.Entry(childControl, 0, run -> run.servingAsChildOf(this).execute(task));
            return kept(toolName, iteration, mode == AgentRun.Mode.ENGINE ? RunTask.runUnder(child, entry)
                    : RunTask.runInline(child, entry));
        } finally {
            childControl.detach();
        }
    }

    /**
     * Resumes a child that paused at a gate of its own with the person's decision, bounded by this run as
     * {@link #runChild} bounds a new one, and keeps its result among this run's children once it ends.
     *
     * @param toolName the tool that runs the child
     * @param child the child's agent
     * @param checkpoint the child's checkpoint
     * @param decision the decision on its gate
     * @return the child's result
     */
    RunResult resumeChild(String toolName, AgentSpec child, Checkpoint checkpoint, GateDecision decision) {
        Resumption.check(child, checkpoint, decision);
        sameClockUnderAnEngine(child);
        int iteration = state.iteration();
        RunControl childControl = control.child(child.clock(), child.config().timeBudget().orElse(null),
                checkpoint.elapsed());
        try {
            RunTask.Entry entry = new RunTask.Entry(childControl, Resumption.elapsedNanos(checkpoint),
                    run -> run.servingAsChildOf(this).resume(checkpoint, decision));
            return kept(toolName, iteration, mode == AgentRun.Mode.ENGINE ? RunTask.runUnder(child, entry)
                    : RunTask.runInline(child, entry));
        } finally {
            childControl.detach();
        }
    }

    /**
     * Under an engine (a workflow) a child must read the engine's clock, as its parent does: a child on another clock
     * would time itself outside the engine.
     */
    private void sameClockUnderAnEngine(AgentSpec child) {
        if (mode == AgentRun.Mode.ENGINE && child.clock() != control.clock()) {
            throw new IllegalStateException("agent \"" + child.config().name() + "\" reads " + child.clock()
                    + ", but the run that calls it runs under an engine on " + control.clock()
                    + ": build the child on the engine's clock");
        }
    }

    /** Keeps a child's result, unless it paused: a paused child's result comes when it is resumed. */
    private RunResult kept(String toolName, int iteration, RunResult result) {
        if (result.checkpoint().isEmpty()) {
            state.tree.addChild(new ChildRun(toolName, iteration, result));
        }
        return result;
    }

    /** @return this run's state, which a child's spending is added to */
    RunState state() {
        return state;
    }

    /**
     * Whether this run's token or cost budget, or an ancestor's, is used up, counting what its children spent. Any
     * thread (a child's): this run's totals are read under its lock.
     *
     * @return the budget used up, with the tree's figures, or null
     */
    @Nullable Termination budgetUsedUp() {
        synchronized (state) {
            return budgets.exhausted(false);
        }
    }
}
