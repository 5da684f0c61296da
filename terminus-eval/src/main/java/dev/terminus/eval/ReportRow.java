package dev.terminus.eval;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One run of one task: a line of the JSON Lines report. Three axes are kept apart: {@link #status()} (did the
 * infrastructure work, see {@link Status} for how it is decided), {@link #termination()} (why the agent loop stopped,
 * present whenever the loop ran) and {@link #eval()} (did the agent pass, present only on {@code SUCCESS} rows).
 *
 * <p><b>The JSON layout</b> is stable: every field is always written, in this order, {@code null} when absent
 * (one line in the file; wrapped here):
 * {@snippet lang=json :
 * {"task":"t1","repeat":0,"status":"SUCCESS",
 *  "termination":{"$kind":"NaturalCompletion"},"category":"SUCCESS","outcome":"SUCCEEDED",
 *  "eval":{"passed":true,"score":1.0,"reason":"exact match"},
 *  "usage":{"inputTokens":20,"outputTokens":10,"cachedInputTokens":0,"reasoningTokens":0},
 *  "costUsd":0.0012,"durationMs":12,"iterations":2,"toolCalls":1,"attempt":1,"error":null,"agent":"researcher",
 *  "stoppedByStage":null}
 * }
 * <ul>
 *   <li>{@code task}, {@code repeat} (from 0): which run this is;</li>
 *   <li>{@code status}: a {@link Status} name;</li>
 *   <li>{@code termination}: the Terminus wire format ({@code $kind} first, through {@code TerminusModule}), or
 *       null when the loop did not run; {@code category} and {@code outcome} are its category and the run's outcome,
 *       null with it;</li>
 *   <li>{@code eval}: {@code {"passed","score","reason"}} (score may be null), the string {@code "EXCLUDED"} for a
 *       capacity stop the {@link CapacityPolicy} excludes, or null when not evaluated;</li>
 *   <li>{@code usage}, {@code costUsd} (a plain decimal), {@code durationMs}: summed over every attempt of the row
 *       (what the row cost; {@code durationMs} is the harness's wall time of the attempts: setup, run and
 *       evaluation); {@code iterations} and {@code toolCalls} are the last attempt's run's (0 without one);</li>
 *   <li>{@code attempt}: which attempt (from 1) this row is, {@code 1 + retries used};</li>
 *   <li>{@code error}: {@code {"type","message","component"}} ({@link TaskError}), null exactly when the status is
 *       {@code SUCCESS};</li>
 *   <li>{@code agent}: the name of the agent that ended the last attempt's run ({@code RunResult.agentName()}: after
 *       handoffs, the last agent the run was handed to), null when the loop did not run or its result names none
 *       (a row written before this field was added reads as null);</li>
 *   <li>{@code stoppedByStage}: for a task run by a pipeline ({@link PipelineFactory}), the name of the stage that
 *       stopped it (its termination is the row's); null for an agent's row, a pipeline that completed, one cancelled
 *       between stages, and a row written before this field was added.</li>
 * </ul>
 * A reader skips fields it does not know, so a later version may add fields at the end.
 *
 * <p>A value: equal when every field is equal. It is a class with a {@link #builder()} rather than a record so that
 * it can gain fields as the layout does without breaking callers (see ADR 0016).
 */
public final class ReportRow {

    private final String task;
    private final int repeat;
    private final Status status;
    private final @Nullable Termination termination;
    private final @Nullable Category category;
    private final @Nullable Outcome outcome;
    private final @Nullable Evaluation eval;
    private final boolean excluded;
    private final Usage usage;
    private final BigDecimal costUsd;
    private final long durationMs;
    private final int iterations;
    private final int toolCalls;
    private final int attempt;
    private final @Nullable TaskError error;
    private final @Nullable String agent;
    private final @Nullable String stoppedByStage;

    /** What a row's evaluation says, for rendering and counting. */
    public enum Verdict {
        /** Evaluated, passed. */
        PASSED,
        /** Evaluated, not passed. */
        FAILED,
        /** A capacity stop, excluded from evaluation. */
        EXCLUDED,
        /** Not evaluated: the status is not {@code SUCCESS}. */
        NOT_EVALUATED
    }

    /**
     * Validates every field and that they agree: category and outcome come with the termination; only
     * {@code SUCCESS} rows are evaluated or excluded, and each of them is one of the two; the error is present exactly
     * when the status is not {@code SUCCESS}.
     */
    private ReportRow(Builder b) {
        this.task = Preconditions.notBlank(b.task, "ReportRow.task");
        this.repeat = Preconditions.nonNegative(b.repeat, "ReportRow.repeat");
        this.status = Preconditions.notNull(b.status, "ReportRow.status");
        this.termination = b.termination;
        this.category = b.category;
        this.outcome = b.outcome;
        this.eval = b.eval;
        this.excluded = b.excluded;
        this.error = b.error;
        if ((termination == null) != (category == null) || (termination == null) != (outcome == null)) {
            throw new IllegalArgumentException("ReportRow.category and ReportRow.outcome must be present exactly when"
                    + " ReportRow.termination is, were termination=" + termination + ", category=" + category
                    + ", outcome=" + outcome);
        }
        if (excluded && eval != null) {
            throw new IllegalArgumentException("ReportRow.eval must be null when the row is excluded, was " + eval);
        }
        boolean success = status == Status.SUCCESS;
        if (success && (termination == null || (eval == null && !excluded))) {
            throw new IllegalArgumentException("a SUCCESS row must have a termination and an eval (or be excluded),"
                    + " had termination=" + termination + ", eval=" + eval);
        }
        if (!success && (eval != null || excluded)) {
            throw new IllegalArgumentException("a " + status + " row is not evaluated: ReportRow.eval must be null and"
                    + " not excluded, was " + (excluded ? "EXCLUDED" : eval));
        }
        if (success != (error == null)) {
            throw new IllegalArgumentException("ReportRow.error must be null exactly when the status is SUCCESS, was "
                    + error + " with status " + status);
        }
        this.usage = Preconditions.notNull(b.usage, "ReportRow.usage");
        this.costUsd = Preconditions.nonNegative(b.costUsd, "ReportRow.costUsd");
        this.durationMs = Preconditions.nonNegative(b.durationMs, "ReportRow.durationMs");
        this.iterations = Preconditions.nonNegative(b.iterations, "ReportRow.iterations");
        this.toolCalls = Preconditions.nonNegative(b.toolCalls, "ReportRow.toolCalls");
        if (b.attempt < 1) {
            throw new IllegalArgumentException("ReportRow.attempt must be >= 1, was " + b.attempt);
        }
        this.attempt = b.attempt;
        if (b.agent != null && (termination == null || b.agent.isBlank())) {
            throw new IllegalArgumentException("ReportRow.agent must be null when the loop did not run (no termination)"
                    + " and not blank otherwise, was \"" + b.agent + "\" with termination " + termination);
        }
        this.agent = b.agent;
        if (b.stoppedByStage != null && (termination == null || b.stoppedByStage.isBlank())) {
            throw new IllegalArgumentException("ReportRow.stoppedByStage must be null when nothing ran (no"
                    + " termination) and not blank otherwise, was \"" + b.stoppedByStage + "\" with termination "
                    + termination);
        }
        this.stoppedByStage = b.stoppedByStage;
    }

    /**
     * @return a builder with no task and no status (both required), repeat 0, attempt 1, no termination,
     *     evaluation, error, agent or stopping stage, and zero usage, cost, duration, iterations and tool calls
     */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this row's fields, to build a changed copy */
    public Builder toBuilder() {
        return builder().task(task).repeat(repeat).status(status).termination(termination).category(category)
                .outcome(outcome).eval(eval).excluded(excluded).usage(usage).costUsd(costUsd).durationMs(durationMs)
                .iterations(iterations).toolCalls(toolCalls).attempt(attempt).error(error).agent(agent)
                .stoppedByStage(stoppedByStage);
    }

    /** @return the task's id */
    public String task() {
        return task;
    }

    /** @return which repeat of the task, from 0 */
    public int repeat() {
        return repeat;
    }

    /** @return did the infrastructure work */
    public Status status() {
        return status;
    }

    /** @return why the loop stopped, or null when it did not run */
    public @Nullable Termination termination() {
        return termination;
    }

    /**
     * @return the termination's category (as written: a reader that does not know a termination's kind keeps it), or
     *     null with the termination
     */
    public @Nullable Category category() {
        return category;
    }

    /** @return the run's outcome, or null with the termination */
    public @Nullable Outcome outcome() {
        return outcome;
    }

    /** @return the evaluation, present only on {@code SUCCESS} rows that were not excluded */
    public @Nullable Evaluation eval() {
        return eval;
    }

    /** @return whether the row is a capacity stop excluded from evaluation ({@code "eval":"EXCLUDED"}) */
    public boolean excluded() {
        return excluded;
    }

    /** @return the tokens of every attempt */
    public Usage usage() {
        return usage;
    }

    /** @return the money of every attempt, in US dollars */
    public BigDecimal costUsd() {
        return costUsd;
    }

    /** @return the wall time of every attempt, in milliseconds */
    public long durationMs() {
        return durationMs;
    }

    /** @return the last attempt's run's iterations */
    public int iterations() {
        return iterations;
    }

    /** @return the last attempt's run's tool calls */
    public int toolCalls() {
        return toolCalls;
    }

    /** @return which attempt this row is, from 1 */
    public int attempt() {
        return attempt;
    }

    /** @return why the status is not {@code SUCCESS}, or null when it is */
    public @Nullable TaskError error() {
        return error;
    }

    /** @return the agent that ended the last attempt's run (after handoffs, the last one), or null */
    public @Nullable String agent() {
        return agent;
    }

    /**
     * @return the stage that stopped the pipeline of a pipeline's row (its termination is the row's), or null: an
     *     agent's row, a pipeline that completed or was cancelled between stages
     */
    public @Nullable String stoppedByStage() {
        return stoppedByStage;
    }

    /** @return what the row's evaluation says */
    public Verdict verdict() {
        if (excluded) {
            return Verdict.EXCLUDED;
        }
        if (eval == null) {
            return Verdict.NOT_EVALUATED;
        }
        return eval.passed() ? Verdict.PASSED : Verdict.FAILED;
    }

    /**
     * Whether {@link Benchmark#rerun} runs this task and repeat again: when its infrastructure did not work (status
     * not {@code SUCCESS}) or its evaluation failed. Passed and excluded rows are kept.
     *
     * @return true for rows to run again
     */
    public boolean needsRerun() {
        return status != Status.SUCCESS || verdict() == Verdict.FAILED;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof ReportRow r && task.equals(r.task) && repeat == r.repeat && status == r.status
                && Objects.equals(termination, r.termination) && category == r.category && outcome == r.outcome
                && Objects.equals(eval, r.eval) && excluded == r.excluded && usage.equals(r.usage)
                && costUsd.equals(r.costUsd) && durationMs == r.durationMs && iterations == r.iterations
                && toolCalls == r.toolCalls && attempt == r.attempt && Objects.equals(error, r.error)
                && Objects.equals(agent, r.agent) && Objects.equals(stoppedByStage, r.stoppedByStage);
    }

    @Override
    public int hashCode() {
        return Objects.hash(task, repeat, status, termination, category, outcome, eval, excluded, usage, costUsd,
                durationMs, iterations, toolCalls, attempt, error, agent, stoppedByStage);
    }

    @Override
    public String toString() {
        return "ReportRow[task=" + task + ", repeat=" + repeat + ", status=" + status + ", termination=" + termination
                + ", category=" + category + ", outcome=" + outcome + ", eval=" + eval + ", excluded=" + excluded
                + ", usage=" + usage + ", costUsd=" + costUsd + ", durationMs=" + durationMs + ", iterations="
                + iterations + ", toolCalls=" + toolCalls + ", attempt=" + attempt + ", error=" + error + ", agent="
                + agent + ", stoppedByStage=" + stoppedByStage + "]";
    }

    /**
     * Builds a {@link ReportRow}. Task and status are required; see {@link ReportRow#builder()} for where the other
     * fields start. {@link #build()} validates each field and that they agree, naming the field and the bad value.
     */
    public static final class Builder {
        private @Nullable String task;
        private int repeat;
        private @Nullable Status status;
        private @Nullable Termination termination;
        private @Nullable Category category;
        private @Nullable Outcome outcome;
        private @Nullable Evaluation eval;
        private boolean excluded;
        private @Nullable Usage usage = Usage.ZERO;
        private @Nullable BigDecimal costUsd = BigDecimal.ZERO;
        private long durationMs;
        private int iterations;
        private int toolCalls;
        private int attempt = 1;
        private @Nullable TaskError error;
        private @Nullable String agent;
        private @Nullable String stoppedByStage;

        private Builder() {}

        /** @param task the task's id; required, not blank @return this builder */
        public Builder task(String task) {
            this.task = task;
            return this;
        }

        /** @param repeat which repeat of the task, from 0 @return this builder */
        public Builder repeat(int repeat) {
            this.repeat = repeat;
            return this;
        }

        /** @param status did the infrastructure work; required @return this builder */
        public Builder status(Status status) {
            this.status = status;
            return this;
        }

        /** @param termination why the loop stopped, or null when it did not run @return this builder */
        public Builder termination(@Nullable Termination termination) {
            this.termination = termination;
            return this;
        }

        /** @param category the termination's category, or null with it @return this builder */
        public Builder category(@Nullable Category category) {
            this.category = category;
            return this;
        }

        /** @param outcome the run's outcome, or null with the termination @return this builder */
        public Builder outcome(@Nullable Outcome outcome) {
            this.outcome = outcome;
            return this;
        }

        /** @param eval the evaluation of a {@code SUCCESS} row, or null @return this builder */
        public Builder eval(@Nullable Evaluation eval) {
            this.eval = eval;
            return this;
        }

        /** @param excluded whether the row is a capacity stop excluded from evaluation @return this builder */
        public Builder excluded(boolean excluded) {
            this.excluded = excluded;
            return this;
        }

        /** @param usage the tokens of every attempt @return this builder */
        public Builder usage(Usage usage) {
            this.usage = usage;
            return this;
        }

        /** @param costUsd the money of every attempt, in US dollars, at least 0 @return this builder */
        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        /** @param durationMs the wall time of every attempt, in milliseconds, at least 0 @return this builder */
        public Builder durationMs(long durationMs) {
            this.durationMs = durationMs;
            return this;
        }

        /** @param iterations the last attempt's run's iterations, at least 0 @return this builder */
        public Builder iterations(int iterations) {
            this.iterations = iterations;
            return this;
        }

        /** @param toolCalls the last attempt's run's tool calls, at least 0 @return this builder */
        public Builder toolCalls(int toolCalls) {
            this.toolCalls = toolCalls;
            return this;
        }

        /** @param attempt which attempt this row is, from 1 @return this builder */
        public Builder attempt(int attempt) {
            this.attempt = attempt;
            return this;
        }

        /** @param error why the status is not {@code SUCCESS}, or null when it is @return this builder */
        public Builder error(@Nullable TaskError error) {
            this.error = error;
            return this;
        }

        /**
         * @param agent the agent that ended the last attempt's run, or null when the loop did not run; not blank
         * @return this builder
         */
        public Builder agent(@Nullable String agent) {
            this.agent = agent;
            return this;
        }

        /**
         * @param stoppedByStage the stage that stopped a pipeline's run, or null (an agent's row, a pipeline that
         *     completed); not blank, and only with a termination
         * @return this builder
         */
        public Builder stoppedByStage(@Nullable String stoppedByStage) {
            this.stoppedByStage = stoppedByStage;
            return this;
        }

        /**
         * @return the row
         * @throws NullPointerException naming a required field that is null
         * @throws IllegalArgumentException naming a field and its bad value, or fields that do not agree
         */
        public ReportRow build() {
            return new ReportRow(this);
        }
    }
}
