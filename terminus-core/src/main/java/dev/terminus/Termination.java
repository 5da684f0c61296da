package dev.terminus;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Why a run stopped: exactly one of these ends every agent run, pipeline stage, convergence run
 * and evaluated task.
 *
 * <p>A termination says why the run stopped, carries the facts of that stop (the limit, the amount
 * used, who refused, which gate is waiting), says what the caller should do next through its
 * {@link #category()}, rolls up into a dashboard {@link #defaultOutcome()}, and tags metrics
 * through {@link #tag()}, whose values are bounded.
 *
 * <p>The framework's cases are the records nested here. Applications add typed cases of their own
 * by implementing {@link Extension}; {@link Custom} is the untyped escape hatch. A {@code switch}
 * over a termination is exhaustive with one arm per framework case and one for {@code Extension}:
 *
 * {@snippet :
 * String advice = switch (termination) {
 *     case Termination.NaturalCompletion() -> "done";
 *     case Termination.Completed() -> "done";
 *     case Termination.CompletedEarlyAfterToolCall(String tool) -> "done after " + tool;
 *     case Termination.Submitted(String tool) -> "submitted through " + tool;
 *     case Termination.CriteriaMet(List<String> criteria) -> "met " + criteria;
 *     case Termination.Converged(int cycles) -> "converged after " + cycles + " cycles";
 *     case Termination.UserSatisfied(String stopToken) -> "the user is satisfied";
 *     case Termination.MaxIterationsReached(int limit, int used) -> "raise the iteration limit of " + limit;
 *     case Termination.MaxToolCallsReached(int limit, int used) -> "raise the tool-call limit of " + limit;
 *     case Termination.TokenBudgetExhausted(long used, long limit, TokenKind kind) -> "raise the " + kind + " token budget";
 *     case Termination.BudgetPressure(Double threshold) -> "finished under budget pressure";
 *     case Termination.CostBudgetExhausted(BigDecimal spent, BigDecimal limit) -> "spent $" + spent;
 *     case Termination.TimeBudgetExhausted(long elapsedMs, long limitMs) -> "ran out of time";
 *     case Termination.FactBudgetExhausted(long facts, long limit) -> "too many facts";
 *     case Termination.PromptTooLong(Long tokens, Long window) -> "compact the context";
 *     case Termination.OutputTruncated(Integer maxOutputTokens) -> "raise the output cap";
 *     case Termination.StallDetected(Integer threshold) -> "stalled";
 *     case Termination.NoProgress(int iterations, List<Message> snapshot) -> "stuck on " + snapshot;
 *     case Termination.ConsecutiveMistakes(int threshold) -> "too many mistakes";
 *     case Termination.StructuredOutputRetriesExhausted(int limit, Diagnostic last) -> last.violations().toString();
 *     case Termination.Cancelled(String requestedBy) -> "cancelled";
 *     case Termination.Halted(String source, String reason) -> source + " halted: " + reason;
 *     case Termination.HitlGatePending pending -> "approve " + pending.gateId();
 *     case Termination.HumanInterventionRequired(List<String> criteria, List<String> refs) -> "see " + refs;
 *     case Termination.Failed failed -> failed.error().message();
 *     case Termination.ProviderAuthFailed(String provider, int status) -> "fix the " + provider + " credentials";
 *     case Termination.SchemaValidationFailed(Diagnostic diagnostic) -> "retry";
 *     case Termination.CompactionFailed(String reason) -> reason;
 *     case Termination.InvariantViolated(InvariantClass kind, String name, String reason) -> name + ": " + reason;
 *     case Termination.PromotionRejected(String proposal, String reason) -> reason;
 *     case Termination.AgentRefused(String agent, String reason) -> agent + " refused";
 *     case Termination.Skipped(String reason) -> "skipped";
 *     case Termination.Custom custom -> custom.reason();
 *     case Termination.Extension extension -> extension.tag();
 * };
 * }
 *
 * <h2>Adding cases</h2>
 * New framework cases may be added in later releases, each as a new record nested here with a
 * golden vector, a JSON registration and a schema entry. Like adding a subtype to any sealed
 * hierarchy of the JDK, that is a <em>soft break</em>: code that switches exhaustively over
 * {@code Termination} without a default arm stops compiling until it handles the new case, which is
 * the point. Existing cases never change their tag, category, fields or field order. Consumers who
 * need their own cases implement {@link Extension} instead of waiting for one.
 */
public sealed interface Termination {

    /**
     * A stable, low-cardinality name for metric and span attributes: the case's simple name.
     * Never a reason or an id. Allocates nothing.
     *
     * @return the tag
     */
    String tag();

    /**
     * What the caller should do next. Allocates nothing.
     *
     * @return the category
     */
    Category category();

    /**
     * The dashboard outcome this case rolls up to unless a runner overrides it.
     *
     * @return {@code category().defaultOutcome()} unless the case says otherwise
     */
    default Outcome defaultOutcome() {
        return category().defaultOutcome();
    }

    /**
     * Whether the work is done.
     *
     * @return true when the category is {@link Category#SUCCESS}
     */
    default boolean isSuccess() {
        return category() == Category.SUCCESS;
    }

    /**
     * Whether the run ended in error (retryable, capacity or fatal).
     *
     * @return true for the error categories
     */
    default boolean isError() {
        return category().isError();
    }

    /**
     * Whether more budget (iterations, tool calls, tokens, money, time, facts, context) would have helped.
     *
     * @return true for the budget cases
     */
    default boolean isBudgetExhausted() {
        return false;
    }

    /**
     * Whether the run hit a fault that repeats if retried as is: a stall, no progress, repeated
     * mistakes, or a structured-output repair budget used up.
     *
     * @return true for the stuck cases
     */
    default boolean isStuck() {
        return false;
    }

    /**
     * Whether an output or a proposal failed a validation: schema, invariant or promotion gate.
     *
     * @return true for the validation cases
     */
    default boolean isValidationFailure() {
        return false;
    }

    /**
     * Whether the run waits for a person.
     *
     * @return true when the category is {@link Category#SUSPENDED}
     */
    default boolean isSuspended() {
        return category() == Category.SUSPENDED;
    }

    /** The tags of the framework's cases, which no {@link Extension} may use. */
    Set<String> FRAMEWORK_TAGS = Set.of(
            "NaturalCompletion", "Completed", "CompletedEarlyAfterToolCall", "Submitted", "CriteriaMet",
            "Converged", "UserSatisfied", "MaxIterationsReached", "MaxToolCallsReached", "TokenBudgetExhausted",
            "BudgetPressure", "CostBudgetExhausted", "TimeBudgetExhausted", "FactBudgetExhausted", "PromptTooLong",
            "OutputTruncated", "StallDetected", "NoProgress", "ConsecutiveMistakes",
            "StructuredOutputRetriesExhausted", "Cancelled", "Halted", "HitlGatePending",
            "HumanInterventionRequired", "Failed", "ProviderAuthFailed", "SchemaValidationFailed",
            "CompactionFailed", "InvariantViolated", "PromotionRejected", "AgentRefused", "Skipped", "Custom",
            "Extension");

    // ---------------------------------------------------------------- success

    /** The model answered with no tool calls. {@link Category#SUCCESS}. */
    record NaturalCompletion() implements Termination {
        @Override public String tag() { return "NaturalCompletion"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    /** The run's completion predicate held after an iteration. {@link Category#SUCCESS}. */
    record Completed() implements Termination {
        @Override public String tag() { return "Completed"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    /**
     * The completion predicate held right after a tool call, before the iteration ended. {@link Category#SUCCESS}.
     *
     * @param toolName the tool whose call completed the work
     */
    record CompletedEarlyAfterToolCall(String toolName) implements Termination {
        /** Validates the tool name. */
        public CompletedEarlyAfterToolCall {
            Preconditions.notNull(toolName, "CompletedEarlyAfterToolCall.toolName");
        }
        @Override public String tag() { return "CompletedEarlyAfterToolCall"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    /**
     * The model called the designated final-answer tool. {@link Category#SUCCESS}.
     *
     * @param toolName the final-answer tool
     */
    record Submitted(String toolName) implements Termination {
        /** Validates the tool name. */
        public Submitted {
            Preconditions.notNull(toolName, "Submitted.toolName");
        }
        @Override public String tag() { return "Submitted"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    /**
     * All required success criteria were met. {@link Category#SUCCESS}.
     *
     * @param criteria the names of the criteria that were met
     */
    record CriteriaMet(List<String> criteria) implements Termination {
        /** Copies the criteria immutably. */
        public CriteriaMet {
            criteria = Preconditions.immutableList(criteria, "CriteriaMet.criteria");
        }
        @Override public String tag() { return "CriteriaMet"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    /**
     * The convergence engine reached a fixed point: a cycle changed nothing. {@link Category#SUCCESS}.
     *
     * @param cycles the cycles run
     */
    record Converged(int cycles) implements Termination {
        /** Validates the cycle count. */
        public Converged {
            Preconditions.nonNegative(cycles, "Converged.cycles");
        }
        @Override public String tag() { return "Converged"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    /**
     * The user, or a user simulator, said it is done. {@link Category#SUCCESS}.
     *
     * @param stopToken the token it said so with, if any
     */
    record UserSatisfied(@Nullable String stopToken) implements Termination {
        @Override public String tag() { return "UserSatisfied"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    // ---------------------------------------------------------------- capacity: budgets
    // the cases of a counted limit implement LimitReached too: their facts read by name (LimitReached.measure())

    /**
     * The iteration (turn, cycle) cap was reached. {@link Category#CAPACITY}.
     *
     * @param limit the cap
     * @param iterationsUsed the iterations run
     */
    record MaxIterationsReached(int limit, int iterationsUsed) implements Termination, LimitReached {
        /** Validates that neither count is negative. */
        public MaxIterationsReached {
            Preconditions.nonNegative(limit, "MaxIterationsReached.limit");
            Preconditions.nonNegative(iterationsUsed, "MaxIterationsReached.iterationsUsed");
        }
        @Override public String tag() { return "MaxIterationsReached"; }
        @Override public Measure measure() { return Measure.of(Unit.ITERATIONS, iterationsUsed, limit); }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    /**
     * The total tool-call cap was reached. {@link Category#CAPACITY}.
     *
     * @param limit the cap
     * @param toolCallsUsed the tool calls executed
     */
    record MaxToolCallsReached(int limit, int toolCallsUsed) implements Termination, LimitReached {
        /** Validates that neither count is negative. */
        public MaxToolCallsReached {
            Preconditions.nonNegative(limit, "MaxToolCallsReached.limit");
            Preconditions.nonNegative(toolCallsUsed, "MaxToolCallsReached.toolCallsUsed");
        }
        @Override public String tag() { return "MaxToolCallsReached"; }
        @Override public Measure measure() { return Measure.of(Unit.TOOL_CALLS, toolCallsUsed, limit); }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    /**
     * A token budget ran out. {@link Category#CAPACITY}.
     *
     * @param tokensConsumed the tokens of that kind consumed
     * @param limit the budget
     * @param kind which budget: total, input or output tokens
     */
    record TokenBudgetExhausted(long tokensConsumed, long limit, TokenKind kind) implements Termination, LimitReached {
        /** Validates the counts and the kind. */
        public TokenBudgetExhausted {
            Preconditions.nonNegative(tokensConsumed, "TokenBudgetExhausted.tokensConsumed");
            Preconditions.nonNegative(limit, "TokenBudgetExhausted.limit");
            Preconditions.notNull(kind, "TokenBudgetExhausted.kind");
        }
        @Override public String tag() { return "TokenBudgetExhausted"; }
        @Override public Measure measure() { return Measure.of(Unit.TOKENS, tokensConsumed, limit); }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    /**
     * A budget passed its pressure threshold and one finalization iteration ran to wrap up.
     * {@link Category#CAPACITY}, but the work was finished, so the default outcome is
     * {@link Outcome#SUCCEEDED}.
     *
     * @param threshold the fraction of the budget (in (0, 1]) at which pressure began, if known
     */
    record BudgetPressure(@Nullable Double threshold) implements Termination {
        /** Validates that the threshold, when present, is in (0, 1]. */
        public BudgetPressure {
            if (threshold != null && !(threshold > 0 && threshold <= 1)) {
                throw new IllegalArgumentException("BudgetPressure.threshold must be in (0, 1], was " + threshold);
            }
        }
        @Override public String tag() { return "BudgetPressure"; }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public Outcome defaultOutcome() { return Outcome.SUCCEEDED; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    /**
     * The cost ceiling was reached. {@link Category#CAPACITY}. Equality compares the amounts by
     * value, so {@code 2.0} and {@code 2.00} are the same amount.
     *
     * @param spentUsd the money spent, in US dollars
     * @param limitUsd the ceiling, in US dollars
     */
    record CostBudgetExhausted(BigDecimal spentUsd, BigDecimal limitUsd) implements Termination, LimitReached {
        /** Validates that neither amount is null or negative. */
        public CostBudgetExhausted {
            Preconditions.nonNegative(spentUsd, "CostBudgetExhausted.spentUsd");
            Preconditions.nonNegative(limitUsd, "CostBudgetExhausted.limitUsd");
        }
        @Override public String tag() { return "CostBudgetExhausted"; }
        @Override public Measure measure() { return new Measure(Unit.USD, spentUsd, limitUsd); }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }

        @Override
        public boolean equals(@Nullable Object o) {
            return o instanceof CostBudgetExhausted other
                    && spentUsd.compareTo(other.spentUsd) == 0
                    && limitUsd.compareTo(other.limitUsd) == 0;
        }

        @Override
        public int hashCode() {
            return 31 * spentUsd.stripTrailingZeros().hashCode() + limitUsd.stripTrailingZeros().hashCode();
        }
    }

    /**
     * The wall-clock deadline passed. {@link Category#CAPACITY}.
     *
     * @param elapsedMs the run's elapsed time in milliseconds
     * @param limitMs the deadline in milliseconds
     */
    record TimeBudgetExhausted(long elapsedMs, long limitMs) implements Termination, LimitReached {
        /** Validates that neither duration is negative. */
        public TimeBudgetExhausted {
            Preconditions.nonNegative(elapsedMs, "TimeBudgetExhausted.elapsedMs");
            Preconditions.nonNegative(limitMs, "TimeBudgetExhausted.limitMs");
        }
        @Override public String tag() { return "TimeBudgetExhausted"; }
        @Override public Measure measure() { return Measure.of(Unit.MILLISECONDS, elapsedMs, limitMs); }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    /**
     * The convergence context grew past its fact cap. {@link Category#CAPACITY}.
     *
     * @param factsCount the facts in the context
     * @param limit the cap
     */
    record FactBudgetExhausted(long factsCount, long limit) implements Termination, LimitReached {
        /** Validates that neither count is negative. */
        public FactBudgetExhausted {
            Preconditions.nonNegative(factsCount, "FactBudgetExhausted.factsCount");
            Preconditions.nonNegative(limit, "FactBudgetExhausted.limit");
        }
        @Override public String tag() { return "FactBudgetExhausted"; }
        @Override public Measure measure() { return Measure.of(Unit.FACTS, factsCount, limit); }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    /**
     * The prompt exceeded the context window even after compaction. {@link Category#CAPACITY}.
     *
     * @param promptTokens the prompt's size in tokens, if known
     * @param contextWindow the model's context window in tokens, if known
     */
    record PromptTooLong(@Nullable Long promptTokens, @Nullable Long contextWindow) implements Termination {
        /** Validates that the counts, when present, are not negative. */
        public PromptTooLong {
            Preconditions.nonNegativeOrNull(promptTokens, "PromptTooLong.promptTokens");
            Preconditions.nonNegativeOrNull(contextWindow, "PromptTooLong.contextWindow");
        }
        @Override public String tag() { return "PromptTooLong"; }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    /**
     * The final answer was cut at the output cap and could not be recovered. {@link Category#CAPACITY}.
     *
     * @param maxOutputTokens the output cap, if known
     */
    record OutputTruncated(@Nullable Integer maxOutputTokens) implements Termination {
        /** Validates that the cap, when present, is not negative. */
        public OutputTruncated {
            Preconditions.nonNegativeOrNull(maxOutputTokens, "OutputTruncated.maxOutputTokens");
        }
        @Override public String tag() { return "OutputTruncated"; }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isBudgetExhausted() { return true; }
    }

    // ---------------------------------------------------------------- capacity: stuck

    /**
     * Consecutive iterations made no meaningful change. {@link Category#CAPACITY}.
     *
     * @param consecutiveThreshold the number of unchanged iterations that counts as a stall, if known
     */
    record StallDetected(@Nullable Integer consecutiveThreshold) implements Termination {
        /** Validates that the threshold, when present, is not negative. */
        public StallDetected {
            Preconditions.nonNegativeOrNull(consecutiveThreshold, "StallDetected.consecutiveThreshold");
        }
        @Override public String tag() { return "StallDetected"; }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isStuck() { return true; }
    }

    /**
     * Iterations repeated identical tool calls and results with no new text. {@link Category#CAPACITY}.
     *
     * @param unproductiveIterations the repeated iterations
     * @param snapshot the messages the run was stuck on; copied immutably
     */
    record NoProgress(int unproductiveIterations, List<Message> snapshot) implements Termination {
        /** Validates the count and copies the snapshot immutably. */
        public NoProgress {
            Preconditions.nonNegative(unproductiveIterations, "NoProgress.unproductiveIterations");
            snapshot = Preconditions.immutableList(snapshot, "NoProgress.snapshot");
        }
        @Override public String tag() { return "NoProgress"; }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isStuck() { return true; }
    }

    /**
     * Tool errors, bad arguments or calls to unknown tools came in a row. {@link Category#CAPACITY}.
     *
     * @param threshold the number of consecutive mistakes allowed
     */
    record ConsecutiveMistakes(int threshold) implements Termination {
        /** Validates that the threshold is not negative. */
        public ConsecutiveMistakes {
            Preconditions.nonNegative(threshold, "ConsecutiveMistakes.threshold");
        }
        @Override public String tag() { return "ConsecutiveMistakes"; }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isStuck() { return true; }
    }

    /**
     * The repair budget for structured output was used up. {@link Category#CAPACITY}.
     *
     * @param limit the number of repairs allowed
     * @param diagnostic what was wrong with the last output
     */
    record StructuredOutputRetriesExhausted(int limit, Diagnostic diagnostic) implements Termination {
        /** Validates the limit and the diagnostic. */
        public StructuredOutputRetriesExhausted {
            Preconditions.nonNegative(limit, "StructuredOutputRetriesExhausted.limit");
            Preconditions.notNull(diagnostic, "StructuredOutputRetriesExhausted.diagnostic");
        }
        @Override public String tag() { return "StructuredOutputRetriesExhausted"; }
        @Override public Category category() { return Category.CAPACITY; }
        @Override public boolean isStuck() { return true; }
    }

    // ---------------------------------------------------------------- interrupted and suspended

    /**
     * The caller cancelled the run. {@link Category#INTERRUPTED}.
     *
     * @param requestedBy who cancelled, if known; {@link #THREAD_INTERRUPT} when an interrupt of the thread that ran
     *     the work cancelled it
     */
    record Cancelled(@Nullable String requestedBy) implements Termination {
        /** The requester of a run cancelled by an interrupt of the thread that was running or waiting for it. */
        public static final String THREAD_INTERRUPT = "thread-interrupt";

        /** @return a cancellation by an interrupt of the running or waiting thread */
        public static Cancelled byThreadInterrupt() {
            return new Cancelled(THREAD_INTERRUPT);
        }

        @Override public String tag() { return "Cancelled"; }
        @Override public Category category() { return Category.INTERRUPTED; }
    }

    /**
     * A skip policy said not to run. {@link Category#INTERRUPTED}, outcome {@link Outcome#SKIPPED}.
     *
     * @param reason why, if given
     */
    record Skipped(@Nullable String reason) implements Termination {
        @Override public String tag() { return "Skipped"; }
        @Override public Category category() { return Category.INTERRUPTED; }
        @Override public Outcome defaultOutcome() { return Outcome.SKIPPED; }
    }

    /**
     * An action needs human approval; the run can be resumed. {@link Category#SUSPENDED}.
     *
     * @param gateId the gate waiting for a decision; resuming names it
     * @param proposalId the proposal (tool call, fact) waiting
     * @param summary what would happen if approved, for a person
     * @param agentId the agent that proposed it
     * @param cycle the iteration or cycle it was proposed in
     */
    record HitlGatePending(String gateId, String proposalId, String summary, String agentId, int cycle)
            implements Termination {
        /** Validates that no field is null and the cycle is not negative. */
        public HitlGatePending {
            Preconditions.notBlank(gateId, "HitlGatePending.gateId");
            Preconditions.notNull(proposalId, "HitlGatePending.proposalId");
            Preconditions.notNull(summary, "HitlGatePending.summary");
            Preconditions.notNull(agentId, "HitlGatePending.agentId");
            Preconditions.nonNegative(cycle, "HitlGatePending.cycle");
        }
        @Override public String tag() { return "HitlGatePending"; }
        @Override public Category category() { return Category.SUSPENDED; }
    }

    /**
     * Success criteria are blocked on a person. {@link Category#SUSPENDED}.
     *
     * @param criteria the blocked criteria
     * @param approvalRefs references to the approvals requested
     */
    record HumanInterventionRequired(List<String> criteria, List<String> approvalRefs) implements Termination {
        /** Copies both lists immutably. */
        public HumanInterventionRequired {
            criteria = Preconditions.immutableList(criteria, "HumanInterventionRequired.criteria");
            approvalRefs = Preconditions.immutableList(approvalRefs, "HumanInterventionRequired.approvalRefs");
        }
        @Override public String tag() { return "HumanInterventionRequired"; }
        @Override public Category category() { return Category.SUSPENDED; }
    }

    // ---------------------------------------------------------------- errors

    /**
     * An unrecoverable error during execution. The category is the error's:
     * {@link ErrorCategory#category()}.
     *
     * <p>The live exception, when there is one, rides along as {@link #cause()} for logs and
     * rethrowing inside the process. It is not part of {@code equals}, {@code hashCode},
     * {@code toString} or the JSON form: two failures with the same {@link ErrorInfo} are equal.
     *
     * @param error what went wrong, as data
     * @param cause the live exception, in-process only; null after deserialization
     */
    record Failed(ErrorInfo error, @Nullable Throwable cause) implements Termination {
        /** Validates that the error is not null. */
        public Failed {
            Preconditions.notNull(error, "Failed.error");
        }

        /**
         * A failure without a live exception (as after deserialization).
         *
         * @param error what went wrong
         */
        public Failed(ErrorInfo error) {
            this(error, null);
        }

        /**
         * A failure caused by an exception, keeping the exception as the live cause.
         *
         * @param exception the exception
         * @param category how to classify it
         * @return the failure
         */
        public static Failed of(Throwable exception, ErrorCategory category) {
            return new Failed(ErrorInfo.of(exception, category), exception);
        }

        /**
         * The live exception, if this failure was made in this process from one.
         *
         * @return the cause, or empty
         */
        public Optional<Throwable> liveCause() {
            return Optional.ofNullable(cause);
        }

        @Override public String tag() { return "Failed"; }
        @Override public Category category() { return error.category().category(); }

        @Override
        public boolean equals(@Nullable Object o) {
            return o instanceof Failed other && error.equals(other.error);
        }

        @Override
        public int hashCode() {
            return error.hashCode();
        }

        @Override
        public String toString() {
            return "Failed[error=" + error + "]";
        }
    }

    /**
     * The model provider rejected the credentials (401, 403). {@link Category#FATAL}: fix them, do not retry.
     *
     * @param provider the provider's name, e.g. {@code openai}
     * @param status the HTTP status
     */
    record ProviderAuthFailed(String provider, int status) implements Termination {
        /** Validates the provider and that the status is an HTTP status. */
        public ProviderAuthFailed {
            Preconditions.notNull(provider, "ProviderAuthFailed.provider");
            if (status < 100 || status > 599) {
                throw new IllegalArgumentException("ProviderAuthFailed.status must be an HTTP status (100-599), was " + status);
            }
        }
        @Override public String tag() { return "ProviderAuthFailed"; }
        @Override public Category category() { return Category.FATAL; }
    }

    /**
     * A hook or a tool asked the run to halt. {@link Category#FATAL}.
     *
     * @param source what halted it, e.g. {@code pre-tool-hook}
     * @param reason why
     */
    record Halted(String source, String reason) implements Termination {
        /** Validates that neither field is null. */
        public Halted {
            Preconditions.notNull(source, "Halted.source");
            Preconditions.notNull(reason, "Halted.reason");
        }
        @Override public String tag() { return "Halted"; }
        @Override public Category category() { return Category.FATAL; }
    }

    /**
     * The output could not be parsed as the required structure and repair was off.
     * {@link Category#RETRYABLE}.
     *
     * @param diagnostic what was received and what is wrong with it
     */
    record SchemaValidationFailed(Diagnostic diagnostic) implements Termination {
        /** Validates that the diagnostic is not null. */
        public SchemaValidationFailed {
            Preconditions.notNull(diagnostic, "SchemaValidationFailed.diagnostic");
        }
        @Override public String tag() { return "SchemaValidationFailed"; }
        @Override public Category category() { return Category.RETRYABLE; }
        @Override public boolean isValidationFailure() { return true; }
    }

    /**
     * Context compaction failed. {@link Category#FATAL}.
     *
     * @param reason why
     */
    record CompactionFailed(String reason) implements Termination {
        /** Validates that the reason is not null. */
        public CompactionFailed {
            Preconditions.notNull(reason, "CompactionFailed.reason");
        }
        @Override public String tag() { return "CompactionFailed"; }
        @Override public Category category() { return Category.FATAL; }
    }

    /**
     * A declared invariant failed. {@link Category#FATAL}.
     *
     * @param invariantClass when the invariant is checked
     * @param name the invariant's name
     * @param reason what failed
     */
    record InvariantViolated(InvariantClass invariantClass, String name, String reason) implements Termination {
        /** Validates that no field is null. */
        public InvariantViolated {
            Preconditions.notNull(invariantClass, "InvariantViolated.invariantClass");
            Preconditions.notNull(name, "InvariantViolated.name");
            Preconditions.notNull(reason, "InvariantViolated.reason");
        }
        @Override public String tag() { return "InvariantViolated"; }
        @Override public Category category() { return Category.FATAL; }
        @Override public boolean isValidationFailure() { return true; }
    }

    /**
     * A promotion gate rejected a proposal or a final answer. {@link Category#FATAL}.
     *
     * @param proposalId the rejected proposal
     * @param reason why
     */
    record PromotionRejected(String proposalId, String reason) implements Termination {
        /** Validates that neither field is null. */
        public PromotionRejected {
            Preconditions.notNull(proposalId, "PromotionRejected.proposalId");
            Preconditions.notNull(reason, "PromotionRejected.reason");
        }
        @Override public String tag() { return "PromotionRejected"; }
        @Override public Category category() { return Category.FATAL; }
        @Override public boolean isValidationFailure() { return true; }
    }

    /**
     * An agent or the model refused (a refusal, a content filter). {@link Category#FATAL}.
     *
     * @param agentId who refused
     * @param reason why, e.g. {@code content_filter}
     */
    record AgentRefused(String agentId, String reason) implements Termination {
        /** Validates that neither field is null. */
        public AgentRefused {
            Preconditions.notNull(agentId, "AgentRefused.agentId");
            Preconditions.notNull(reason, "AgentRefused.reason");
        }
        @Override public String tag() { return "AgentRefused"; }
        @Override public Category category() { return Category.FATAL; }
    }

    // ---------------------------------------------------------------- open cases

    /**
     * An application-specific cause without a type of its own. Its tag is always {@code "Custom"},
     * never the reason, so metrics stay bounded.
     *
     * <p>Properties are JSON values held as plain Java: {@code null}, {@link String}, {@link Boolean},
     * {@link Integer}, {@link Long}, {@link java.math.BigInteger}, {@link Double}, {@link BigDecimal},
     * lists and string-keyed maps of these. They are copied deeply and immutably, keeping their order.
     *
     * {@snippet :
     * var custom = new Termination.Custom("Reconciled", Map.of("FindingCount", 4), Category.SUCCESS);
     * int findings = custom.property("FindingCount", Integer.class).orElse(0);
     * }
     *
     * @param reason the cause, for people and logs (never a metric attribute)
     * @param properties the facts of the stop
     * @param category what the caller should do next
     */
    record Custom(String reason, Map<String, @Nullable Object> properties, Category category) implements Termination {
        /** Validates and deep-copies the properties. */
        public Custom {
            Preconditions.notNull(reason, "Custom.reason");
            properties = JsonTrees.copyObject(properties, "Custom.properties");
            Preconditions.notNull(category, "Custom.category");
        }

        /**
         * A custom termination without properties.
         *
         * @param reason the cause
         * @param category what the caller should do next
         * @return the termination
         */
        public static Custom of(String reason, Category category) {
            return new Custom(reason, Map.of(), category);
        }

        /**
         * Reads a property as the given type. Numbers convert between number types only when the
         * conversion is exact ({@code 4} reads as {@code Integer}, {@code Long} or {@code BigDecimal};
         * {@code 4.5} does not read as {@code Integer}).
         *
         * @param name the property
         * @param type the wanted type
         * @param <T> the wanted type
         * @return the value, or empty when the property is absent or JSON null
         * @throws IllegalArgumentException naming the property and its value when it is not of that type
         */
        public <T> Optional<T> property(String name, Class<T> type) {
            Object value = properties.get(name);
            return value == null ? Optional.empty()
                    : Optional.of(JsonTrees.convert(value, type, "Custom.properties." + name));
        }

        @Override public String tag() { return "Custom"; }
    }

    /**
     * A consumer's own typed case. Implementations are usually records, declare a constant tag and
     * a category, and may override the outcome and the predicates.
     *
     * <p>The tag must match {@code [A-Z][A-Za-z0-9]{0,63}} and must not be one of
     * {@link #FRAMEWORK_TAGS}. A malformed or colliding tag is refused with a clear error wherever an
     * extension is first used (JSON registration, metrics); {@link #requireValidTag(String)} is that check.
     *
     * {@snippet :
     * record QuotaExceeded(String tenant) implements Termination.Extension {
     *     @Override public String tag() { return "QuotaExceeded"; }
     *     @Override public Category category() { return Category.CAPACITY; }
     * }
     * }
     */
    non-sealed interface Extension extends Termination {

        /** The pattern every extension tag must match. */
        Pattern TAG_PATTERN = Pattern.compile("[A-Z][A-Za-z0-9]{0,63}");

        /**
         * Returns the tag if it is a valid extension tag.
         *
         * @param tag the tag
         * @return tag
         * @throws IllegalArgumentException when the tag is malformed or is a framework case's name
         */
        static String requireValidTag(@Nullable String tag) {
            Preconditions.notNull(tag, "Extension tag");
            if (!TAG_PATTERN.matcher(tag).matches()) {
                throw new IllegalArgumentException("Extension tag \"" + tag
                        + "\" is malformed: it must match [A-Z][A-Za-z0-9]{0,63}");
            }
            if (FRAMEWORK_TAGS.contains(tag)) {
                throw new IllegalArgumentException("Extension tag \"" + tag
                        + "\" collides with the framework case of that name; choose another");
            }
            return tag;
        }
    }
}
