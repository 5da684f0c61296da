package dev.terminus.eval;

import dev.terminus.eval.spi.Evaluator;
import dev.terminus.Preconditions;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link Evaluator} decided about a run: passed or not, an optional score and why. In the report:
 * {@code "eval":{"passed":true,"score":1.0,"reason":"exact match"}}.
 *
 * @param passed whether the agent passed the task
 * @param score a score in [0, 1], or null when the evaluator gives none
 * @param reason why, for a person reading the report; may be empty
 */
public record Evaluation(boolean passed, @Nullable Double score, String reason) {

    /** Validates the score and the reason. */
    public Evaluation {
        if (score != null && !(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("Evaluation.score must be in [0, 1] or null, was " + score);
        }
        Preconditions.notNull(reason, "Evaluation.reason");
    }

    /**
     * @param reason why
     * @return a pass with score 1
     */
    public static Evaluation pass(String reason) {
        return new Evaluation(true, 1.0, reason);
    }

    /**
     * @param reason why
     * @return a failure with score 0
     */
    public static Evaluation fail(String reason) {
        return new Evaluation(false, 0.0, reason);
    }
}
