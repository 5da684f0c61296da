package dev.terminus.converge;

import dev.terminus.agent.CriterionResult;
import dev.terminus.Preconditions;
import java.util.function.Function;

/**
 * A success criterion of a convergence run, evaluated on the context at the end of every cycle. When every criterion
 * is {@linkplain CriterionResult.Met met} the run ends {@link dev.terminus.Termination.CriteriaMet} (after the
 * acceptance invariants), even before a fixed point. When a cycle changes nothing and some are not met, the agents can
 * do no more: the run ends {@link dev.terminus.Termination.HumanInterventionRequired} naming the criteria not met and
 * the approval references of the {@linkplain CriterionResult.Blocked blocked} ones. A criterion that throws ends the
 * run {@code Failed}.
 *
 * {@snippet :
 * ContextCriterion reconciled = ContextCriterion.of("totals-match", context ->
 *         context.value("status", String.class).filter("reconciled"::equals).isPresent()
 *                 ? CriterionResult.met() : CriterionResult.notMet("the totals do not match yet"));
 * }
 */
public interface ContextCriterion {

    /** @return its name, reported in the termination */
    String name();

    /**
     * @param context the context at the end of a cycle
     * @return met, not met (with what is missing), or blocked on a person (with a reference to the approval)
     */
    CriterionResult evaluate(Context context);

    /**
     * @param name its name, not blank
     * @param evaluation the evaluation
     * @return the criterion
     */
    static ContextCriterion of(String name, Function<Context, CriterionResult> evaluation) {
        Preconditions.notBlank(name, "name");
        Preconditions.notNull(evaluation, "evaluation");
        return new ContextCriterion() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public CriterionResult evaluate(Context context) {
                return evaluation.apply(context);
            }

            @Override
            public String toString() {
                return "ContextCriterion[" + name + "]";
            }
        };
    }
}
