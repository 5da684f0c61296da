package dev.terminus.agent.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.CallerDeadline;
import dev.terminus.agent.control.Continuation;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedCall;
import java.util.List;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * One run of the agent loop. {@link #execute} throws nothing but an {@code Error}: every exception, whoever throws
 * it, ends the run in exactly one {@link RunResult}, published once (the supervisor may publish first when the run
 * hangs past its grace). An {@code Error} (a workflow thread its engine destroys, a stack overflow, a failed
 * assertion) is not caught anywhere in the loop: it leaves the run unpublished and propagates to its caller (ADR 0022).
 *
 * <p>The iterations themselves, in the order of checks of ADR 0007, are {@link AgentLoop}'s: this class starts a
 * run, continues one from a checkpoint or a continuation, and ends it.
 */
public final class AgentRun {
    private final AgentSpec spec;
    private final AgentConfig config;
    private final ModelIdentity model;
    private final RunState state;
    private final RunControl control;
    private final RunClock clock;
    private final EventDispatcher events;
    private final ProgressGuard progress;
    private final ToolRound toolRound;
    private final AgentLoop loop;
    private final Hooks hooks;
    private final BudgetGuard budgets;
    private final ClaimReview claims;
    private final Compactor compactor;

    /** Whether the calls declared uninterruptible run on threads of their own ({@link SupervisedCall}). */
    private final boolean superviseCalls;
    /** Whether calls may run on threads of their own at all (in parallel, under a per-tool timeout, supervised). */
    private final boolean startsThreads;
    private final long graceNanos;
    private boolean announced;
    private final ApprovalPause pause = new ApprovalPause();
    private final RunPublication publication;
    private @Nullable Continuation suspended;
    private final Mode mode;
    /** What the run's listeners get as its context across handoffs; null when it cannot be handed over. */
    private final @Nullable RunRelay relay;
    /** The handoffs the run made before this agent took it over. */
    private int handoffsUsed;
    /** The run of the agent this one handed the run to, which ends it; null until a handoff. */
    private volatile @Nullable AgentRun handedTo;
    /** The run this one serves as a tool, or null. */
    private @Nullable ParentRun servedParent;
    /** When the engine asks the run to stop between two iterations, passed on to the agent it hands over to. */
    private @Nullable Predicate<RunContext> suspendWhen;
    /** The deadline that interrupts the caller's thread (a run on it), passed on to the agent it hands over to. */
    private @Nullable CallerDeadline callerDeadline;

    /** Where a run's thread comes from, and so what stops it. */
    enum Mode {
        /** On a thread of its own, under a supervisor that may end it from outside with a snapshot of its state. */
        SUPERVISED,
        /** On its caller's thread, which the deadline interrupts; uninterruptible calls run on threads of their own. */
        CALLER,
        /**
         * On its caller's thread under an engine's control (a workflow's): the run starts no thread and interrupts
         * nothing; the engine stops its calls, and the run notices at its next check.
         */
        ENGINE
    }

    /** @param mode where the run's thread comes from */
    AgentRun(AgentSpec spec, RunControl control, long startNanos, Mode mode) {
        this(spec, control, startNanos, mode, null, new RunPublication.Slot());
    }

    /**
     * @param relay the context the run's listeners got from the agent that handed the run over, or null for a run's
     *     first agent
     * @param slot where the run's one result goes, shared with the agent that handed the run over
     */
    private AgentRun(AgentSpec spec, RunControl control, long startNanos, Mode mode, @Nullable RunRelay relay,
            RunPublication.Slot slot) {
        this.spec = spec;
        this.mode = mode;
        this.config = spec.config();
        this.model = ModelIdentity.of(spec.model());
        // calls the model or a tool declares uninterruptible run on threads of their own when the run has a deadline
        // to keep and no supervisor of its own (which returns on time whatever a call does)
        this.superviseCalls = mode == Mode.CALLER && control.hasDeadline();
        this.startsThreads = mode != Mode.ENGINE;
        this.graceNanos = config.interruptGrace().toNanos();
        // the state is shared when another thread may read it while this run writes it: a supervisor's snapshot, or
        // calls running on threads of their own (in parallel, under a per-tool timeout, or supervised one by one)
        boolean shared = mode == Mode.SUPERVISED
                || startsThreads && (config.parallelToolCalls() || config.toolTimeout().isPresent())
                || superviseCalls && spec.hasUninterruptibleCalls();
        this.clock = control.clock();
        this.state = new RunState(config.name(), clock, startNanos, BudgetGuard.pricing(config, model.name()), shared);
        this.budgets = new BudgetGuard(config, state);
        this.control = control;
        // the listeners see one context for the whole run: the agent's state, or a relay when it may be handed over
        if (relay != null) {
            relay.handedTo(state);
        } else if (spec.hasHandoffs() && !spec.listeners().isEmpty()) {
            relay = new RunRelay(state);
        }
        this.relay = relay;
        this.events = new EventDispatcher(spec.listeners(), relay != null ? relay : state);
        state.reportProgressTo(events);
        state.lendModel(spec.model(), events, superviseCalls && !spec.model().interruptible()
                ? SupervisedCall.of(control, "terminus-model-" + model.name()).grace(graceNanos) : null);
        this.progress = new ProgressGuard(config.noProgressThreshold().orElse(0), config.stallThreshold().orElse(0));
        this.hooks = Hooks.of(spec.hooks());
        this.toolRound = new ToolRound(this, spec, state);
        RunRules rules = spec.rules();
        this.claims = new ClaimReview(rules, state, config.structuredOutputRepairs());
        this.compactor = new Compactor(this, state, rules.compaction(), model.name());
        this.loop = new AgentLoop(this, spec, budgets, claims,
                new ModelCaller(this, spec.model(), config.retryPolicy(), config.streamIdleTimeout().orElse(null)));
        this.publication = new RunPublication(slot, spec, state, control, events, pause, claims);
        if (spec.hasAgentTools()) {
            state.tree.asParent = new ParentRun(state, budgets, control, mode,
                    config.toolTimeout().map(java.time.Duration::toNanos).orElse(0L), graceNanos);
        }
    }

    /**
     * Makes this run a child of another (an agent the other calls as a tool), before it starts: what it spends counts
     * in the parent as it is spent, and the parent's budgets bound it.
     *
     * @param parent the run it serves
     * @return this run
     */
    AgentRun servingAsChildOf(ParentRun parent) {
        this.servedParent = parent;
        state.servesAsChildOf(parent.state());
        budgets.serving(parent);
        return this;
    }

    RunControl control() {
        return control;
    }

    /** @param deadline the deadline that interrupts the caller's thread, disarmed before the result is published */
    void disarmBeforeFinish(CallerDeadline deadline) {
        this.callerDeadline = deadline;
        publication.disarmBeforeFinish(deadline);
    }

    /** @return the run's clock, the one place its time is read */
    RunClock clock() {
        return clock;
    }

    /**
     * Whether a call that is declared not to answer interrupts runs on a thread of its own: with a time budget, when
     * the run has no supervisor of its own.
     */
    boolean superviseCalls() {
        return superviseCalls;
    }

    /**
     * Whether calls may run on threads of their own: not under an engine's control, whose calls run where the engine
     * says (one after the other here; their time limits are the engine's to apply).
     */
    boolean startsThreads() {
        return startsThreads;
    }

    /** How long an interrupted call may take to give up, in nanoseconds. */
    long graceNanos() {
        return graceNanos;
    }

    ToolRound toolRound() {
        return toolRound;
    }

    Hooks hooks() {
        return hooks;
    }

    ProgressGuard progress() {
        return progress;
    }

    RunState state() {
        return state;
    }

    /** @return the model's name and provider, read once for the run */
    ModelIdentity model() {
        return model;
    }

    EventDispatcher events() {
        return events;
    }

    Compactor compactor() {
        return compactor;
    }

    /** Runs the task to its end on the calling thread. */
    @Nullable RunResult execute(String task) {
        Termination end;
        try {
            begin();
            model.check();
            config.systemPrompt().ifPresent(prompt -> state.append(new Message.System(prompt)));
            state.append(new Message.User(task));
            end = loop.iterate();
        } catch (Exception e) {
            end = failure(e);
        }
        return end == null ? goOn() : finish(end);
    }

    /**
     * Continues a run suspended between two iterations: restores it, with its progress guard's memory, and goes on
     * iterating. It was announced by its first part: {@code RunStarted} is not published again.
     */
    @Nullable RunResult proceed(Continuation continuation) {
        Termination end;
        try {
            state.restore(continuation);
            handoffsUsed = Handoffs.used(continuation.transcript());
            loop.restore(continuation.finalizing(), state.transcriptSize());
            claims.repairsUsed = continuation.repairsUsed();
            progress.restore(continuation.progress());
            announced = true;
            model.check();
            end = loop.iterate(); // its first check is the control's, as at every iteration
        } catch (Exception e) {
            end = failure(e);
        }
        return end == null ? goOn() : finish(end);
    }

    /** @param when whether to stop between two iterations, asked after each */
    void suspendWhen(Predicate<RunContext> when) {
        this.suspendWhen = when;
        loop.suspendWhen(when);
    }

    /** @return where the run stopped between two iterations, or null when it ended */
    @Nullable Continuation suspended() {
        AgentRun successor = handedTo;
        return successor != null ? successor.suspended() : suspended;
    }

    /** @return the children of the part of the run that was suspended (the agent that held the run then) */
    java.util.List<dev.terminus.agent.ChildRun> suspendedChildren() {
        AgentRun successor = handedTo;
        return successor != null ? successor.suspendedChildren() : state.tree.children();
    }

    /** The loop stopped between two iterations without an end: a handoff, or the engine's suspension. */
    private @Nullable RunResult goOn() {
        HandoffTool handoff = state.tree.handoff;
        if (handoff == null) {
            return suspend();
        }
        state.tree.handoff = null;
        AgentRun successor;
        Continuation continuation;
        try {
            state.closeIteration();
            continuation = Handoffs.continuation(Resumption.continuation(spec, state,
                    clock.nanoTime() - state.startNanos(), claims.repairsUsed, loop.finalizing(), progress.memory()),
                    handoff.target());
            int used = handoffsUsed + 1;
            AgentSpec next = handoff.target().forHandoff(spec.listeners(), used < spec.maxHandoffs())
                    .withMaxHandoffs(spec.maxHandoffs());
            successor = new AgentRun(next, control, state.startNanos(), mode, relay, publication.slot());
            successor.pause.carryOver(pause);
            successor.state.tree.adoptChildren(state.tree.children());
            if (servedParent != null) {
                successor.servingAsChildOf(servedParent);
            }
            if (callerDeadline != null) {
                successor.disarmBeforeFinish(callerDeadline);
            }
        } catch (RuntimeException e) {
            return finish(failure(e));
        }
        if (suspendWhen != null) { // the agent that has the run may be suspended by its engine as this one was
            successor.suspendWhen(suspendWhen);
        }
        handedTo = successor;
        return successor.proceed(continuation);
    }

    /** Stops between two iterations: the run has no result, its state becomes a continuation. */
    private @Nullable RunResult suspend() {
        state.closeIteration();
        suspended = Resumption.continuation(spec, state, clock.nanoTime() - state.startNanos(), claims.repairsUsed,
                loop.finalizing(), progress.memory());
        return null;
    }

    /**
     * Continues a paused run on the calling thread: restores it from the checkpoint (with the children that ended
     * before the pause), carries out the decision on the pending call, runs the rest of that round and goes on
     * iterating.
     */
    @Nullable RunResult resume(Checkpoint checkpoint, GateDecision decision) {
        Termination end;
        try {
            state.restore(checkpoint, clock.nanoTime());
            handoffsUsed = Handoffs.used(checkpoint.transcript());
            loop.restore(checkpoint.finalizing(), Resumption.pausedIterationStart(state.liveTranscript()));
            claims.repairsUsed = checkpoint.repairsUsed();
            pause.resumedFrom(checkpoint);
            // the children that ended before the pause come first in the result, as in a run that never paused
            state.tree.adoptChildren(checkpoint.children());
            begin();
            model.check();
            end = loop.resumeRound(checkpoint, decision);
            if (end == null) {
                return goOn();
            }
        } catch (Exception e) {
            end = failure(e);
        }
        return finish(end);
    }

    Termination failure(Exception e) {
        Termination interruption = interruption(e);
        return interruption != null ? interruption : Termination.Failed.of(e, ErrorCategory.INTERNAL);
    }

    /**
     * Publishes {@code RunStarted}, once. A supervised run announces itself on the caller's thread before its own
     * thread starts, so a listener sees the caller's context there (a tracing listener parents the run's span on it).
     */
    void begin() {
        if (!announced && events.active()) {
            announced = true;
            events.publish(new AgentEvent.RunStarted(config.name(), model.name(), model.provider()));
        }
    }

    /**
     * The termination an exception stands for when the run was cancelled, ran out of time or its thread was
     * interrupted; null when the exception is an ordinary failure.
     */
    @Nullable Termination interruption(Throwable e) {
        // an interrupt nobody stopping the run sent is the caller's: it cancels the run, before the clock is asked
        if (e instanceof InterruptedException || Thread.currentThread().isInterrupted()) {
            control.interruptedWhileWaiting();
        }
        // a call that failed once the deadline had passed failed for want of time, even before the timer said so (an
        // engine's call cut at the deadline, a timer not yet run): the clock is read on this failure path only
        Termination outside = control.hasDeadline() ? control.check() : control.interruption();
        if (outside != null) {
            return outside;
        }
        if (e instanceof InterruptedException || Thread.currentThread().isInterrupted()) {
            return Termination.Cancelled.byThreadInterrupt();
        }
        return null;
    }

    /** Pauses the run at a call that needs a person's approval. */
    Termination.HitlGatePending pauseAt(ToolCall call) {
        return pause.at(call, config.name(), state.iteration, clock);
    }

    /** @return the token or cost budget the run has used up, or null (checked again after a summarizer's call) */
    @Nullable Termination budgetUsedUp() {
        return budgets.exhausted(false);
    }

    /** Pauses the run at a call that asks a person for input. */
    Termination.HitlGatePending askPerson(ToolCall call, dev.terminus.agent.HumanInputRequest request) {
        return pause.asked(call, request, state.humanInputs, config.name(), state.iteration, clock);
    }

    /** Pauses the run at a call whose agent paused at a gate of its own. */
    Termination.HitlGatePending childPaused(ToolCall call, Checkpoint child) {
        return pause.childAt(call, child, state.iteration);
    }

    /** @return whether the run paused at this call because it asked for input */
    boolean pausedAt(ToolCall call) {
        return pause.askedAt(call);
    }

    /** The calls of the paused call's message after it, run when the run resumes. */
    void pausedBefore(List<ToolCall> remaining) {
        pause.before(remaining);
    }

    /** The transcript was compacted: the iteration's messages start at its end. */
    void transcriptReplaced() {
        loop.iterationStartsAt(state.transcriptSize());
    }

    /** Asks the completion predicate; a predicate that throws fails the run. */
    boolean completionHolds() {
        return spec.completion() != null && spec.completion().test(state);
    }

    void toolStarted(ToolCall call) {
        if (events.toolStarts()) {
            events.publish(new AgentEvent.ToolStarted(config.name(), state.iteration, call.name(), call.id()));
        }
    }

    void toolEvent(String tool, long nanos, @Nullable String error) {
        if (events.active()) {
            events.publish(new AgentEvent.ToolCalled(config.name(), state.iteration, tool, nanos, error));
        }
    }

    private RunResult finish(Termination end) {
        return publication.finish(end, loop.finalizing());
    }

    /** Ends the run from outside, with what it has, when its thread does not answer an interrupt in time. */
    RunResult abandon() {
        AgentRun successor = handedTo;
        return successor != null ? successor.abandon()
                : publication.abandon(loop.finalizing(), loop.settleTextInFlight());
    }

    @Nullable RunResult published() {
        AgentRun successor = handedTo;
        return successor != null ? successor.published() : publication.published();
    }
}
