package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.wire.WireVersion;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceContinuation;
import dev.terminus.converge.Fact;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ConvergenceWorkflow} runs: a registered engine, from an initial context, or, in a fresh execution of a
 * run that continued as new, from where that run stopped between two cycles.
 *
 * @param engineName the engine's name in the worker's {@link ConvergenceRecipes}
 * @param facts the facts the run starts with, in order
 * @param continuation where the run goes on from, or null for a run that starts
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record ConvergenceRunInput(String engineName, List<Fact> facts,
        @Nullable ConvergenceContinuation continuation, int wireVersion) {
    /** Validates that nothing required is null and copies the facts. */
    public ConvergenceRunInput {
        Preconditions.notBlank(engineName, "ConvergenceRunInput.engineName");
        facts = Preconditions.immutableList(facts, "ConvergenceRunInput.facts");
        wireVersion = WireVersion.read(wireVersion, "ConvergenceRunInput.wireVersion");
    }

    /**
     * An input of this build's {@link WireVersion}.
     *
     * @param engineName the engine's name
     * @param facts the facts the run starts with, in order
     * @param continuation where the run goes on from, or null for a run that starts
     */
    public ConvergenceRunInput(String engineName, List<Fact> facts, @Nullable ConvergenceContinuation continuation) {
        this(engineName, facts, continuation, WireVersion.CURRENT);
    }

    /**
     * @param engineName the engine's name
     * @param facts the facts the run starts with, in order
     */
    public ConvergenceRunInput(String engineName, List<Fact> facts) {
        this(engineName, facts, null);
    }

    /**
     * @param engineName the engine's name
     * @param initial the context the run starts with
     * @return the input
     */
    public static ConvergenceRunInput of(String engineName, Context initial) {
        return new ConvergenceRunInput(engineName, Preconditions.notNull(initial, "initial").facts());
    }

    /**
     * @param from where the run stopped
     * @return the input of the fresh execution that goes on from there (its initial facts are the continuation's)
     */
    public ConvergenceRunInput continued(ConvergenceContinuation from) {
        return new ConvergenceRunInput(engineName, List.of(), Preconditions.notNull(from, "from"));
    }

    /**
     * @return the context the run starts with
     * @throws IllegalArgumentException naming a key two facts have
     */
    public Context context() {
        return Context.ofFacts(facts);
    }
}
