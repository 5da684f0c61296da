package dev.terminus.agent.internal;

import dev.terminus.InvariantClass;
import dev.terminus.Termination;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.Invariant;
import dev.terminus.agent.PromotionGate;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.SuccessCriterion;
import dev.terminus.agent.spi.OutputValidator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * What an agent checks beyond its budgets and guards: the answer's shape, compaction, approvals, invariants, success
 * criteria and the promotion gate. Frozen by {@code AgentBuilder}.
 *
 * @param output the structured output's validator, or null
 * @param compaction how the transcript is compacted, or null
 * @param approvals the tools that need a person's approval, each with the predicate over its arguments that says when
 * @param criteria the success criteria, in order
 * @param invariants the invariants, in order
 * @param promotion the promotion gate, or null
 */
public record RunRules(@Nullable OutputValidator output, @Nullable Compaction compaction,
        Map<String, Predicate<Map<String, @Nullable Object>>> approvals, List<SuccessCriterion> criteria,
        List<Invariant> invariants, @Nullable PromotionGate promotion) {

    /** No rules. */
    public static final RunRules NONE = new RunRules(null, null, Map.of(), List.of(), List.of(), null);

    /** Freezes the collections. */
    public RunRules {
        approvals = Map.copyOf(approvals);
        criteria = List.copyOf(criteria);
        invariants = List.copyOf(invariants);
    }

    /** @return whether a completion claim is reviewed before the run ends with it */
    boolean reviewsClaims() {
        return output != null || !criteria.isEmpty() || promotion != null || has(InvariantClass.ACCEPTANCE);
    }

    /**
     * Checks the invariants of a class, in order.
     *
     * @return the termination of the first violation, or null when they all hold
     * @throws IllegalArgumentException when the violated invariant ends the run with a case it may not (the run
     *     then fails, naming it)
     */
    @Nullable Termination violated(InvariantClass invariantClass, RunContext run) {
        for (Invariant invariant : invariants) {
            if (invariant.invariantClass() == invariantClass) {
                String reason = invariant.violation(run);
                if (reason != null) {
                    return termination(invariant, run, reason);
                }
            }
        }
        return null;
    }

    /** How a violation ends the run: the invariant's own {@code InvariantViolated}, or an application's own case. */
    private static Termination termination(Invariant invariant, RunContext run, String reason) {
        Termination end = invariant.termination(run, reason);
        if (end instanceof Termination.InvariantViolated(InvariantClass kind, String name, String why)
                && kind == invariant.invariantClass() && name.equals(invariant.name())) {
            return end;
        }
        return ApplicationCases.require(end, "the termination of invariant \"" + invariant.name() + "\" ("
                + invariant.invariantClass() + "), when not its own InvariantViolated,");
    }

    /** @return whether an invariant of the class is declared */
    boolean has(InvariantClass invariantClass) {
        for (Invariant invariant : invariants) {
            if (invariant.invariantClass() == invariantClass) {
                return true;
            }
        }
        return false;
    }
}
