package dev.terminus.pipeline;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.pipeline.internal.StageBody;
import dev.terminus.pipeline.internal.StageSpec;
import dev.terminus.pipeline.internal.TokenLedger;
import dev.terminus.pipeline.spi.AgentStageRunner;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A named step of a {@link Pipeline}: an agent run or a plain function, with its policies. Immutable: every
 * {@code with}-style method returns a new stage, and refuses a bad value at once, naming it.
 *
 * {@snippet :
 * // given: Agent researcher; void publish(String report)
 * Stage research = Stage.agent("research", researcher, ctx -> "Find sources on " + ctx.input())
 *         .retryPolicy(RetryPolicy.ofDefaults())                         // re-run a RETRYABLE termination, backing off
 *         .treatAsSuccess(Termination.MaxIterationsReached.class)        // what it found so far is enough
 *         .onFailure(FailureDisposition.CONTINUE);
 * Stage publish = Stage.of("publish", ctx -> {
 *     publish(ctx.answer("research").orElseThrow());
 *     return new Termination.Completed();
 * });
 * }
 *
 * <p>A stage's attempt ends with a termination; its completion callback may replace it; a {@code RETRYABLE} one is
 * re-run as its {@link #retryPolicy()} says, after a jittered backoff on the pipeline's clock (never a {@code FATAL},
 * {@code CAPACITY} or any other category); the
 * stage's outcome is the termination's default, or {@code SUCCEEDED} when the stage treats it as success.
 */
public final class Stage {
    private final StageSpec spec;

    private Stage(StageSpec spec) {
        this.spec = spec;
    }

    /**
     * A stage that runs a prebuilt agent. Its runs run under what remains of the pipeline's and the phase's token
     * budgets and the stage's own, as a child agent runs under its parent's: per kind of token, the least of those and
     * the agent's own budget caps each run, so an agent without a budget of its own is bounded by the pipeline's. A
     * run stopped by what remains of the pipeline's (or the phase's) budget ends {@code TokenBudgetExhausted} with that
     * budget's figures: what the stages under it consumed, this run's tokens included, and its cap. The stage starts
     * when every capped kind has a token left, as any agent stage.
     *
     * @param name the stage's name, unique in its pipeline
     * @param agent the agent
     * @param task makes the agent's task from the context, e.g. from the previous stage's answer
     * @return the stage: no retries, no budget of its own, aborting the pipeline on failure
     */
    public static Stage agent(String name, Agent agent, Function<PipelineContext, String> task) {
        Preconditions.notNull(agent, "agent");
        Preconditions.notNull(task, "task");
        return new Stage(StageSpec.of(name, new StageBody.AgentBody(agent, task)));
    }

    /**
     * A stage that runs an agent made for each attempt with the token budget the attempt may use: per kind, the least
     * of the stage's own budget and what remains of the pipeline's and the phase's ({@link TokenBudget#UNLIMITED} when
     * none is capped). The agent made must cap every kind the given budget caps, at most as high, or the attempt ends
     * {@code Failed} with {@link dev.terminus.ErrorCategory#CONFIGURATION}.
     *
     * {@snippet :
     * // given: AgentConfig settings
     * Stage draft = Stage.budgetedAgent("draft",
     *         budget -> Agent.builder(model).config(settings).tokenBudget(budget).build(),
     *         ctx -> "Draft a reply to: " + ctx.input());
     * }
     *
     * @param name the stage's name, unique in its pipeline
     * @param agentForBudget makes the agent for a token budget
     * @param task makes the agent's task from the context
     * @return the stage: no retries, no budget of its own, aborting the pipeline on failure
     */
    public static Stage budgetedAgent(String name, Function<TokenBudget, Agent> agentForBudget,
            Function<PipelineContext, String> task) {
        Preconditions.notNull(agentForBudget, "agentForBudget");
        Preconditions.notNull(task, "task");
        return new Stage(StageSpec.of(name, new StageBody.BudgetedAgentBody(agentForBudget, task)));
    }

    /**
     * A stage whose agent runs somewhere else than the pipeline's threads (e.g. as a durable workflow): each attempt
     * calls the runner, on the thread the pipeline runs the stage's body on, with the task and the token allowance a
     * {@link #budgetedAgent} would get, and takes the run it returns as the attempt's (its termination, usage, cost,
     * and the run as {@link StageResult#lastRun()}). The run's usage is charged to the pipeline's budgets, even beyond
     * the allowance. An exception of the runner ends the attempt {@code Failed} with
     * {@link dev.terminus.ErrorCategory#INTERNAL}, an {@link InterruptedException} is the pipeline's cancellation.
     * Retries, skipping, success conditions and the failure disposition apply as to any stage. A pipeline paused at
     * such a stage's gate cannot be resumed by {@link Pipeline#resume}: the runner resumes its agent on its own side.
     *
     * @param name the stage's name, unique in its pipeline
     * @param runner runs the agent for each attempt
     * @param task makes the agent's task from the context
     * @return the stage: no retries, no budget of its own, aborting the pipeline on failure
     */
    public static Stage runner(String name, AgentStageRunner runner, Function<PipelineContext, String> task) {
        Preconditions.notNull(runner, "runner");
        Preconditions.notNull(task, "task");
        return new Stage(StageSpec.of(name, new StageBody.RunnerBody(runner, task)));
    }

