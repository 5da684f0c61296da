package dev.terminus.converge;

import dev.terminus.Preconditions;

/**
 * Where a fact comes from: the agent that proposed it, the cycle it was merged in, and the agent's confidence.
 *
 * @param agent the proposing agent's name ({@value #INPUT} for the facts a run starts with)
 * @param cycle the cycle the fact was merged in, from 1 ({@code 0} for the facts a run starts with)
 * @param confidence the agent's confidence in the fact, in [0, 1]
 */
public record Provenance(String agent, int cycle, double confidence) {

    /** The agent name of the facts a run starts with. */
    public static final String INPUT = "input";

    /** Refuses a blank agent, a negative cycle and a confidence outside [0, 1], naming them. */
    public Provenance {
        Preconditions.notBlank(agent, "Provenance.agent");
        Preconditions.nonNegative(cycle, "Provenance.cycle");
        requireConfidence(confidence, "Provenance.confidence");
    }

    /** @return the provenance of a fact the run started with: agent {@value #INPUT}, cycle 0, confidence 1 */
    public static Provenance input() {
        return new Provenance(INPUT, 0, 1.0);
    }

    static double requireConfidence(double confidence, String field) {
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException(field + " must be in [0, 1], was " + confidence);
        }
        return confidence;
    }
}
