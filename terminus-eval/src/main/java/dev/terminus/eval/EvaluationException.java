package dev.terminus.eval;

import dev.terminus.eval.spi.Evaluator;

/**
 * Thrown by an {@link Evaluator} that cannot decide: the task lacks what it needs (no expected answer), or a judge
 * model answered neither PASS nor FAIL. The row's status is then {@link Status#EVALUATION_FAILED}.
 */
public class EvaluationException extends RuntimeException {

    /** @param message what the evaluator could not do */
    public EvaluationException(String message) {
        super(message);
    }
}
