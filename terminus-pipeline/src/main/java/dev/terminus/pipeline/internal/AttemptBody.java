package dev.terminus.pipeline.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.AgentEngine;
import dev.terminus.agent.control.Handle;
import dev.terminus.agent.control.RunControl;
import dev.terminus.pipeline.PipelineContext;
import dev.terminus.pipeline.StageCompletion;
import dev.terminus.pipeline.spi.AgentStageCall;
import java.math.BigDecimal;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One attempt of a stage's body, on whatever thread the pipeline's executor gives it: makes the task, runs the agent
 * (here, or through its runner) or the function, and lets the completion callback judge the result. Never throws for
 * an exception: one the stage's code throws ends the attempt {@code Failed} ({@link ErrorCategory#INTERNAL}); an
 * interrupt, or a failure once the pipeline is cancelled, ends it {@code Cancelled}. An {@link Error} propagates, as
 * it was: a workflow's thread must let its own errors pass.
 */
final class AttemptBody {

    /**
     * The paused run an attempt resumes instead of starting a new one.
     *
     * @param checkpoint the run's checkpoint
     * @param decision the person's decision at its gate
     */
    record Resume(Checkpoint checkpoint, GateDecision decision) {}

    private final StageSpec stage;
    private final PipelineContext context;
    private final int number;
    private final TokenBudget allowance;
    private final TokenLedger.Enclosing enclosing;
    private final RunControl control;
    private final @Nullable Resume resume;

    AttemptBody(StageSpec stage, PipelineContext context, int number, TokenBudget allowance,
            TokenLedger.Enclosing enclosing, RunControl control, @Nullable Resume resume) {
        this.stage = stage;
        this.context = context;
        this.number = number;
        this.allowance = allowance;
        this.enclosing = enclosing;
        this.control = control;
        this.resume = resume;
    }

    Attempt run() {
        if (control.isCancelled()) {
            return Attempt.cancelled(control.cancellation());
        }
        Attempt attempt;
        try {
            attempt = resume != null ? resumeAgent(resume) : switch (stage.body()) {
                case StageBody.AgentBody body -> runAgent(within(body.agent()), body.task());
                case StageBody.BudgetedAgentBody body -> runBudgetedAgent(body);
                case StageBody.RunnerBody body -> runRunner(body);
                case StageBody.FunctionBody body -> runFunction(body);
            };
        } catch (Exception e) {
            attempt = failure(e);
        }
        return attempt.cancelled() ? attempt : complete(attempt);
    }

    /** A prebuilt agent runs under what remains of the pipeline's budgets, as a child agent under its parent's. */
    private Agent within(Agent agent) {
        return AgentEngine.of(agent).withinTokens(allowance);
    }

    private Attempt runBudgetedAgent(StageBody.BudgetedAgentBody body) {
        Agent agent = budgeted(body);
        Termination misfit = misfit(agent);
        return misfit != null ? Attempt.of(misfit) : runAgent(agent, body.task());
    }

    private Agent budgeted(StageBody.BudgetedAgentBody body) {
        Agent agent = body.factory().apply(allowance);
        if (agent == null) {
            throw new NullPointerException("the agent factory of stage \"" + stage.name() + "\" returned null");
        }
        return agent;
    }

    /** @return the failure of a budgeted agent made with a budget beyond its allowance, or null when it fits */
    private @Nullable Termination misfit(Agent agent) {
        TokenBudget budget = agent.config().tokenBudget();
        TokenKind over = TokenLedger.exceeding(budget, allowance);
        if (over == null) {
            return null;
        }
        return Termination.Failed.of(new IllegalStateException("the agent factory of stage \"" + stage.name()
                + "\" was given a token budget of " + TokenLedger.describe(allowance) + " but made an agent with "
                + TokenLedger.describe(budget) + ": its " + over + " cap must be set and at most the given one"),
                ErrorCategory.CONFIGURATION);
    }

    /**
     * Resumes the stage's paused run with the decision, on this thread (a cancellation interrupts it, which cancels
     * the run). The attempt's usage and cost are what the run used after the pause: the part before is charged
     * already. An agent that refuses the checkpoint (another configuration, another gate) ends the attempt
     * {@code Failed} with {@link ErrorCategory#CONFIGURATION}.
     */
    private Attempt resumeAgent(Resume paused) {
        Agent agent = switch (stage.body()) {
            case StageBody.AgentBody body -> within(body.agent());
            case StageBody.BudgetedAgentBody body -> budgeted(body);
            case StageBody.RunnerBody body -> throw new IllegalStateException("stage \"" + stage.name()
                    + "\" runs its agent through a runner, which resumes it on its own side");
            case StageBody.FunctionBody body -> throw new IllegalStateException("stage \"" + stage.name()
                    + "\" runs a function, which never pauses at a gate");
        };
        Termination misfit = stage.body() instanceof StageBody.BudgetedAgentBody ? misfit(agent) : null;
        if (misfit != null) {
            return Attempt.of(misfit);
        }
        Checkpoint checkpoint = paused.checkpoint();
        RunResult result;
        try {
            result = agent.resume(checkpoint, paused.decision());
        } catch (IllegalArgumentException refused) {
            return Attempt.of(Termination.Failed.of(refused, ErrorCategory.CONFIGURATION));
        }
        boolean cancelled = result.termination() instanceof Termination.Cancelled && control.isCancelled();
        return new Attempt(cancelled ? control.cancellation() : enclosing.figures(result.termination()),
                since(result.usage(), checkpoint.usage()), result.costUsd().subtract(checkpoint.costUsd())
                        .max(BigDecimal.ZERO), result, cancelled);
    }

