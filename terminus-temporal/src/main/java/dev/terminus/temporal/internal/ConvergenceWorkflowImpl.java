package dev.terminus.temporal.internal;

import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceContinuation;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.ConvergenceStep;
import dev.terminus.converge.Pause;
import dev.terminus.temporal.ConvergenceGate;
import dev.terminus.temporal.ConvergenceMaterials;
import dev.terminus.temporal.ConvergenceRecipes;
import dev.terminus.temporal.ConvergenceRunInput;
import dev.terminus.temporal.ConvergenceRunOutput;
import dev.terminus.temporal.ConvergenceWorkflow;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.wire.FactPage;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One convergence run in one workflow execution, from start to end through every pause. The engine runs in a detached
 * cancellation scope, as an agent's loop does in its workflow: a watcher in the workflow's scope turns the workflow's
 * cancellation into the run's ({@code control.cancel}), whose stop hooks cancel the turn in flight. A pause keeps the
 * run in the workflow: it waits for the {@code answer} update (or the cancellation), then resumes the engine under a
 * new control whose time counts on from the pause's. A cancellation while the run waits resumes it under a control
 * cancelled already, which ends it {@code Cancelled} with the pause's context, no decision applied.
 *
 * <p>A run started since ADR 0043 ({@link LoopChanges#CONVERGE_LINEAR}) keeps its history linear: its turns refer to
 * the context in the execution's {@link ContextLedger} instead of carrying it, and heartbeat; between two cycles, once
 * the history is long, it goes on in a fresh execution from its {@link ConvergenceContinuation}
 * ({@link ConvergenceExecutions}); an output whose facts are too large for a payload refers to them.
 */
public final class ConvergenceWorkflowImpl implements ConvergenceWorkflow {
    /** Room left in a payload for an output's other parts than its facts. */
    private static final int OUTPUT_MARGIN = 16 * 1024;

    private final ConvergenceRecipes recipes;
    /** The run's search attributes: how it ended, the gate it waits at. */
    private final Findable findable;
    private @Nullable ConvergenceRunOutput output;
    /** The control of the run or resume in progress, which a cancellation cancels. */
    private @Nullable RunControl control;
    private boolean cancelled;
    private boolean ended;
    private final GateAnswers<ConvergenceGate> gates = new GateAnswers<>();
    /** The facts this execution's turns refer to (ADR 0043). */
    private final ContextLedger ledger = new ContextLedger();
    /** Where the run stopped between two cycles to go on elsewhere, or null. */
    private @Nullable ConvergenceContinuation suspended;

    /** @param recipes the engines the worker runs */
    public ConvergenceWorkflowImpl(ConvergenceRecipes recipes) {
        this.recipes = recipes;
        this.findable = new Findable(recipes.searchAttributes());
    }

    @Override
    public ConvergenceRunOutput run(ConvergenceRunInput input) {
        WireVersions.check(input.wireVersion(), "the convergence run of engine \"" + input.engineName() + "\"");
        boolean linear = LoopChanges.convergeLinear();
        ActivityCalls calls = new ActivityCalls(recipes.turnTimeout());
        if (linear) {
            calls.turnsHeartbeat();
        }
        ConvergenceEngine engine = engine(input.engineName(), calls, linear ? ledger : null);
        ConvergenceContinuation from = input.continuation();
        Context initial = initial(input);
        CancellationScope workflowScope = CancellationScope.current();
        Async.procedure(() -> watchCancellation(workflowScope));
        ConvergenceExecutions fresh = new ConvergenceExecutions(recipes);
        BooleanSupplier due = () -> linear && !cancelled && fresh.due();
        ConvergenceRunOutput[] result = new ConvergenceRunOutput[1];
        Workflow.newDetachedCancellationScope(() -> {
            ConvergenceStep step = from == null
                    ? under(engine.newControl(), calls, next -> engine.run(initial, next, due))
                    : proceed(engine, from, calls, due);
            while (true) {
                if (step instanceof ConvergenceStep.Suspended(ConvergenceContinuation continuation)) {
                    if (fresh.canCarry(continuation)) {
                        suspended = continuation;
                        return;
                    }
                    if (fresh.nearLimit()) {
                        result[0] = fresh.cannotGoOn(continuation);
                        return;
                    }
                    // too large to carry: the run goes on in this execution until its history nears the limits
                    step = proceed(engine, continuation, calls, due);
                    continue;
                }
                ConvergenceResult last = ((ConvergenceStep.Ended) step).result();
                if (!(last.termination() instanceof Termination.HitlGatePending) || last.pause().isEmpty()) {
                    result[0] = ConvergenceRunOutput.of(last);
                    return;
                }
                Pause pause = last.pause().orElseThrow();
                GateDecision taken = awaitAnswer(pause);
                step = under(engine.newControl(pause), calls, next -> engine.resume(pause, taken, next, due));
            }
        }).run();
        ConvergenceContinuation carried = suspended;
        if (carried != null) {
            // the history is long: the run goes on in a fresh execution of this workflow, from its state
            Workflow.continueAsNew(input.continued(carried));
        }
        ended = true;
        // Temporal closes a workflow whose cancellation was requested as cancelled, without a value, whatever this
        // returns: the output stays readable through the output query
        ConvergenceRunOutput finished = linear ? fitted(result[0]) : result[0];
        findable.ended(finished.termination(), finished.outcome());
        output = finished;
        return finished;
    }

    /** Goes on from where the run stopped between two cycles, under a control whose time counts on from there. */
    private ConvergenceStep proceed(ConvergenceEngine engine, ConvergenceContinuation from, ActivityCalls calls,
            BooleanSupplier due) {
        try {
            return under(engine.newControl(from), calls, next -> engine.proceed(from, next, due));
        } catch (IllegalArgumentException e) {
            // the continuation is of another engine than the one registered under its name now (a deploy changed it)
            throw configuration(e);
        }
    }

    /**
     * The output as it fits in one payload: facts that make it larger than the payload limit are left out, and the
     * output refers to them as the context query serves them.
     */
    private ConvergenceRunOutput fitted(ConvergenceRunOutput whole) {
        if (ContextLedger.bytes(whole.facts()) <= recipes.payloadLimit() - OUTPUT_MARGIN) {
            return whole;
        }
        return whole.omittingFacts(ledger.refer(whole.context()));
    }

    @Override
    public FactPage contextFacts(int from) {
        return ledger.page(from);
    }

    @Override
    public @Nullable ConvergenceRunOutput output() {
        return output;
    }

    @Override
    public @Nullable ConvergenceGate pendingGate() {
        return gates.pending();
    }

    @Override
    public ConvergenceGate answer(GateAnswer answer) {
        validateAnswer(answer);
        return gates.accept(answer);
    }

    @Override
    public void validateAnswer(GateAnswer answer) {
        gates.validate(answer);
        if (answer.verdict() == GateAnswer.Verdict.APPROVE_WITH_ARGUMENTS) {
            throw new IllegalArgumentException("the answer approves gate \"" + answer.gateId() + "\" with arguments,"
                    + " but a convergence run's proposal has no arguments to edit: approve or reject it");
        }
        if (answer.verdict() == GateAnswer.Verdict.ANSWER) {
            throw new IllegalArgumentException("the answer gives gate \"" + answer.gateId() + "\" input, but a"
                    + " convergence run's gate waits for approval of a proposal: approve or reject it");
        }
    }

    /** Runs one stretch of the run (to its end, next pause or suspension) under a control armed with its deadline. */
    private ConvergenceStep under(RunControl next, ActivityCalls calls, Function<RunControl, ConvergenceStep> stretch) {
        control = next;
        calls.control(next);
        if (cancelled) {
            next.cancel(CANCELLED_BY_WORKFLOW);
        }
        RunClock.Scheduled deadline = next.armDeadline();
        try {
            return stretch.apply(next);
        } finally {
            deadline.cancel();
        }
    }

    /** Waits for the answer on a pause; once the workflow is cancelled, a stand-in a cancelled resume ignores. */
    private GateDecision awaitAnswer(Pause pause) {
        findable.waitsAt(pause.gateId());
        GateAnswer given = gates.await(pause.gateId(), ConvergenceGate.of(pause), () -> cancelled,
                () -> cancelled = true);
        findable.answered();
        return given != null ? given.decision() : GateDecision.reject(pause.gateId(), "the workflow was cancelled");
    }

    private void watchCancellation(CancellationScope workflowScope) {
        try {
            Workflow.await(() -> ended || workflowScope.isCancelRequested());
        } catch (CanceledFailure e) {
            // the workflow was cancelled while this watcher waited
        }
        if (!ended) {
            cancelled = true;
            RunControl running = control;
            if (running != null) {
                running.cancel(CANCELLED_BY_WORKFLOW);
            }
        }
    }

    /** The input's context (a continuation's); a workflow failure when two of its facts have one key. */
    private static Context initial(ConvergenceRunInput input) {
        try {
            ConvergenceContinuation from = input.continuation();
            return from == null ? input.context() : from.context();
        } catch (RuntimeException e) {
            throw configuration(e);
        }
    }

    private static ApplicationFailure configuration(RuntimeException e) {
        return ApplicationFailure.newNonRetryableFailureWithCause(String.valueOf(e.getMessage()),
                "terminus.configuration", e);
    }

    /** The engine built by its recipe on proxies and the workflow's clock; a workflow failure when it cannot be. */
    private ConvergenceEngine engine(String name, ActivityCalls calls, @Nullable ContextLedger turnsRefer) {
        try {
            ConvergenceRecipes.Registered registered = recipes.registered(name);
            List<ConvergenceAgent> proxies = new ArrayList<>();
            for (ConvergenceAgent agent : registered.agents()) {
                proxies.add(new ActivityConvergenceAgent(name, agent, calls, turnsRefer));
            }
            WorkflowClock clock = new WorkflowClock();
            ConvergenceEngine engine = registered.recipe().build(new ConvergenceMaterials(proxies, clock));
            if (engine.clock() != clock) {
                throw new IllegalArgumentException("the recipe of convergence engine \"" + name + "\" must build it on"
                        + " the materials' clock (ConvergenceEngine.Builder.clock(materials.clock())), not on "
                        + engine.clock());
            }
            for (ConvergenceAgent agent : engine.agents()) {
                if (!proxies.contains(agent)) {
                    throw new IllegalArgumentException("the recipe of convergence engine \"" + name + "\" must build"
                            + " it on the materials' agents, but agent \"" + agent.name() + "\" is not one of them");
                }
            }
            return engine;
        } catch (RuntimeException e) {
            throw configuration(e);
        }
    }
}