    /**
     * A stage that runs a plain function, for a step that is not an agent run. It draws no tokens.
     *
     * @param name the stage's name, unique in its pipeline
     * @param function the step
     * @return the stage: no retries, aborting the pipeline on failure
     */
    public static Stage of(String name, StageFunction function) {
        Preconditions.notNull(function, "function");
        return new Stage(StageSpec.of(name, new StageBody.FunctionBody(function)));
    }

    /**
     * @param budget the most each of the stage's agent runs may use, within what remains of the pipeline's and the
     *     phase's budgets (and, for a prebuilt agent, within its own)
     * @return a copy of this stage with that budget
     * @throws IllegalArgumentException when the stage is a function
     */
    public Stage tokenBudget(TokenBudget budget) {
        Preconditions.notNull(budget, "tokenBudget");
        if (spec.body() instanceof StageBody.FunctionBody) {
            throw new IllegalArgumentException("stage \"" + spec.name() + "\" runs a function, which uses no tokens:"
                    + " it cannot have a tokenBudget (" + TokenLedger.describe(budget) + ")");
        }
        return new Stage(spec.withTokenBudget(budget));
    }

    /**
     * @param policy how many more times to run the stage after an attempt ends with a {@code RETRYABLE} termination,
     *     and how long to wait before each ({@link RetryPolicy#none()} by default). A retry needs tokens left and the
     *     pipeline not cancelled; a cancellation during the wait ends the stage {@code Cancelled} at once.
     * @return a copy of this stage with that policy
     */
    public Stage retryPolicy(RetryPolicy policy) {
        return new Stage(spec.withRetry(Preconditions.notNull(policy, "retryPolicy")));
    }

    /**
     * @param disposition what the pipeline does when the stage's outcome is {@code FAILED}; {@code ABORT} by default
     * @return a copy of this stage with that disposition
     */
    public Stage onFailure(FailureDisposition disposition) {
        return new Stage(spec.withOnFailure(Preconditions.notNull(disposition, "onFailure")));
    }

    /**
     * @param policy decides whether to skip the stage when the pipeline reaches it
     * @return a copy of this stage with that policy, replacing any before
     */
    public Stage skipWhen(SkipPolicy policy) {
        return new Stage(spec.withSkipPolicy(Preconditions.notNull(policy, "skipPolicy")));
    }

    /**
     * @param callback judges each attempt, keeping or replacing its termination
     * @return a copy of this stage with that callback, replacing any before
     */
    public Stage onComplete(StageCompletion callback) {
        return new Stage(spec.withCompletion(Preconditions.notNull(callback, "onComplete")));
    }

    /**
     * Counts terminations that match as success for the stage's outcome ({@code SUCCEEDED}); the termination itself
     * is kept. Adds to the conditions given before. A cancellation by the pipeline is never success.
     *
     * @param condition which terminations to treat as success
     * @return a copy of this stage treating them as success
     */
    public Stage treatAsSuccess(Predicate<? super Termination> condition) {
        Preconditions.notNull(condition, "treatAsSuccess");
        return new Stage(spec.orTreatAsSuccess(condition::test));
    }

    /**
     * @param type a case of termination to treat as success, e.g. {@code Termination.MaxIterationsReached.class}
     * @return a copy of this stage treating it as success
     */
    public Stage treatAsSuccess(Class<? extends Termination> type) {
        Preconditions.notNull(type, "treatAsSuccess");
        return new Stage(spec.orTreatAsSuccess(type::isInstance));
    }

    /** @return the stage's name */
    public String name() {
        return spec.name();
    }

    /** @return the most each of its agent runs may use, before the pipeline's and the phase's budgets */
    public TokenBudget tokenBudget() {
        return spec.tokenBudget();
    }

    /** @return how a {@code RETRYABLE} termination is retried */
    public RetryPolicy retryPolicy() {
        return spec.retry();
    }

    /** @return what the pipeline does when the stage fails */
    public FailureDisposition failureDisposition() {
        return spec.onFailure();
    }

    /** @return whether the stage runs an agent (and draws tokens) rather than a function */
    public boolean runsAgent() {
        return spec.body().drawsTokens();
    }

    StageSpec spec() {
        return spec;
    }

    @Override
    public String toString() {
        return "Stage[" + spec.name() + ", " + (runsAgent() ? "agent" : "function") + ", retries=" + spec.retry().maxRetries()
                + ", onFailure=" + spec.onFailure() + ", tokenBudget=" + TokenLedger.describe(spec.tokenBudget()) + "]";
    }
}