    /** @return what a resumed run used after its pause */
    private static Usage since(Usage after, Usage before) {
        long input = Math.max(0, after.inputTokens() - before.inputTokens());
        long output = Math.max(0, after.outputTokens() - before.outputTokens());
        return new Usage(input, output,
                Math.min(input, Math.max(0, after.cachedInputTokens() - before.cachedInputTokens())),
                Math.min(output, Math.max(0, after.reasoningTokens() - before.reasoningTokens())));
    }

    private Attempt runAgent(Agent agent, Function<PipelineContext, String> task) {
        String prompt = task(task);
        RunHandle handle = agent.start(prompt);
        RunResult result;
        try (RunControl.Registration stop = control.onStop(() -> handle.cancel(control.cancelledBy()))) {
            result = awaitCancelling(handle);
        }
        boolean cancelled = result.termination() instanceof Termination.Cancelled && control.isCancelled();
        return new Attempt(cancelled ? control.cancellation() : enclosing.figures(result.termination()),
                result.usage(), result.costUsd(), result, cancelled);
    }

    /** Waits for the run; an interrupt cancels the pipeline (and so the run, which ends within its grace). */
    private RunResult awaitCancelling(RunHandle handle) {
        return Handle.awaitUninterruptibly(handle, () -> {
            control.interruptedWhileWaiting();
            handle.cancel(control.cancelledBy());
        });
    }

    private String task(Function<PipelineContext, String> task) {
        String prompt = task.apply(context);
        if (prompt == null) {
            throw new NullPointerException("the task of stage \"" + stage.name() + "\" returned null");
        }
        return prompt;
    }

    /** Asks the runner for the run; one that ends after the pipeline's cancellation is still charged. */
    private Attempt runRunner(StageBody.RunnerBody body) throws InterruptedException {
        AgentStageCall call = new AgentStageCall(context.pipelineName(), stage.name(), number, task(body.task()),
                allowance);
        RunResult result = body.runner().run(call);
        if (result == null) {
            throw new NullPointerException("the runner of stage \"" + stage.name() + "\" returned null");
        }
        boolean cancelled = control.noteInterrupt() || control.isCancelled();
        return new Attempt(cancelled ? control.cancellation() : result.termination(), result.usage(),
                result.costUsd(), result, cancelled);
    }

    private Attempt runFunction(StageBody.FunctionBody body) throws Exception {
        Termination termination = body.function().run(context);
        if (control.noteInterrupt() || control.isCancelled()) {
            return Attempt.cancelled(control.cancellation());
        }
        if (termination == null) {
            throw new NullPointerException("stage \"" + stage.name() + "\" returned no termination");
        }
        return Attempt.of(termination);
    }

    private Attempt complete(Attempt attempt) {
        StageCompletion completion = stage.completion();
        if (completion == null) {
            return attempt;
        }
        Termination judged;
        try {
            judged = completion.complete(attempt.termination(), attempt.run());
        } catch (Exception e) {
            Attempt failed = failure(e);
            return attempt.withTermination(failed.termination(), failed.cancelled());
        }
        if (judged == null || !(judged.equals(attempt.termination()) || judged instanceof Termination.Custom
                || judged instanceof Termination.Extension)) {
            return attempt.withTermination(Termination.Failed.of(new IllegalStateException("the completion callback"
                    + " of stage \"" + stage.name() + "\" returned " + (judged == null ? "null" : judged.tag())
                    + ": it may keep the stage's termination (" + attempt.termination().tag()
                    + ") or return a Custom or an Extension"), ErrorCategory.INTERNAL), false);
        }
        return attempt.withTermination(judged, false);
    }

    /** The attempt an exception of the stage's code ends with. */
    private Attempt failure(Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            control.interruptedWhileWaiting();
        }
        if (control.isCancelled()) {
            return Attempt.cancelled(control.cancellation());
        }
        return Attempt.of(Termination.Failed.of(e, ErrorCategory.INTERNAL));
    }
}
