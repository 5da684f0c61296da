package dev.terminus.temporal.wire;

import dev.terminus.Preconditions;
import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A convergence agent's turn as it crosses the wire: the agent of a registered engine, asked in a cycle with the
 * context as it was at the cycle's start. The context is carried (as runs recorded before ADR 0043 carried it) or
 * referred to: the first {@code contextEntries} entries of the log of facts the workflow's execution holds, which the
 * activity's worker reads from the workflow's {@code contextFacts} query where its copy lacks them.
 *
 * @param engineName the engine
 * @param agentName the agent
 * @param facts the context's facts, in order, when carried; empty when referred to
 * @param cycle the cycle, from 1
 * @param contextEntries the entries of the workflow's log of facts that make the context, or null when carried
 * @param wireVersion the {@link WireVersion} the input was written in; absent (read as 1) from inputs written before
 *     inputs carried one
 */
public record ConvergenceTurn(String engineName, String agentName, List<Fact> facts, int cycle,
        @Nullable Integer contextEntries, int wireVersion) {
    /** Validates that nothing required is null or negative and copies the facts. */
    public ConvergenceTurn {
        Preconditions.notNull(engineName, "ConvergenceTurn.engineName");
        Preconditions.notNull(agentName, "ConvergenceTurn.agentName");
        facts = Preconditions.immutableList(facts, "ConvergenceTurn.facts");
        Preconditions.nonNegative(cycle, "ConvergenceTurn.cycle");
        if (contextEntries != null) {
            Preconditions.nonNegative(contextEntries, "ConvergenceTurn.contextEntries");
        }
        wireVersion = WireVersion.read(wireVersion, "ConvergenceTurn.wireVersion");
    }

    /**
     * A turn of this build's {@link WireVersion}.
     *
     * @param engineName the engine
     * @param agentName the agent
     * @param facts the context's facts, in order, when carried; empty when referred to
     * @param cycle the cycle, from 1
     * @param contextEntries the entries of the workflow's log of facts that make the context, or null when carried
     */
    public ConvergenceTurn(String engineName, String agentName, List<Fact> facts, int cycle,
            @Nullable Integer contextEntries) {
        this(engineName, agentName, facts, cycle, contextEntries, WireVersion.CURRENT);
    }

    /**
     * A turn that carries its context.
     *
     * @param engineName the engine
     * @param agentName the agent
     * @param facts the context's facts, in order
     * @param cycle the cycle, from 1
     */
    public ConvergenceTurn(String engineName, String agentName, List<Fact> facts, int cycle) {
        this(engineName, agentName, facts, cycle, null);
    }

    /** @return the context the agent reads, when the turn carries it */
    public Context context() {
        return Context.ofFacts(facts);
    }
}
