package dev.terminus.converge.internal;

import dev.terminus.converge.Proposal;
import dev.terminus.converge.ProposedFact;
import org.jspecify.annotations.Nullable;

/** A proposal waiting to be merged in the current cycle; its {@link Proposal} (and id) is made only when needed. */
final class Candidate {
    final String agent;
    final ProposedFact fact;
    private @Nullable Proposal proposal;

    Candidate(String agent, ProposedFact fact) {
        this.agent = agent;
        this.fact = fact;
    }

    Candidate(Proposal proposal) {
        this(proposal.agent(), new ProposedFact(proposal.key(), proposal.value(), proposal.confidence()));
        this.proposal = proposal;
    }

    Proposal proposal() {
        Proposal made = proposal;
        if (made == null) {
            made = Proposal.of(agent, fact);
            proposal = made;
        }
        return made;
    }
}
