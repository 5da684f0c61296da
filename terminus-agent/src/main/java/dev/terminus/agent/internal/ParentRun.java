package dev.terminus.agent.internal;

import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedCall;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a run lends the agents it calls as tools ({@link SubAgentTool}): its control, which bounds a child's time and
 * stops it when the parent stops; its state, which a child's spending is added to as it is spent and which keeps the
 * child's result; and its budgets, which a child checks before each of its iterations, so a parent's budget ends a
 * child mid-run (SPEC §3: the root's budgets bound the whole tree).
 */
final class ParentRun {
    /** Who cancels a child its parent no longer waits for (a parallel round the parent ended): the parent. */
    static final String PARENT = "parent";

    private final RunState state;
    /** The children running now, each with the future its end completes. */
    private final java.util.Map<RunControl, java.util.concurrent.CompletableFuture<@Nullable Void>> running =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final BudgetGuard budgets;
    private final RunControl control;
    private final AgentRun.Mode mode;

    /** The parent's per-tool timeout, a child's deadline from the call's start; 0 for none. */
    private final long toolTimeoutNanos;
    /** The parent's grace: how long it waits, once stopped, for a child on a thread of its own. */
    private final long graceNanos;

    ParentRun(RunState state, BudgetGuard budgets, RunControl control, AgentRun.Mode mode, long toolTimeoutNanos,
            long graceNanos) {
        this.state = state;
        this.budgets = budgets;
        this.control = control;
        this.mode = mode;
        this.toolTimeoutNanos = toolTimeoutNanos;
        this.graceNanos = graceNanos;
    }

    /**
     * Runs a child to its end on the calling thread (the parent's tool call's), bounded by this run, and keeps its
     * result among this run's children.
     *
     * @param toolName the tool that runs the child
     * @param child the child's agent
     * @param task the child's task
     * @return the child's result
     * @throws Exception how the wait for a child on a thread of its own ended otherwise ({@link #run})
     */
    RunResult runChild(String toolName, AgentSpec child, String task) throws Exception {
        sameClockUnderAnEngine(child);
        Duration own = ownBudget(child, Duration.ZERO);
        boolean endsFirst = endsFirst(own, Duration.ZERO);
        RunControl childControl = control.child(child.clock(), own, Duration.ZERO);
        return run(toolName, child, endsFirst, new RunTask.Entry(childControl, 0,
                run -> run.servingAsChildOf(this).execute(task)));
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
     * @throws Exception how the wait for a child on a thread of its own ended otherwise ({@link #run})
     */
    RunResult resumeChild(String toolName, AgentSpec child, Checkpoint checkpoint, GateDecision decision)
            throws Exception {
        Resumption.check(child, checkpoint, decision);
        sameClockUnderAnEngine(child);
        Duration own = ownBudget(child, checkpoint.elapsed());
        boolean endsFirst = endsFirst(own, checkpoint.elapsed());
        RunControl childControl = control.child(child.clock(), own, checkpoint.elapsed());
        return run(toolName, child, endsFirst, new RunTask.Entry(childControl, Resumption.elapsedNanos(checkpoint),
                run -> run.servingAsChildOf(this).resume(checkpoint, decision)));
    }

    /**
     * Whether a child with this budget of its own has a deadline before this run's: then its deadline is its own, not
     * this run's, which this run's stop brings to the child anyway.
     *
     * @param own the child's own budget, or null for none
     * @param before the time the child used before it paused, which counts in {@code own}
     */
    private boolean endsFirst(@Nullable Duration own, Duration before) {
        if (own == null) {
            return false;
        }
        Duration left = own.minus(before);
        return !control.hasDeadline() || left.compareTo(Duration.ofNanos(Math.max(0, control.remainingNanos()))) < 0;
    }

    /**
     * The child's own time budget: its agent's, and at most the parent's per-tool timeout from this call's start (the
     * child then ends out of time with its own result, kept among the children, instead of being interrupted).
     */
    private @Nullable Duration ownBudget(AgentSpec child, Duration before) {
        Duration own = child.config().timeBudget().orElse(null);
        if (toolTimeoutNanos > 0) {
            Duration call = before.plusNanos(toolTimeoutNanos);
            if (own == null || own.compareTo(call) > 0) {
                own = call;
            }
        }
        return own;
    }

    /**
     * Runs a child under its control, known as running until it ends, and keeps its result. The child runs on this
     * thread, except when this run is on its caller's thread and the child's deadline comes before this run's: the
     * child then runs on a virtual thread of its own while this thread waits, under this run's control and grace, so
     * that its deadline interrupts the child's thread. On the caller's thread the deadline's interrupt and the caller's
     * own (a cancel) would be one flag, which the child clears when it ends, and the caller's cancel would be lost. A
     * child whose deadline is this run's needs no thread: this run's deadline, which stops the child too, comes then.
     *
     * @param endsFirst whether the child's deadline comes before this run's
     * @throws InterruptedException when this thread was interrupted while it waited (the run was told: cancelled)
     * @throws java.util.concurrent.CancellationException when this run stopped and the child did not end within the
     *     grace (it is left, and publishes its own end)
     */
    private RunResult run(String toolName, AgentSpec child, boolean endsFirst, RunTask.Entry entry)
            throws Exception {
        int iteration = state.iteration();
        RunControl childControl = entry.control();
        var ended = new java.util.concurrent.CompletableFuture<@Nullable Void>();
        running.put(childControl, ended);
        try {
            RunResult result;
            if (mode == AgentRun.Mode.ENGINE) {
                result = RunTask.runUnder(child, entry);
            } else if (mode == AgentRun.Mode.CALLER && endsFirst) {
                result = SupervisedCall.of(control, "terminus-child-" + child.config().name()).grace(graceNanos)
                        .call(() -> RunTask.runInline(child, entry));
            } else {
                result = RunTask.runInline(child, entry);
            }
            return kept(toolName, iteration, result);
        } finally {
            childControl.detach();
            running.remove(childControl);
            ended.complete(null);
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

    /**
     * Stops the children still running on calls the parent no longer waits for (a parallel round it ended), the way
     * the parent stopped, or cancelled by {@value #PARENT} when the parent ended by a guard of its own, and waits for
     * their ends on the run's clock, at most {@code graceNanos}: a child that ends within it is kept among this run's
     * children, its spending in this run's, before this run's result is made. The interrupt that stopped this run
     * (its deadline's, often still pending on the thread when a parallel round stops admitting calls) does not cut
     * the wait short; it is kept.
     *
     * @param graceNanos how long to wait for them
     */
    void cutRunningChildren(long graceNanos) {
        if (running.isEmpty()) {
            return;
        }
        List<java.util.concurrent.CompletableFuture<@Nullable Void>> ends = new java.util.ArrayList<>();
        running.forEach((childControl, ended) -> {
            if (!childControl.isStopped()) {
                childControl.cutByParent(PARENT);
            }
            ends.add(ended);
        });
        // a child that does not end within the grace is left: it still publishes its own end
        ClockWaits.awaitThroughInterrupts(control.clock(), java.util.concurrent.CompletableFuture.allOf(
                ends.toArray(java.util.concurrent.CompletableFuture[]::new)), graceNanos);
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
