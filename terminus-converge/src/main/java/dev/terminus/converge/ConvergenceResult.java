package dev.terminus.converge;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a convergence run ended, and what it did: on every path, failures included.
 *
 * @param termination why it stopped
 * @param context the context at the end
 * @param cycles the cycles started (the cycle it stopped in included)
 * @param factsMerged how many proposals were merged into the context
 * @param usage the tokens the agents consumed
 * @param rejected the proposals rejected, by the gate or a person, in order
 * @param duration how long the run took (for a resumed run, the time before the pause included, the wait not)
 * @param pausedRun the pause to resume from when the run stopped at a human-approval gate, else null — see
 *     {@link #pause()}. It is also kept when the run ended {@code Failed} because the pause could not be saved to the
 *     engine's store, so that nothing is lost.
 * @param stoppingAgent the agent whose answer ended the run, else null — see {@link #stoppedBy()}
 */
public record ConvergenceResult(Termination termination, Context context, int cycles, int factsMerged, Usage usage,
        List<RejectedProposal> rejected, Duration duration, @Nullable Pause pausedRun,
        @Nullable String stoppingAgent) {

    /** Validates and copies the rejected proposals immutably. */
    public ConvergenceResult {
        Preconditions.notNull(termination, "ConvergenceResult.termination");
        Preconditions.notNull(context, "ConvergenceResult.context");
        Preconditions.nonNegative(cycles, "ConvergenceResult.cycles");
        Preconditions.nonNegative(factsMerged, "ConvergenceResult.factsMerged");
        Preconditions.notNull(usage, "ConvergenceResult.usage");
        rejected = Preconditions.immutableList(rejected, "ConvergenceResult.rejected");
        Preconditions.notNull(duration, "ConvergenceResult.duration");
    }

    /** @return the dashboard outcome: the termination's default */
    public Outcome outcome() {
        return termination.defaultOutcome();
    }

    /** @return the facts of the final context, in the order they were first merged */
    public List<Fact> facts() {
        return context.facts();
    }

    /** @return the pause to resume from, when the run stopped at a human-approval gate */
    public Optional<Pause> pause() {
        return Optional.ofNullable(pausedRun);
    }

    /**
     * The agent whose answer ended the run: its refusal ({@code AgentRefused}), its failure ({@link Reply.Fail}, an
     * exception it threw), or the stop of its own run ({@link Reply.Stop}: for a {@link ModelAgent}, how its agent loop
     * ended, e.g. {@code MaxIterationsReached} of the loop, not of the engine's cycles). Empty when the engine itself
     * ended the run (a fixed point, its budgets, cancellation, a gate, an invariant, a pause).
     *
     * @return the agent's name, or empty
     */
    public Optional<String> stoppedBy() {
        return Optional.ofNullable(stoppingAgent);
    }
}
