package dev.terminus.agent.control;

import dev.terminus.Preconditions;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.internal.AgentAccess;
import dev.terminus.agent.internal.AgentSpec;
import dev.terminus.agent.internal.Resumption;
import dev.terminus.agent.internal.RunTask;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The entry points of an engine that drives an agent's runs itself (a durable workflow, a scheduler of its own), kept
 * apart from {@link Agent}, whose {@code run}, {@code start} and {@code resume} are what a user calls: a run under a
 * {@link RunControl} the engine cancels and times, and a run the engine suspends between two iterations as a
 * {@link Continuation} and continues in another execution. The runs are the agent's, with its listeners, guards and
 * budgets; only who holds the thread, the time and the stop differs.
 *
 * {@snippet :
 * AgentEngine engine = AgentEngine.of(agent);
 * RunControl control = engine.newControl();
 * RunResult result = engine.run("Summarize the report", control);
 * }
 */
public final class AgentEngine {
    private final AgentSpec spec;

    private AgentEngine(AgentSpec spec) {
        this.spec = spec;
    }

    /**
     * @param agent the agent whose runs the engine drives
     * @return its engine entry points
     */
    public static AgentEngine of(Agent agent) {
        return new AgentEngine(AgentAccess.spec(Preconditions.notNull(agent, "agent")));
    }

    /**
     * The agent, its runs bounded by the tokens an engine that runs it has left to give, as well as by its own token
     * budget: per kind of token, the lower of the two caps (a kind neither caps stays uncapped). A pipeline gives an
     * agent stage what remains of its budget this way, as a run gives an agent it calls what remains of its own. The
     * agent is the same in every other way: its name, model, tools, listeners and other settings.
     *
     * {@snippet :
     * Agent capped = AgentEngine.of(agent).withinTokens(TokenBudget.total(2_000));
     * }
     *
     * @param allowance the most its runs may use
     * @return the agent so bounded
     */
    public Agent withinTokens(TokenBudget allowance) {
        Preconditions.notNull(allowance, "allowance");
        TokenBudget own = spec.config().tokenBudget();
        TokenBudget bounded = new TokenBudget(lower(own.total(), allowance.total()),
                lower(own.input(), allowance.input()), lower(own.output(), allowance.output()));
        AgentSpec within = bounded.equals(own) ? spec
                : spec.withConfig(AgentConfig.from(spec.config()).tokenBudget(bounded).build());
        return AgentAccess.agent(within);
    }

    private static @Nullable Long lower(@Nullable Long a, @Nullable Long b) {
        return a == null ? b : b == null ? a : Long.valueOf(Math.min(a, b));
    }

    /**
     * A control for a run of this agent that an engine of the caller's drives (a durable workflow, a scheduler of its
     * own): on the agent's {@linkplain dev.terminus.agent.AgentBuilder#clock clock}, with its time budget, starting
     * now. The engine arms its deadline (its own timers, or {@link RunControl#armDeadline()}), cancels through it, and
     * hands it to {@link #run(String, RunControl)}.
     *
     * @return a new control
     */
    public RunControl newControl() {
        return RunTask.Entry.control(spec);
    }

    /**
     * As {@link #newControl()}, for the paused run of a checkpoint resumed now: its time so far counts against the
     * budget.
     *
     * @param checkpoint the paused run
     * @return a new control
     */
    public RunControl newControl(Checkpoint checkpoint) {
        return RunTask.Entry.control(spec, Preconditions.notNull(checkpoint, "checkpoint"));
    }

    /**
     * Runs a task on the calling thread under a control the caller's engine drives: the loop starts no thread and
     * interrupts nothing; it reads its time from the control's clock and checks the control before every call, and
     * its calls are stopped by whoever makes them (a workflow engine cancels its activities, or cuts them at the
     * deadline). A call that fails once the run is cancelled or past its deadline ends the run {@code Cancelled} or
     * {@code TimeBudgetExhausted}. Tool calls run one after the other, and a per-tool timeout is the engine's to
     * apply. The result is what {@link Agent#run(String)} gives; it never throws for anything inside the run but an
     * {@code Error}, which passes through untouched: Temporal destroys an evicted workflow's threads with one, and
     * that copy of the run must not end (ADR 0022).
     *
     * {@snippet :
     * // given: AgentEngine engine
     * RunControl control = engine.newControl();
     * RunClock.Scheduled deadline = control.armDeadline(); // or the engine's own timer calling control.expire()
     * try {
     *     result = engine.run("Summarize the report", control);
     * } finally {
     *     deadline.cancel();
     * }
     * }
     *
     * @param task what to do
     * @param control the run's control, from {@link #newControl()}
     * @return the result; never null
     * @throws IllegalArgumentException when the control reads another clock than the agent's
     */
    public RunResult run(String task, RunControl control) {
        Preconditions.notNull(task, "task");
        Preconditions.notNull(control, "control");
        return RunTask.runUnder(spec, RunTask.Entry.task(control, task));
    }

