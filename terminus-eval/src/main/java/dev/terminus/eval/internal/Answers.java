package dev.terminus.eval.internal;

import dev.terminus.agent.RunResult;
import dev.terminus.eval.EvaluationException;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.Task;

/** Helpers shared by the evaluators. */
final class Answers {
    private static final int SHOWN = 120;

    private Answers() {}

    /** @return the evaluation of a run that has no answer */
    static Evaluation noAnswer(RunResult run) {
        return Evaluation.fail("no answer: the run ended " + run.termination().tag());
    }

    /** @return the task's expected answer @throws EvaluationException when it has none */
    static String expected(Task task) {
        if (task.expected() == null) {
            throw new EvaluationException("task \"" + task.id() + "\" has no expected answer to compare with");
        }
        return task.expected();
    }

    /** @return the text quoted, cut to a readable length */
    static String quote(String text) {
        return "\"" + cut(text) + "\"";
    }

    /** @return the text cut to a readable length */
    static String cut(String text) {
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "...";
    }
}
