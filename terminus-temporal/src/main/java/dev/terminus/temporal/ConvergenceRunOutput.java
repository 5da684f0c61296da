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
 * @param omitted when the facts were too large for the output's payload: they are left out ({@code facts} is empty)
 *     and are the first this many entries of the workflow's log of facts, which
 *     {@link ConvergenceWorkflows#output} reads back through the {@link ConvergenceWorkflow#contextFacts} query;
 *     null when the output holds them
 */
public record ConvergenceRunOutput(Termination termination, Outcome outcome, List<Fact> facts, int cycles,
        int factsMerged, Usage usage, List<RejectedProposal> rejected, Duration duration, @Nullable String stoppedBy,
        @Nullable Integer omitted) {

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
        if (omitted != null) {
            Preconditions.nonNegative(omitted, "ConvergenceRunOutput.omitted");
        }
    }

    /**
     * An output that holds its facts.
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
    public ConvergenceRunOutput(Termination termination, Outcome outcome, List<Fact> facts, int cycles,
            int factsMerged, Usage usage, List<RejectedProposal> rejected, Duration duration,
            @Nullable String stoppedBy) {
        this(termination, outcome, facts, cycles, factsMerged, usage, rejected, duration, stoppedBy, null);
    }

    /**
     * @param entries the entries of the workflow's log of facts that make the final context
     * @return this output without its facts, referring to them
     */
    public ConvergenceRunOutput omittingFacts(int entries) {
        return new ConvergenceRunOutput(termination, outcome, List.of(), cycles, factsMerged, usage, rejected,
                duration, stoppedBy, entries);
    }

    /**
     * @param read the facts read back
     * @return this output holding them
     */
    public ConvergenceRunOutput withFacts(List<Fact> read) {
        return new ConvergenceRunOutput(termination, outcome, read, cycles, factsMerged, usage, rejected, duration,
                stoppedBy, null);
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

    /** @return the final context (empty when the facts were {@link #omitted()}) */
    public Context context() {
        return Context.ofFacts(facts);
    }
}
