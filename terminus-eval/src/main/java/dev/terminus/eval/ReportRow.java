package dev.terminus.eval;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
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
 *  "costUsd":0.0012,"durationMs":12,"iterations":2,"toolCalls":1,"attempt":1,"error":null}
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
 *       {@code SUCCESS}.</li>
 * </ul>
 * A reader skips fields it does not know, so a later version may add fields at the end.
 *
 * @param task the task's id
 * @param repeat which repeat of the task, from 0
 * @param status did the infrastructure work
 * @param termination why the loop stopped, or null when it did not run
 * @param category the termination's category (as written: a reader that does not know a termination's kind keeps
 *     it), or null with the termination
 * @param outcome the run's outcome, or null with the termination
 * @param eval the evaluation, present only on {@code SUCCESS} rows that were not excluded
 * @param excluded whether the row is a capacity stop excluded from evaluation ({@code "eval":"EXCLUDED"})
 * @param usage the tokens of every attempt
 * @param costUsd the money of every attempt, in US dollars
 * @param durationMs the wall time of every attempt, in milliseconds
 * @param iterations the last attempt's run's iterations
 * @param toolCalls the last attempt's run's tool calls
 * @param attempt which attempt this row is, from 1
 * @param error why the status is not {@code SUCCESS}, or null when it is
 */
public record ReportRow(String task, int repeat, Status status, @Nullable Termination termination,
        @Nullable Category category, @Nullable Outcome outcome, @Nullable Evaluation eval, boolean excluded,
        Usage usage, BigDecimal costUsd, long durationMs, int iterations, int toolCalls, int attempt,
        @Nullable TaskError error) {

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
     * Validates every component and that they agree: category and outcome come with the termination; only
     * {@code SUCCESS} rows are evaluated or excluded, and each of them is one of the two; the error is present exactly
     * when the status is not {@code SUCCESS}.
     */
    public ReportRow {
        Preconditions.notBlank(task, "ReportRow.task");
        Preconditions.nonNegative(repeat, "ReportRow.repeat");
        Preconditions.notNull(status, "ReportRow.status");
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
        Preconditions.notNull(usage, "ReportRow.usage");
        Preconditions.nonNegative(costUsd, "ReportRow.costUsd");
        Preconditions.nonNegative(durationMs, "ReportRow.durationMs");
        Preconditions.nonNegative(iterations, "ReportRow.iterations");
        Preconditions.nonNegative(toolCalls, "ReportRow.toolCalls");
        if (attempt < 1) {
            throw new IllegalArgumentException("ReportRow.attempt must be >= 1, was " + attempt);
        }
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
}
