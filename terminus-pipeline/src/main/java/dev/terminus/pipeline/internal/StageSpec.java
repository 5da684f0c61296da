package dev.terminus.pipeline.internal;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.pipeline.FailureDisposition;
import dev.terminus.pipeline.SkipPolicy;
import dev.terminus.pipeline.StageCompletion;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Everything a stage is made of, validated and frozen by {@code Stage}.
 *
 * @param name the stage's name
 * @param body what it runs
 * @param tokenBudget the most one of its agent runs may use (unlimited: only the pipeline's and the phase's caps)
 * @param retry how a {@code RETRYABLE} termination is retried: how many more times, after which wait
 * @param onFailure what the pipeline does after the stage fails
 * @param skipPolicy whether to skip it, or null to always run it
 * @param completion the callback that judges each attempt, or null
 * @param treatAsSuccess which terminations count as success for the stage's outcome
 */
public record StageSpec(String name, StageBody body, TokenBudget tokenBudget, RetryPolicy retry, FailureDisposition onFailure,
        @Nullable SkipPolicy skipPolicy, @Nullable StageCompletion completion,
        Predicate<Termination> treatAsSuccess) {

    /** A predicate that treats nothing as success beyond the termination's own default outcome. */
    private static final Predicate<Termination> NOTHING = termination -> false;

    /** Validates every component, naming a bad one. */
    public StageSpec {
        Preconditions.notBlank(name, "stage name");
        Preconditions.notNull(body, "stage body");
        Preconditions.notNull(tokenBudget, "tokenBudget");
        Preconditions.notNull(retry, "retryPolicy");
        Preconditions.notNull(onFailure, "onFailure");
        Preconditions.notNull(treatAsSuccess, "treatAsSuccess");
    }

    /**
     * @param name the stage's name
     * @param body what it runs
     * @return a stage with no budget of its own, no retries, aborting on failure, never skipped
     */
    public static StageSpec of(String name, StageBody body) {
        return new StageSpec(name, body, TokenBudget.UNLIMITED, RetryPolicy.none(), FailureDisposition.ABORT, null, null,
                NOTHING);
    }

    /** @param budget the new budget @return a copy with it */
    public StageSpec withTokenBudget(TokenBudget budget) {
        return new StageSpec(name, body, budget, retry, onFailure, skipPolicy, completion, treatAsSuccess);
    }

    /** @param policy the new retry policy @return a copy with it */
    public StageSpec withRetry(RetryPolicy policy) {
        return new StageSpec(name, body, tokenBudget, policy, onFailure, skipPolicy, completion, treatAsSuccess);
    }

    /** @param disposition the new disposition @return a copy with it */
    public StageSpec withOnFailure(FailureDisposition disposition) {
        return new StageSpec(name, body, tokenBudget, retry, disposition, skipPolicy, completion, treatAsSuccess);
    }

    /** @param policy the new skip policy @return a copy with it */
    public StageSpec withSkipPolicy(SkipPolicy policy) {
        return new StageSpec(name, body, tokenBudget, retry, onFailure, policy, completion, treatAsSuccess);
    }

    /** @param callback the new completion callback @return a copy with it */
    public StageSpec withCompletion(StageCompletion callback) {
        return new StageSpec(name, body, tokenBudget, retry, onFailure, skipPolicy, callback, treatAsSuccess);
    }

    /** @param condition more terminations to treat as success @return a copy treating them as success too */
    public StageSpec orTreatAsSuccess(Predicate<Termination> condition) {
        Predicate<Termination> combined = treatAsSuccess == NOTHING ? condition : treatAsSuccess.or(condition);
        return new StageSpec(name, body, tokenBudget, retry, onFailure, skipPolicy, completion, combined);
    }
}
