package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.agent.ChildRun;
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
        int iteration = state.iteration();
        RunControl childControl = control.child(child.clock(), child.config().timeBudget().orElse(null));
        try {
            RunTask.Entry entry = new RunTask.Entry(childControl, 0, run -> run.servingAsChildOf(this).execute(task));
            RunResult result = mode == AgentRun.Mode.ENGINE ? RunTask.runUnder(child, entry)
                    : RunTask.runInline(child, entry);
            state.addChild(new ChildRun(toolName, iteration, result));
            return result;
        } finally {
            childControl.detach();
        }
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
