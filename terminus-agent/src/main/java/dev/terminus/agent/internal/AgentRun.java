package dev.terminus.agent.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.control.CallerDeadline;
import dev.terminus.agent.control.Continuation;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedCall;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * One run of the agent loop. {@link #execute} throws nothing but an {@code Error}: every exception, whoever throws
 * it, ends the run in exactly one {@link RunResult}, published once (the supervisor may publish first when the run
 * hangs past its grace). An {@code Error} (a workflow thread its engine destroys, a stack overflow, a failed
 * assertion) is not caught anywhere in the loop: it leaves the run unpublished and propagates to its caller (ADR 0022).
 *
 * <p>The order of the checks in an iteration is ADR 0007's ({@code docs/adr/0007-order-of-checks.md}), the one place
 * it is written: {@link #iteration} and its steps, {@link ToolRound} and {@link ClaimReview} follow it.
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
    private final ModelCaller modelCaller;
    private final ToolRound toolRound;
    private final Hooks hooks;
    private final BudgetGuard budgets;
    private final @Nullable Integer maxOutputTokens;
    private final ClaimReview claims;
    private final Compactor compactor;
    private final @Nullable Map<String, @Nullable Object> responseSchema;

    /** Whether the calls declared uninterruptible run on threads of their own ({@link SupervisedCall}). */
    private final boolean superviseCalls;
    /** Whether calls may run on threads of their own at all (in parallel, under a per-tool timeout, supervised). */
    private final boolean startsThreads;
    private final long graceNanos;
    private boolean announced;
    private int iterationTranscriptStart;
    private boolean finalizing;
    private final ApprovalPause pause = new ApprovalPause();
    private final RunPublication publication;
    /** When an engine asks the run to stop between two iterations; null when it never does. */
    private @Nullable Predicate<RunContext> suspendWhen;
    private @Nullable Continuation suspended;

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
        this.spec = spec;
        this.config = spec.config();
        this.model = ModelIdentity.of(spec.model());
        this.maxOutputTokens = config.maxOutputTokens().orElse(null);
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
        this.events = new EventDispatcher(spec.listeners(), state);
        state.reportProgressTo(events);
        state.lendModel(spec.model(), events, superviseCalls && !spec.model().interruptible()
                ? SupervisedCall.of(control, "terminus-model-" + model.name()).grace(graceNanos) : null);
        this.progress = new ProgressGuard(config.noProgressThreshold().orElse(0), config.stallThreshold().orElse(0));
        this.modelCaller = new ModelCaller(this, spec.model(), config.retryPolicy(),
                config.streamIdleTimeout().orElse(null));
        this.hooks = Hooks.of(spec.hooks());
        this.toolRound = new ToolRound(this, spec, state);
        RunRules rules = spec.rules();
        this.claims = new ClaimReview(rules, state, config.structuredOutputRepairs());
        this.compactor = new Compactor(this, state, rules.compaction(), model.name());
        this.responseSchema = rules.output() == null ? null : rules.output().schema();
        this.publication = new RunPublication(spec, state, control, events, pause, claims);
    }

    RunControl control() {
        return control;
    }

    /** @param deadline the deadline that interrupts the caller's thread, disarmed before the result is published */
    void disarmBeforeFinish(CallerDeadline deadline) {
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
            end = iterate();
        } catch (Exception e) {
            end = failure(e);
        }
        return end == null ? suspend() : finish(end);
    }

    /**
     * Continues a run suspended between two iterations: restores it, with its progress guard's memory, and goes on
     * iterating. It was announced by its first part: {@code RunStarted} is not published again.
     */
    @Nullable RunResult proceed(Continuation continuation) {
        Termination end;
        try {
            state.restore(continuation);
            finalizing = continuation.finalizing();
            claims.repairsUsed = continuation.repairsUsed();
            progress.restore(continuation.progress());
            announced = true;
            model.check();
            end = iterate(); // its first check is the control's, as at every iteration
        } catch (Exception e) {
            end = failure(e);
        }
        return end == null ? suspend() : finish(end);
    }

    /** @param when whether to stop between two iterations, asked after each */
    void suspendWhen(Predicate<RunContext> when) {
        this.suspendWhen = when;
    }

    /** @return where the run stopped between two iterations, or null when it ended */
    @Nullable Continuation suspended() {
        return suspended;
    }

    /** Stops between two iterations: the run has no result, its state becomes a continuation. */
    private @Nullable RunResult suspend() {
        state.closeIteration();
        suspended = Resumption.continuation(spec, state, clock.nanoTime() - state.startNanos(), claims.repairsUsed,
                finalizing, progress.memory());
        return null;
    }

    /**
     * Continues a paused run on the calling thread: restores it from the checkpoint, carries out the decision on the
     * pending call, runs the rest of that round and goes on iterating.
     */
    @Nullable RunResult resume(Checkpoint checkpoint, GateDecision decision) {
        Termination end;
        try {
            state.restore(checkpoint, clock.nanoTime());
            finalizing = checkpoint.finalizing();
            claims.repairsUsed = checkpoint.repairsUsed();
            pause.resumedFrom(checkpoint);
            iterationTranscriptStart = Resumption.pausedIterationStart(state.liveTranscript());
            begin();
            model.check();
            end = control.interruptionAt(clock.nanoTime());
            if (end != null) {
                // the paused round's calls are answered, as a round the run does not get to is
                toolRound.skip(checkpoint.pendingCall(), end);
                toolRound.skipRest(checkpoint.remainingCalls(), 0, end);
            } else {
                end = toolRound.decide(checkpoint, decision, !finalizing);
                if (end == null && !checkpoint.remainingCalls().isEmpty()) {
                    end = toolRound.execute(checkpoint.remainingCalls(), !finalizing);
                } else if (end != null) {
                    toolRound.skipRest(checkpoint.remainingCalls(), 0, end);
                }
                end = end != null ? settle(end) : endOfIteration();
                if (end == null) {
                    state.endIteration(clock.nanoTime());
                    end = iterate();
                    if (end == null) {
                        return suspend();
                    }
                }
            }
        } catch (Exception e) {
            end = failure(e);
        }
        return finish(end);
    }

    private Termination failure(Exception e) {
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
     * Iterates until the run ends, or until its engine asks it to stop between two iterations (null). The clock is
     * read once per iteration: the time an iteration ends is when the next
     * one starts, and the deadline is compared with it.
     */
    private @Nullable Termination iterate() throws Exception {
        long now = clock.nanoTime();
        while (true) {
            Termination end = iteration(now);
            if (end != null) {
                return end;
            }
            now = clock.nanoTime();
            state.endIteration(now);
            if (suspendWhen != null && suspendWhen.test(state)) {
                return null;
            }
        }
    }

    /** One iteration, starting at {@code now}: returns how the run ends, or null when it goes on. */
    private @Nullable Termination iteration(long now) throws Exception {
        Termination guard = beforeIteration(now);
        if (guard != null) {
            return guard;
        }
        if (!hooks.none()) {
            Termination vetoed = hooks.beforeIteration(state, state.iteration + 1);
            if (vetoed != null) {
                return vetoed;
            }
        }
        openIteration(now);
        if (finalizing) {
            state.append(new Message.User(config.budgetPressureInstruction()));
        }
        Termination compacted = compactor.beforeCall();
        if (compacted != null) {
            return compacted;
        }
        List<ToolSpec> offered = finalizing ? List.of() : spec.toolSpecs();
        ModelRequest request = new ModelRequest(state.liveTranscript(), offered, maxOutputTokens, responseSchema);
        if (!hooks.none()) {
            Termination vetoed = hooks.beforeModel(state, request);
            if (vetoed != null) {
                return vetoed;
            }
        }
        Termination failed = modelCaller.call(request);
        if (failed != null) {
            return failed;
        }
        ModelResponse response = modelCaller.response();
        Termination end = afterModel(response);
        if (end != null) {
            return settle(end);
        }
        if (!response.message().toolCalls().isEmpty()) {
            end = toolRound.execute(response.message().toolCalls(), !finalizing);
            if (end != null) {
                return settle(end);
            }
        }
        return endOfIteration();
    }

    /**
     * A termination the run reached within an iteration, after the review of a completion claim; null when the
     * review sent the model back to work (the iteration then ends and the run goes on). A claim ends its iteration, so
     * the semantic invariants are checked first, as at the end of every other iteration.
     */
    private @Nullable Termination settle(Termination end) {
        if (ClaimReview.isClaim(end) && !spec.rules().invariants().isEmpty()) {
            Termination broken = spec.rules().violated(InvariantClass.SEMANTIC, state);
            if (broken != null) {
                return broken;
            }
        }
        return claims.review(end);
    }

    private @Nullable Termination beforeIteration(long now) {
        Termination interruption = control.interruptionAt(now);
        if (interruption != null) {
            return interruption;
        }
        if (state.iteration >= config.maxIterations()) {
            return new Termination.MaxIterationsReached(config.maxIterations(), state.iteration);
        }
        Termination exhausted = budgets.exhausted(!finalizing);
        if (exhausted != null) {
            return exhausted;
        }
        if (!finalizing && budgets.underPressure()) {
            finalizing = true;
        }
        return null;
    }

    private @Nullable Termination afterModel(ModelResponse response) throws Exception {
        Message.Assistant answer = response.message();
        if (hooks.none()) {
            state.recordModelCall(response.usage(), response.finishReason(), answer);
        } else {
            // the hooks see the call's usage before the answer is in the transcript
            state.recordModelCall(response.usage(), response.finishReason(), null);
            Termination vetoed = hooks.afterModel(state, response);
            state.append(answer);
            if (vetoed != null) {
                return unanswered(answer, vetoed);
            }
        }
        progress.observeText(answer.content());
        Termination broken;
        try {
            broken = spec.rules().invariants().isEmpty() ? null
                    : spec.rules().violated(InvariantClass.STRUCTURAL, state);
        } catch (RuntimeException e) {
            // an invariant that fails, or ends the run with a case it may not, fails it: the calls are still answered
            return unanswered(answer, failure(e));
        }
        if (broken != null) {
            return unanswered(answer, broken);
        }
        FinishReason finish = response.finishReason();
        if (finish == FinishReason.CONTENT_FILTER || finish == FinishReason.REFUSAL) {
            return unanswered(answer, new Termination.AgentRefused(config.name(),
                    finish == FinishReason.CONTENT_FILTER ? "content_filter" : "refusal"));
        }
        if (!answer.toolCalls().isEmpty()) {
            return null;
        }
        if (finish == FinishReason.LENGTH) {
            return new Termination.OutputTruncated(maxOutputTokens);
        }
        if (finalizing) {
            return new Termination.BudgetPressure(config.budgetPressureThreshold().orElse(null));
        }
        if (spec.userSimulator() == null) {
            return new Termination.NaturalCompletion();
        }
        UserTurn turn = spec.userSimulator().respond(state, answer);
        if (turn instanceof UserTurn.Satisfied satisfied) {
            return new Termination.UserSatisfied(satisfied.stopToken());
        }
        state.append(new Message.User(((UserTurn.Reply) turn).text()));
        return null;
    }

    /** Ends the run without running the answer's tool calls, answering each so the transcript stays whole. */
    private Termination unanswered(Message.Assistant answer, Termination end) {
        toolRound.skipRest(answer.toolCalls(), 0, end);
        return end;
    }

    private @Nullable Termination endOfIteration() {
        boolean hadTools = state.iterationToolCalls() > 0 || toolRound.lastTool != null;
        if (finalizing) {
            return new Termination.BudgetPressure(config.budgetPressureThreshold().orElse(null));
        }
        if (!spec.rules().invariants().isEmpty()) {
            Termination broken = spec.rules().violated(InvariantClass.SEMANTIC, state);
            if (broken != null) {
                return broken;
            }
        }
        // the semantic invariants were checked just above: the claims go straight to their review
        if (hadTools && spec.completionCheck() == CompletionCheck.AFTER_TOOL_ROUND && completionHolds()) {
            return claims.review(new Termination.CompletedEarlyAfterToolCall(toolRound.lastTool));
        }
        if (spec.completionCheck() == CompletionCheck.AFTER_ITERATION && completionHolds()) {
            return claims.review(new Termination.Completed());
        }
        if (toolRound.capReached) {
            return new Termination.MaxToolCallsReached(config.maxToolCalls().orElse(0), state.toolCalls);
        }
        ProgressGuard.Verdict verdict = progress.endIteration();
        if (verdict == ProgressGuard.Verdict.NO_PROGRESS) {
            return new Termination.NoProgress(progress.identicalStreak(), state.copyTranscript(iterationTranscriptStart));
        }
        if (verdict == ProgressGuard.Verdict.STALL) {
            return new Termination.StallDetected(config.stallThreshold().orElse(null));
        }
        return null;
    }

    /** Asks the completion predicate; a predicate that throws fails the run. */
    boolean completionHolds() {
        return spec.completion() != null && spec.completion().test(state);
    }

    private void openIteration(long now) {
        state.openIteration(now);
        iterationTranscriptStart = state.transcriptSize();
        toolRound.lastTool = null;
        toolRound.capReached = false;
        progress.beginIteration();
        if (events.active()) {
            events.publish(new AgentEvent.IterationStarted(config.name(), state.iteration));
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
        iterationTranscriptStart = state.transcriptSize();
    }

    void toolStarted(ToolCall call) {
        if (events.streaming()) {
            events.publish(new AgentEvent.ToolStarted(config.name(), state.iteration, call.name(), call.id()));
        }
    }

    void toolEvent(String tool, long nanos, @Nullable String error) {
        if (events.active()) {
            events.publish(new AgentEvent.ToolCalled(config.name(), state.iteration, tool, nanos, error));
        }
    }

    private RunResult finish(Termination end) {
        return publication.finish(end, finalizing);
    }

    /** Ends the run from outside, with what it has, when its thread does not answer an interrupt in time. */
    RunResult abandon() {
        return publication.abandon(finalizing);
    }

    @Nullable RunResult published() {
        return publication.published();
    }
}
