package dev.terminus.converge;

import dev.terminus.converge.internal.JsonValues;
import dev.terminus.converge.internal.ProposalIds;
import dev.terminus.Preconditions;
import org.jspecify.annotations.Nullable;

/**
 * A proposed change to the context, as the promotion gate, a person and the listeners see it.
 *
 * <p>Its id is derived from the agent, the key and the value ({@code <agent>/<key>@<hash of the value>}): the same
 * agent proposing the same value for the same key has the same id in every cycle and every process. A proposal
 * rejected by a person (or recorded and dropped by the gate) is therefore never proposed again.
 *
 * @param id the proposal's id
 * @param key the fact's key
 * @param value the proposed value (normalized as in {@link Fact})
 * @param confidence the agent's confidence, in [0, 1]
 * @param agent the proposing agent
 */
public record Proposal(String id, String key, @Nullable Object value, double confidence, String agent) {

    /** Refuses blank ids, keys and agents, a value that is not JSON and a confidence outside [0, 1], naming them. */
    public Proposal {
        Preconditions.notBlank(id, "Proposal.id");
        Preconditions.notBlank(key, "Proposal.key");
        value = JsonValues.copy(value, "Proposal.value");
        Provenance.requireConfidence(confidence, "Proposal.confidence");
        Preconditions.notBlank(agent, "Proposal.agent");
    }

    /**
     * The proposal of an agent, with its derived id.
     *
     * @param agent the proposing agent
     * @param fact what it proposes
     * @return the proposal
     */
    public static Proposal of(String agent, ProposedFact fact) {
        Preconditions.notBlank(agent, "agent");
        Preconditions.notNull(fact, "fact");
        return new Proposal(ProposalIds.of(agent, fact.key(), fact.value()), fact.key(), fact.value(),
                fact.confidence(), agent);
    }

    /** @return the value as compact JSON with sorted keys, for people and summaries */
    public String valueAsJson() {
        return JsonValues.canonical(value);
    }
}
