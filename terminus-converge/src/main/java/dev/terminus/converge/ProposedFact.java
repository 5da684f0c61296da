package dev.terminus.converge;

import dev.terminus.converge.internal.JsonValues;
import dev.terminus.Preconditions;
import org.jspecify.annotations.Nullable;

/**
 * What an agent proposes: a value for a key, with its confidence. The engine makes it a {@link Proposal} (adding the
 * agent and an id) when it would change the context.
 *
 * @param key the fact's key, not blank
 * @param value the proposed value, a JSON value (normalized as in {@link Fact})
 * @param confidence the agent's confidence, in [0, 1]; below the engine's confidence threshold the proposal waits
 *     for a person
 */
public record ProposedFact(String key, @Nullable Object value, double confidence) {

    /** Refuses a blank key, a value that is not JSON and a confidence outside [0, 1], naming them. */
    public ProposedFact {
        Preconditions.notBlank(key, "ProposedFact.key");
        value = JsonValues.copy(value, "ProposedFact.value");
        Provenance.requireConfidence(confidence, "ProposedFact.confidence");
    }

    /**
     * @param key the fact's key
     * @param value the proposed value
     * @return a proposal with confidence 1
     */
    public static ProposedFact of(String key, @Nullable Object value) {
        return new ProposedFact(key, value, 1.0);
    }
}
