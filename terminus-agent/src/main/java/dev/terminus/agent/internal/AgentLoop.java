package dev.terminus.agent.internal;

import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The loop of a run: its iterations, each in the order of checks of ADR 0007
 * ({@code docs/adr/0007-order-of-checks.md}), the one place that order is written. {@link #iteration} and its steps
 * here, {@link ToolRound} and {@link ClaimReview} follow it; {@link AgentRun} starts, resumes and ends the run around
 * it. A streamed answer is read inside the model call's step ({@link ModelCaller}, {@link StreamedAnswer}): streaming
 * adds no second loop.
 */
final class AgentLoop {
    private final AgentRun run;
    private final AgentSpec spec;
    private final AgentConfig config;
    private final RunState state;
    private final RunControl control;
    private final RunClock clock;
    private final Hooks hooks;
    private final ProgressGuard progress;
    private final BudgetGuard budgets;
    private final ClaimReview claims;
    private final Compactor compactor;
    private final ModelCaller modelCaller;
    private final ToolRound toolRound;
    private final @Nullable Integer maxOutputTokens;
    private final @Nullable Map<String, @Nullable Object> responseSchema;
    /** When an engine asks the run to stop between two iterations; null when it never does. */
    private @Nullable Predicate<RunContext> suspendWhen;
    private int iterationTranscriptStart;
    private boolean finalizing;

    AgentLoop(AgentRun run, AgentSpec spec, BudgetGuard budgets, ClaimReview claims, ModelCaller modelCaller) {
        this.run = run;
        this.spec = spec;
        this.config = spec.config();
        this.state = run.state();
        this.control = run.control();
        this.clock = run.clock();
        this.hooks = run.hooks();
        this.progress = run.progress();
        this.budgets = budgets;
        this.claims = claims;
        this.compactor = run.compactor();
        this.modelCaller = modelCaller;
        this.toolRound = run.toolRound();
        this.maxOutputTokens = config.maxOutputTokens().orElse(null);
        RunRules rules = spec.rules();
        this.responseSchema = rules.output() == null ? null : rules.output().schema();
    }

    /** @return whether the run is in its finalization iteration (budget pressure): no tools are offered */
    boolean finalizing() {
        return finalizing;
    }

    /**
     * Restores the loop of a run continued from a checkpoint or a continuation.
     *
     * @param finalizing whether it was finalizing
     * @param iterationStart where the current iteration's messages start in the transcript
     */
    void restore(boolean finalizing, int iterationStart) {
        this.finalizing = finalizing;
        this.iterationTranscriptStart = iterationStart;
    }

    /** @param start where the current iteration's messages start (the transcript was compacted) */
    void iterationStartsAt(int start) {
        this.iterationTranscriptStart = start;
    }

    /** @return the text of a streamed model call under way, settled for a result made from outside; or null */
    @Nullable String settleTextInFlight() {
        return modelCaller.settleInFlight();
    }

    /** @param when whether to stop between two iterations, asked after each */
    void suspendWhen(Predicate<RunContext> when) {
        this.suspendWhen = when;
    }

    /**
     * Carries out a decision on a paused run's pending call, runs the rest of its round, ends that iteration and goes
     * on iterating: how the run ends, or null when its engine asks it to stop between two iterations.
     */
    @Nullable Termination resumeRound(Checkpoint checkpoint, GateDecision decision) throws Exception {
        Termination end = control.interruptionAt(clock.nanoTime());
        if (end != null) {
            // the paused round's calls are answered, as a round the run does not get to is
            toolRound.skip(checkpoint.pendingCall(), end);
            toolRound.skipRest(checkpoint.remainingCalls(), 0, end);
            return end;
        }
        end = toolRound.decide(checkpoint, decision, !finalizing);
        if (end == null && !checkpoint.remainingCalls().isEmpty()) {
            end = toolRound.execute(checkpoint.remainingCalls(), !finalizing);
        } else if (end != null) {
            toolRound.skipRest(checkpoint.remainingCalls(), 0, end);
        }
        end = end != null ? settle(end) : endOfIteration();
        if (end != null) {
            return end;
        }
        state.endIteration(clock.nanoTime());
        return state.tree.handoff != null ? null : iterate();
    }

    /**
     * Iterates until the run ends, or until a call hands it to another agent or its engine asks it to stop between two
     * iterations (null). The clock is
     * read once per iteration: the time an iteration ends is when the next
     * one starts, and the deadline is compared with it.
     */
    @Nullable Termination iterate() throws Exception {
        long now = clock.nanoTime();
        while (true) {
            Termination end = iteration(now);
            if (end != null) {
                return end;
            }
            now = clock.nanoTime();
            state.endIteration(now);
            if (state.tree.handoff != null) {
                return null; // a call of the round handed the run to another agent: AgentRun goes on with it
            }
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
            return unanswered(answer, run.failure(e));
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
        if (hadTools && spec.completionCheck() == CompletionCheck.AFTER_TOOL_ROUND && run.completionHolds()) {
            return claims.review(new Termination.CompletedEarlyAfterToolCall(toolRound.lastTool));
        }
        if (spec.completionCheck() == CompletionCheck.AFTER_ITERATION && run.completionHolds()) {
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

    private void openIteration(long now) {
        state.openIteration(now);
        iterationTranscriptStart = state.transcriptSize();
        toolRound.lastTool = null;
        toolRound.capReached = false;
        progress.beginIteration();
        EventDispatcher events = run.events();
        if (events.active()) {
            events.publish(new AgentEvent.IterationStarted(config.name(), state.iteration));
        }
    }
}
