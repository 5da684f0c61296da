package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.agent.spi.Model;
import dev.terminus.eval.internal.JsonFieldMatch;
import dev.terminus.eval.internal.ModelJudge;
import dev.terminus.eval.internal.TextMatch;
import dev.terminus.eval.spi.Evaluator;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The usual {@link Evaluator}s. Each compares the run's final answer ({@code RunResult.finalAnswer()}: the last
 * assistant text, or the submitted arguments as JSON); a run without an answer fails its evaluation ("no answer").
 * An evaluator that needs the task's expected answer and finds none throws {@link EvaluationException} (the row's
 * status is then {@code EVALUATION_FAILED}: the benchmark is broken, not the agent).
 *
 * {@snippet :
 * // given: Model judgeModel
 * Evaluator exact = Evaluators.exactMatch();                                  // "4" == "4"
 * Evaluator found = Evaluators.regex(Pattern.compile("\\b4\\b"));            // anywhere in the answer
 * Evaluator city = Evaluators.jsonField("/destination/city", "Oslo");        // {"destination":{"city":"Oslo"}}
 * Evaluator judged = Evaluators.modelJudge(judgeModel, "The answer must cite at least two sources.");
 * }
 */
public final class Evaluators {
    private Evaluators() {}

    /**
     * The answer equals the task's expected answer, leading and trailing whitespace ignored.
     *
     * @return the evaluator; passed and failed evaluations have scores 1 and 0
     */
    public static Evaluator exactMatch() {
        return TextMatch.exact();
    }

    /**
     * The pattern is found in the answer ({@link java.util.regex.Matcher#find()}: anchor it with {@code ^...$} to
     * match the whole answer).
     *
     * @param pattern the pattern
     * @return the evaluator
     */
    public static Evaluator regex(Pattern pattern) {
        return TextMatch.regex(Preconditions.notNull(pattern, "pattern"));
    }

    /**
     * The task's expected answer, as a regular expression, is found in the answer. A task whose expected answer is
     * not a valid expression fails the evaluation ({@code EVALUATION_FAILED}).
     *
     * @return the evaluator
     */
    public static Evaluator regexFromExpected() {
        return TextMatch.expectedRegex();
    }

    /**
     * The answer, parsed as JSON (inside a Markdown code fence or not), has a value equal to {@code expected} at a
     * JSON Pointer. Numbers are equal by value ({@code 1} equals {@code 1.0}); an answer that is not JSON, or has no
     * value there, fails.
     *
     * @param pointer an RFC 6901 JSON Pointer, e.g. {@code /destination/city}; {@code ""} is the whole answer
     * @param expected the expected value as plain Java: null, a string, a number, a boolean, a list or a map
     * @return the evaluator
     * @throws IllegalArgumentException when the pointer is not a JSON Pointer or the value is not JSON
     */
    public static Evaluator jsonField(String pointer, @Nullable Object expected) {
        return JsonFieldMatch.of(Preconditions.notNull(pointer, "pointer"), expected);
    }

    /**
     * As {@link #jsonField(String, Object)}, the expected value being the task's expected answer read as JSON (a
     * string must be quoted: {@code "\"Oslo\""}; a number is {@code 42}).
     *
     * @param pointer an RFC 6901 JSON Pointer
     * @return the evaluator
     * @throws IllegalArgumentException when the pointer is not a JSON Pointer
     */
    public static Evaluator jsonField(String pointer) {
        return JsonFieldMatch.fromExpected(Preconditions.notNull(pointer, "pointer"));
    }

    /**
     * A model judges the answer by a rubric. It is shown the rubric, the task, the expected answer (when the task has
     * one), how the run ended and the answer, and must answer {@code PASS} or {@code FAIL} first, then why; the
     * evaluation's reason is its why. A judge that fails or answers otherwise throws, and the row's status is
     * {@code EVALUATION_FAILED}. The judge's tokens are not counted in the row's usage.
     *
     * @param judge the judging model
     * @param rubric what a passing answer must do
     * @return the evaluator
     */
    public static Evaluator modelJudge(Model judge, String rubric) {
        return new ModelJudge(Preconditions.notNull(judge, "judge"), Preconditions.notBlank(rubric, "rubric"));
    }
}
