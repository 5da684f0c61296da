package dev.terminus.converge;

import dev.terminus.Preconditions;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.List;

/**
 * A run between two of its cycles, as a value another execution continues it from: everything the next cycle reads
 * (the context, the keys the last cycle changed, which trigger the next one's agents, the rejections that keep their
 * proposals out, the approvals, and the counters, usage and time so far). A durable engine suspends a long run to one
 * ({@link ConvergenceEngine#run(Context, dev.terminus.agent.control.RunControl, java.util.function.BooleanSupplier)})
 * and continues it in a fresh execution (Temporal's continue-as-new) with
 * {@link ConvergenceEngine#proceed(ConvergenceContinuation, dev.terminus.agent.control.RunControl,
 * java.util.function.BooleanSupplier)}; the continued run makes the decisions the uninterrupted one would have made
 * and ends with the same termination.
 *
 * <p>The durable engine's loop: {@code run(initial, control, suspend)}; while the step is
 * {@link ConvergenceStep.Suspended}, carry its continuation to the next execution and there
 * {@code proceed(continuation, engine.newControl(continuation), suspend)}; the {@link ConvergenceStep.Ended} step holds
 * the run's result.
 *
 * @param engine the engine's name
 * @param agents the engine's agents, in registration order; continuing on other agents is refused
 * @param cycles the cycles finished
 * @param changedKeys the keys the last cycle changed, in order
 * @param facts the context's facts, in the order they were first merged
 * @param rejected the proposals rejected so far
 * @param approved the ids of the proposals a person approved so far
 * @param factsMerged the facts merged so far
 * @param usage the tokens consumed so far
 * @param elapsed the run's time so far; the time budget counts on from it
 */
public record ConvergenceContinuation(String engine, List<String> agents, int cycles, List<String> changedKeys,
        List<Fact> facts, List<RejectedProposal> rejected, List<String> approved, int factsMerged, Usage usage,
        Duration elapsed) {

    /** Validates every component, naming the bad one, and copies the lists immutably. */
    public ConvergenceContinuation {
        Preconditions.notBlank(engine, "ConvergenceContinuation.engine");
        agents = Preconditions.immutableList(agents, "ConvergenceContinuation.agents");
        if (cycles < 1) {
            throw new IllegalArgumentException("ConvergenceContinuation.cycles must be >= 1, was " + cycles);
        }
        changedKeys = Preconditions.immutableList(changedKeys, "ConvergenceContinuation.changedKeys");
        facts = Preconditions.immutableList(facts, "ConvergenceContinuation.facts");
        rejected = Preconditions.immutableList(rejected, "ConvergenceContinuation.rejected");
        approved = Preconditions.immutableList(approved, "ConvergenceContinuation.approved");
        Preconditions.nonNegative(factsMerged, "ConvergenceContinuation.factsMerged");
        Preconditions.notNull(usage, "ConvergenceContinuation.usage");
        Preconditions.notNull(elapsed, "ConvergenceContinuation.elapsed");
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("ConvergenceContinuation.elapsed must not be negative, was " + elapsed);
        }
    }

    /**
     * @return the context the next cycle starts from
     * @throws IllegalArgumentException naming a key two facts have
     */
    public Context context() {
        return Context.ofFacts(facts);
    }
}
