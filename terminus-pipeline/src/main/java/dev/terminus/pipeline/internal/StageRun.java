package dev.terminus.pipeline.internal;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunControl;
import dev.terminus.pipeline.FailureDisposition;
import dev.terminus.pipeline.PipelineContext;
import dev.terminus.pipeline.SkipPolicy;
import dev.terminus.pipeline.StageResult;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Runs one stage on the coordinating thread: asks its skip policy, checks the token budget, runs its attempts
 * (retrying a {@link Category#RETRYABLE} termination while retries and tokens remain and the pipeline is not
 * cancelled), charges the tokens, and settles the outcome. An exception of the stage's policies ends it {@code Failed}
 * ({@link ErrorCategory#INTERNAL}); an {@link Error} propagates.
 */
final class StageRun {

    /**
     * A stage's result and whether it stops the pipeline.
     *
     * @param result the stage's result
     * @param stopsPipeline whether the pipeline ends with it
     */
    record Ended(StageResult result, boolean stopsPipeline) {}

    private final TokenLedger ledger;
    private final StageDispatch dispatch;
    private final RunControl control;

    StageRun(TokenLedger ledger, StageDispatch dispatch, RunControl control) {
        this.ledger = ledger;
        this.dispatch = dispatch;
        this.control = control;
    }

    Ended run(PipelineSpec.StagePlan plan, PipelineContext context) {
        long start = control.clock().nanoTime();
        StageSpec stage = plan.stage();
        Termination skipped = skip(stage, context);
        if (skipped != null) {
            return settle(plan, start, skipped, skipped.defaultOutcome(), 0, Totals.NONE);
        }
        TokenBudget need = need(stage.body());
        if (need != null) {
            Termination shortfall = ledger.shortfall(plan.phaseIndex(), need);
            if (shortfall != null) {
                return new Ended(result(plan, start, shortfall, Outcome.FAILED, 0, Totals.NONE), true);
            }
        }
        return attempts(plan, context, start, need, 0, Totals.NONE, null);
    }

    /**
     * Resumes a stage paused at a gate: its paused attempt goes on with the person's decision (what it used before
     * the pause charged already), then the stage's policies apply to that attempt as to any: the completion
     * callback, retries, success conditions, the failure disposition.
     *
     * @param plan the stage
     * @param context what it sees of the pipeline
     * @param paused the stage so far: its attempts, usage, cost and time up to the pause
     * @param resume the paused run's checkpoint and the decision
     * @return the stage's result
     */
    Ended resume(PipelineSpec.StagePlan plan, PipelineContext context, StageResult paused, AttemptBody.Resume resume) {
        long start = control.clock().nanoTime() - paused.duration().toNanos();
        StageSpec stage = plan.stage();
        Totals totals = new Totals(paused.usage(), paused.costUsd(), null);
        TokenBudget allowance = TokenBudget.UNLIMITED;
        TokenLedger.Enclosing enclosing = TokenLedger.Enclosing.NONE;
        if (stage.body() instanceof StageBody.AgentBody || stage.body() instanceof StageBody.BudgetedAgentBody) {
            TokenBudget resumed = ledger.resumedAllowance(plan.phaseIndex(), stage.tokenBudget(),
                    resume.checkpoint().usage());
            if (resumed == null) {
                Termination shortfall = Objects.requireNonNull(ledger.shortfall(plan.phaseIndex(),
                        TokenLedger.ANY_TOKEN), "a budget short with the paused run's usage given back is short");
                return new Ended(result(plan, start, shortfall, Outcome.FAILED, paused.attempts(), totals), true);
            }
            allowance = resumed;
            enclosing = enclosing(plan, resume.checkpoint().usage());
        }
        AttemptBody first = new AttemptBody(stage, context, paused.attempts(), allowance, enclosing, control,
                resume);
        return attempts(plan, context, start, need(stage.body()), paused.attempts() - 1, totals, first);
    }

    /** Runs the stage's attempts, the first one given or new, while its retry policy asks, and settles it. */
    private Ended attempts(PipelineSpec.StagePlan plan, PipelineContext context, long start,
            @Nullable TokenBudget need, int before, Totals soFar, @Nullable AttemptBody first) {
        StageSpec stage = plan.stage();
        Totals totals = soFar;
        Attempt attempt;
        int attempts = before;
        AttemptBody next = first;
        while (true) {
            AttemptBody body = next != null ? next : new AttemptBody(stage, context, attempts + 1,
                    need == null ? TokenBudget.UNLIMITED : ledger.allowance(plan.phaseIndex(), stage.tokenBudget()),
                    enclosing(plan, Usage.ZERO), control, null);
            next = null;
            attempt = dispatch.dispatch(body::run);
            attempts++;
            ledger.charge(plan.phaseIndex(), attempt.usage());
            totals = totals.plus(attempt);
            if (attempt.cancelled() || !retryable(attempt, attempts, stage, plan, need)) {
                break;
            }
            Termination stopped = backoff(stage.retry(), attempts);
            if (stopped != null) {
                return settle(plan, start, stopped, Outcome.CANCELLED, attempts, totals);
            }
        }
        if (attempt.cancelled()) {
            return settle(plan, start, attempt.termination(), Outcome.CANCELLED, attempts, totals);
        }
        Termination termination = attempt.termination();
        Outcome outcome;
        try {
            outcome = stage.treatAsSuccess().test(termination) ? Outcome.SUCCEEDED : termination.defaultOutcome();
        } catch (RuntimeException e) {
            termination = Termination.Failed.of(e, ErrorCategory.INTERNAL);
            outcome = Outcome.FAILED;
        }
        return settle(plan, start, termination, outcome, attempts, totals);
    }

    /** @return the termination of a skipped stage (or of a skip policy that failed), or null to run the stage */
    private @Nullable Termination skip(StageSpec stage, PipelineContext context) {
        SkipPolicy policy = stage.skipPolicy();
        if (policy == null) {
            return null;
        }
        try {
            Optional<String> reason = policy.skipReason(context);
            if (reason == null) {
                throw new NullPointerException("the skip policy of stage \"" + stage.name() + "\" returned null");
            }
            return reason.<Termination>map(Termination.Skipped::new).orElse(null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            dispatch.noteInterrupt();
            return control.cancellation();
        } catch (Exception e) {
            return Termination.Failed.of(e, ErrorCategory.INTERNAL);
        }
    }

    /** @return what an attempt of the body needs from the budget to start: a token, or null when it draws none */
    private static @Nullable TokenBudget need(StageBody body) {
        return body.drawsTokens() ? TokenLedger.ANY_TOKEN : null;
    }

    /**
     * @return for a prebuilt agent, which runs under what remains of the pipeline's and the phase's budgets as a child
     *     agent under its parent's, the budgets whose figures it ends with when they stop it; else none
     */
    private TokenLedger.Enclosing enclosing(PipelineSpec.StagePlan plan, Usage credit) {
        if (plan.stage().body() instanceof StageBody.AgentBody body) {
            return ledger.enclosing(plan.phaseIndex(), plan.stage().tokenBudget(),
                    body.agent().config().tokenBudget(), credit);
        }
        return TokenLedger.Enclosing.NONE;
    }

    private boolean retryable(Attempt attempt, int attempts, StageSpec stage, PipelineSpec.StagePlan plan,
            @Nullable TokenBudget need) {
        return attempt.termination().category() == Category.RETRYABLE
                && attempts <= stage.retry().maxRetries()
                && !control.isCancelled()
                && (need == null || ledger.shortfall(plan.phaseIndex(), need) == null);
    }

    /**
     * Waits the retry's backoff on the pipeline's clock, cut short by a cancellation.
     *
     * @return the cancellation that ended the wait, or null to retry
     */
    private Termination.@Nullable Cancelled backoff(RetryPolicy retry, int retryNumber) {
        try {
            control.pause(retry.delayNanos(retryNumber, control.clock().random()));
        } catch (InterruptedException e) {
            dispatch.interruptedWhileWaiting();
        }
        dispatch.noteInterrupt();
        return control.isCancelled() ? control.cancellation() : null;
    }

    private Ended settle(PipelineSpec.StagePlan plan, long start, Termination termination, Outcome outcome,
            int attempts, Totals totals) {
        boolean stops = switch (outcome) {
            case SUCCEEDED, SKIPPED -> false;
            case FAILED -> plan.stage().onFailure() == FailureDisposition.ABORT;
            case CANCELLED, SUSPENDED -> true;
        };
        return new Ended(result(plan, start, termination, outcome, attempts, totals), stops);
    }

    private StageResult result(PipelineSpec.StagePlan plan, long start, Termination termination,
            Outcome outcome, int attempts, Totals totals) {
        Duration duration = Duration.ofNanos(Math.max(0, control.clock().nanoTime() - start));
        return StageResult.builder().name(plan.stage().name()).phase(plan.phase()).termination(termination)
                .outcome(outcome).attempts(attempts).usage(totals.usage()).costUsd(totals.costUsd()).duration(duration)
                .lastRun(totals.lastRun()).build();
    }

    /** What a stage's attempts consumed, and the last agent run. */
    private record Totals(Usage usage, BigDecimal costUsd, @Nullable RunResult lastRun) {
        static final Totals NONE = new Totals(Usage.ZERO, BigDecimal.ZERO, null);

        Totals plus(Attempt attempt) {
            return new Totals(usage.plus(attempt.usage()), costUsd.add(attempt.costUsd()),
                    attempt.run());
        }
    }
}
