package dev.terminus.eval.spi;

import dev.terminus.agent.RunResult;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.Evaluators;
import dev.terminus.eval.Status;
import dev.terminus.eval.Task;

/**
 * Decides whether an agent passed a task, from the task and the run's result. Called only for runs whose
 * infrastructure worked (see {@link Status}), on the task's thread, within its timeout; it must be thread-safe when
 * the benchmark runs tasks in parallel. {@link Evaluators} has the usual ones.
 *
 * {@snippet :
 * Evaluator citesASource = (task, run) -> run.finalAnswer().filter(answer -> answer.contains("http")).isPresent()
 *         ? Evaluation.pass("cites a source")
 *         : Evaluation.fail("no link in the answer");
 * }
 *
 * <p>An evaluator that throws (or returns null) does not fail the agent: the row's status is
 * {@link Status#EVALUATION_FAILED}, with the exception as its error. A wrong or missing answer is a failed
 * {@link Evaluation}, not an exception.
 */
@FunctionalInterface
public interface Evaluator {

    /**
     * @param task the task
     * @param run the agent's run: its termination, answer, transcript, usage...
     * @return the evaluation
     * @throws Exception when the evaluator cannot decide (a judge model failed, the task lacks what it needs)
     */
    Evaluation evaluate(Task task, RunResult run) throws Exception;
}