    /**
     * Continues a paused run as {@link Agent#resume(Checkpoint, GateDecision)} does, under a control the caller's
     * engine drives, as {@link #run(String, RunControl)} runs one.
     *
     * @param checkpoint the paused run
     * @param decision the decision, for the checkpoint's gate
     * @param control the run's control, from {@link #newControl(Checkpoint)}
     * @return the result of the continued run
     * @throws IllegalArgumentException as {@link Agent#resume(Checkpoint, GateDecision)}, or when the control reads
     *     another clock than the agent's
     */
    public RunResult resume(Checkpoint checkpoint, GateDecision decision, RunControl control) {
        Preconditions.notNull(checkpoint, "checkpoint");
        Preconditions.notNull(decision, "decision");
        Preconditions.notNull(control, "control");
        AgentSpec holder = spec.holderOf(checkpoint.agentName(), checkpoint.transcript());
        Resumption.check(holder, checkpoint, decision);
        countsTheTimeBefore(control, checkpoint.elapsed(), "newControl(checkpoint)");
        return RunTask.runUnder(holder, RunTask.Entry.resumption(control, checkpoint, decision));
    }

    /**
     * As {@link #newControl()}, for a suspended run continued now: its time so far counts against the budget.
     *
     * @param continuation the suspended run
     * @return a new control
     */
    public RunControl newControl(Continuation continuation) {
        return RunTask.Entry.control(spec, Preconditions.notNull(continuation, "continuation"));
    }

    /**
     * Runs a task as {@link #run(String, RunControl)} does, and stops it between two iterations when the engine asks:
     * {@code suspendWhen} is asked after every iteration, and when it holds the run stops there, without a
     * termination, as a {@link Continuation} that {@link #proceed} goes on from, in this execution or another.
     * Listeners see one run: {@code RunStarted} once, {@code RunTerminated} at its real end.
     *
     * @param task what to do
     * @param control the run's control, from {@link #newControl()}
     * @param suspendWhen whether to stop after the iteration just finished (for instance when the engine's history
     *     has grown past a threshold)
     * @return the run's result, or where it stopped
     * @throws IllegalArgumentException when the control reads another clock than the agent's
     */
    public RunStep run(String task, RunControl control, Predicate<RunContext> suspendWhen) {
        Preconditions.notNull(task, "task");
        Preconditions.notNull(control, "control");
        Preconditions.notNull(suspendWhen, "suspendWhen");
        return RunTask.stepUnder(spec, RunTask.Entry.task(control, task), suspendWhen);
    }

    /**
     * Continues a paused run as {@link #resume(Checkpoint, GateDecision, RunControl)} does, and stops it between two
     * iterations when the engine asks, as {@link #run(String, RunControl, Predicate)} does.
     *
     * @param checkpoint the paused run
     * @param decision the decision, for the checkpoint's gate
     * @param control the run's control, from {@link #newControl(Checkpoint)}
     * @param suspendWhen whether to stop after the iteration just finished
     * @return the run's result, or where it stopped
     * @throws IllegalArgumentException as {@link Agent#resume(Checkpoint, GateDecision)}
     */
    public RunStep resume(Checkpoint checkpoint, GateDecision decision, RunControl control,
            Predicate<RunContext> suspendWhen) {
        Preconditions.notNull(checkpoint, "checkpoint");
        Preconditions.notNull(decision, "decision");
        Preconditions.notNull(control, "control");
        Preconditions.notNull(suspendWhen, "suspendWhen");
        AgentSpec holder = spec.holderOf(checkpoint.agentName(), checkpoint.transcript());
        Resumption.check(holder, checkpoint, decision);
        countsTheTimeBefore(control, checkpoint.elapsed(), "newControl(checkpoint)");
        return RunTask.stepUnder(holder, RunTask.Entry.resumption(control, checkpoint, decision), suspendWhen);
    }

    /**
     * Goes on with a run suspended between two iterations, under a control the caller's engine drives: the run makes
     * the decisions it would have made had it never stopped, and ends as it would have (its guards, budgets and time
     * counting on from the continuation's figures).
     *
     * @param continuation the suspended run, from {@link RunStep.Suspended}
     * @param control the run's control, from {@link #newControl(Continuation)}
     * @param suspendWhen whether to stop again after the iteration just finished
     * @return the run's result, or where it stopped again
     * @throws IllegalArgumentException when the continuation was written by an agent of another name, model or
     *     configuration (the message names which), or the control reads another clock than the agent's
     */
    public RunStep proceed(Continuation continuation, RunControl control, Predicate<RunContext> suspendWhen) {
        Preconditions.notNull(continuation, "continuation");
        Preconditions.notNull(control, "control");
        Preconditions.notNull(suspendWhen, "suspendWhen");
        AgentSpec holder = spec.holderOf(continuation.agentName(), continuation.transcript()); // the run may have been handed over
        Resumption.check(holder, continuation);
        countsTheTimeBefore(control, continuation.elapsed(), "newControl(continuation)");
        return RunTask.stepUnder(holder, RunTask.Entry.continuation(control, continuation), suspendWhen);
    }

    /**
     * Refuses a control that does not count the run's time before its pause: one from {@link #newControl()} would
     * give a resumed run its whole time budget again.
     */
    private static void countsTheTimeBefore(RunControl control, java.time.Duration before, String factory) {
        if (!control.before().equals(before)) {
            throw new IllegalArgumentException("the control counts " + control.before() + " of run time before this"
                    + " part, but the run used " + before + " before it paused: make the control with " + factory);
        }
    }
}
