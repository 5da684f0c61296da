package dev.terminus.agent;

import dev.terminus.Preconditions;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * A named condition of success, evaluated when the run claims completion. When every criterion of the agent is met
 * the run ends {@link dev.terminus.Termination.CriteriaMet}; when one is blocked on a person it ends
 * {@link dev.terminus.Termination.HumanInterventionRequired}; when one is not met yet, the model is told what is
 * missing and the run goes on (within its budgets).
 *
 * {@snippet :
 * SuccessCriterion cited = SuccessCriterion.of("cites-a-source", (run, answer) ->
 *         answer != null && answer.contains("http") ? CriterionResult.met() : CriterionResult.notMet("cite a source"));
 * }
 */
public interface SuccessCriterion {

    /** @return the criterion's name, reported in the termination */
    String name();

    /**
     * @param run the run at the claim
     * @param answer the answer claimed final, or null when the claim has no answer text
     * @return whether it is met
     */
    CriterionResult evaluate(RunContext run, @Nullable String answer);

    /**
     * @param name its name
     * @param evaluation the evaluation
     * @return the criterion
     */
    static SuccessCriterion of(String name, BiFunction<RunContext, @Nullable String, CriterionResult> evaluation) {
        Preconditions.notNull(name, "name");
        Preconditions.notNull(evaluation, "evaluation");
        return new SuccessCriterion() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public CriterionResult evaluate(RunContext run, @Nullable String answer) {
                return evaluation.apply(run, answer);
            }

            @Override
            public String toString() {
                return "SuccessCriterion[" + name + "]";
            }
        };
    }
}
