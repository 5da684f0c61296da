package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import java.util.List;

/**
 * What a {@link ConvergenceWorkflow} runs: a registered engine, from an initial context.
 *
 * @param engineName the engine's name in the worker's {@link ConvergenceRecipes}
 * @param facts the facts the run starts with, in order
 */
public record ConvergenceRunInput(String engineName, List<Fact> facts) {
    /** Validates that nothing is null and copies the facts. */
    public ConvergenceRunInput {
        Preconditions.notBlank(engineName, "ConvergenceRunInput.engineName");
        facts = Preconditions.immutableList(facts, "ConvergenceRunInput.facts");
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
     * @return the context the run starts with
     * @throws IllegalArgumentException naming a key two facts have
     */
    public Context context() {
        return Context.ofFacts(facts);
    }
}
