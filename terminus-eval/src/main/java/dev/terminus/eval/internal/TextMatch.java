package dev.terminus.eval.internal;

import dev.terminus.agent.RunResult;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.EvaluationException;
import dev.terminus.eval.Task;
import dev.terminus.eval.spi.Evaluator;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** The text evaluators: exact match and regular expressions. */
public final class TextMatch {
    private TextMatch() {}

    /** @return the exact-match evaluator */
    public static Evaluator exact() {
        return new Evaluator() {
            @Override
            public Evaluation evaluate(Task task, RunResult run) {
                String expected = Answers.expected(task);
                String answer = run.finalAnswer().orElse(null);
                if (answer == null) {
                    return Answers.noAnswer(run);
                }
                return answer.strip().equals(expected.strip()) ? Evaluation.pass("exact match")
                        : Evaluation.fail("expected " + Answers.quote(expected.strip()) + ", got "
                                + Answers.quote(answer.strip()));
            }

            @Override
            public String toString() {
                return "exactMatch";
            }
        };
    }

    /** @param pattern the pattern @return an evaluator finding it in the answer */
    public static Evaluator regex(Pattern pattern) {
        return new Evaluator() {
            @Override
            public Evaluation evaluate(Task task, RunResult run) {
                return find(pattern, run);
            }

            @Override
            public String toString() {
                return "regex(" + pattern + ")";
            }
        };
    }

    /** @return an evaluator finding the task's expected answer, as a pattern, in the answer */
    public static Evaluator expectedRegex() {
        return (task, run) -> {
            String expected = Answers.expected(task);
            Pattern pattern;
            try {
                pattern = Pattern.compile(expected);
            } catch (PatternSyntaxException e) {
                throw new EvaluationException("the expected answer of task \"" + task.id()
                        + "\" is not a regular expression: " + e.getMessage());
            }
            return find(pattern, run);
        };
    }

    private static Evaluation find(Pattern pattern, RunResult run) {
        String answer = run.finalAnswer().orElse(null);
        if (answer == null) {
            return Answers.noAnswer(run);
        }
        return pattern.matcher(answer).find() ? Evaluation.pass("matches /" + pattern + "/")
                : Evaluation.fail("no match of /" + pattern + "/ in " + Answers.quote(answer));
    }
}
