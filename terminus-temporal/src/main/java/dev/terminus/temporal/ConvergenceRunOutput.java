package dev.terminus.temporal;

import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.Fact;
import dev.terminus.converge.RejectedProposal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link ConvergenceWorkflow}'s run ended: the parts of its {@link ConvergenceResult} that cross the wire. Every
 * run ends with one, never at a gate: a run that pauses waits in its workflow for a decision.
 *
 * @param termination why the run stopped, in the wire format
 * @param outcome the dashboard outcome
 * @param facts the facts of the final context, in the order they were first merged
 * @param cycles the cycles started (the cycle it stopped in included)
 * @param factsMerged how many proposals were merged
 * @param usage the tokens the agents consumed
 * @param rejected the proposals rejected, by the gate or a person, in order
 * @param duration how long the run took, in workflow time (the waits for decisions not counted)
 * @param stoppedBy the agent whose answer ended the run, or null when the engine's own checks did
 */
public record ConvergenceRunOutput(Termination termination, Outcome outcome, List<Fact> facts, int cycles,
        int factsMerged, Usage usage, List<RejectedProposal> rejected, Duration duration, @Nullable String stoppedBy) {

    /** Validates and copies the lists. */
    public ConvergenceRunOutput {
        Preconditions.notNull(termination, "ConvergenceRunOutput.termination");
        Preconditions.notNull(outcome, "ConvergenceRunOutput.outcome");
        facts = Preconditions.immutableList(facts, "ConvergenceRunOutput.facts");
        Preconditions.nonNegative(cycles, "ConvergenceRunOutput.cycles");
        Preconditions.nonNegative(factsMerged, "ConvergenceRunOutput.factsMerged");
        Preconditions.notNull(usage, "ConvergenceRunOutput.usage");
        rejected = Preconditions.immutableList(rejected, "ConvergenceRunOutput.rejected");
        Preconditions.notNull(duration, "ConvergenceRunOutput.duration");
    }

    /**
     * @param result a run's result
     * @return its output
     */
    public static ConvergenceRunOutput of(ConvergenceResult result) {
        return new ConvergenceRunOutput(result.termination(), result.outcome(), result.context().facts(),
                result.cycles(), result.factsMerged(), result.usage(), result.rejected(), result.duration(),
                result.stoppedBy().orElse(null));
    }

    /** @return the final context */
    public Context context() {
        return Context.ofFacts(facts);
    }
}
