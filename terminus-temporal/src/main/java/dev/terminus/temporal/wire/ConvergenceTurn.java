package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import java.util.List;

/**
 * A convergence agent's turn as it crosses the wire: the agent of a registered engine, asked in a cycle with the
 * context as it was at the cycle's start.
 *
 * @param engineName the engine
 * @param agentName the agent
 * @param facts the context's facts, in order
 * @param cycle the cycle, from 1
 */
public record ConvergenceTurn(String engineName, String agentName, List<Fact> facts, int cycle) {
    /** Validates that nothing is null and copies the facts. */
    public ConvergenceTurn {
        Preconditions.notNull(engineName, "ConvergenceTurn.engineName");
        Preconditions.notNull(agentName, "ConvergenceTurn.agentName");
        facts = Preconditions.immutableList(facts, "ConvergenceTurn.facts");
        Preconditions.nonNegative(cycle, "ConvergenceTurn.cycle");
    }

    /** @return the context the agent reads */
    public Context context() {
        return Context.ofFacts(facts);
    }
}
