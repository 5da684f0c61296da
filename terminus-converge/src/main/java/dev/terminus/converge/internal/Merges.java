package dev.terminus.converge.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.InvariantClass;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.converge.Context;
import dev.terminus.converge.ContextInvariant;
import dev.terminus.converge.ConvergenceEvent;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Pause;
import dev.terminus.converge.Proposal;
import dev.terminus.converge.Provenance;
import dev.terminus.converge.RejectedProposal;
import dev.terminus.converge.RejectionPolicy;
import dev.terminus.converge.spi.ProposalGate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The merge phase of a cycle: each proposal in order is skipped when it changes nothing or was rejected before,
 * reviewed by the promotion gate, paused for a person when its confidence is low or its key gated, then merged, the
 * fact budget and the structural invariants checked after it.
 */
final class Merges {
    private static final int SUMMARY_VALUE_CHARS = 200;

    private final EngineSpec spec;
    private final RunControl control;
    private final RunState state;
    private final Events events;
    private final List<ContextInvariant> structural;

    Merges(EngineSpec spec, RunControl control, RunState state, Events events) {
        this.spec = spec;
        this.control = control;
        this.state = state;
        this.events = events;
        this.structural = spec.invariants(InvariantClass.STRUCTURAL);
    }

    @Nullable Termination mergeAll(List<Candidate> work) {
        ProposalGate gate = spec.gate();
        for (int i = 0; i < work.size(); i++) {
            Termination stop = control.checkBetweenSteps();
            if (stop != null) {
                return stop;
            }
            Candidate candidate = work.get(i);
            Fact current = state.working.get(candidate.fact.key());
            if (current != null && Objects.equals(current.value(), candidate.fact.value())) {
                continue;
            }
            if (!state.suppressed.isEmpty() && state.suppressed.contains(candidate.proposal().id())) {
                continue;
            }
            if (gate != null) {
                PromotionDecision decision = Preconditions.notNull(gate.review(candidate.proposal(), state.view),
                        "the ProposalGate's decision");
                if (decision instanceof PromotionDecision.Reject(String reason)) {
                    RejectedProposal rejection = new RejectedProposal(candidate.proposal(), reason,
                            RejectedProposal.By.GATE);
                    reject(rejection);
                    if (spec.policy() == RejectionPolicy.END_RUN) {
                        return new Termination.PromotionRejected(rejection.proposal().id(), reason);
                    }
                    continue;
                }
            }
            String why = needsPerson(candidate);
            if (why != null) {
                return pause(candidate, why, work.subList(i + 1, work.size()));
            }
            stop = merge(candidate);
            if (stop != null) {
                return stop;
            }
        }
        return null;
    }

    /** Merges a proposal, then checks the fact budget and the structural invariants. */
    @Nullable Termination merge(Candidate candidate) {
        Fact fact = new Fact(candidate.fact.key(), candidate.fact.value(),
                new Provenance(candidate.agent, state.cycle, candidate.fact.confidence()));
        Fact previous = state.put(fact);
        int cycle = state.cycle;
        if (events.active()) {
            Proposal proposal = candidate.proposal();
            events.publish(() -> new ConvergenceEvent.FactMerged(spec.name(), cycle, proposal, fact));
        }
        Integer maxFacts = spec.maxFacts();
        if (previous == null && maxFacts != null && state.working.size() > maxFacts) {
            return new Termination.FactBudgetExhausted(state.working.size(), maxFacts);
        }
        return violation(structural, InvariantClass.STRUCTURAL, state.view);
    }

    void reject(RejectedProposal rejection) {
        state.reject(rejection);
        int cycle = state.cycle;
        events.publish(() -> new ConvergenceEvent.ProposalRejected(spec.name(), cycle, rejection));
    }

    private @Nullable String needsPerson(Candidate candidate) {
        Double threshold = spec.confidenceThreshold();
        String why = null;
        if (threshold != null && candidate.fact.confidence() < threshold) {
            why = String.format(Locale.ROOT, "confidence %.2f is below %.2f", candidate.fact.confidence(), threshold);
        } else if (spec.gatedKeys().contains(candidate.fact.key())) {
            why = "key \"" + candidate.fact.key() + "\" needs approval";
        }
        return why == null || state.approved.contains(candidate.proposal().id()) ? null : why;
    }

    private Termination pause(Candidate staged, String why, List<Candidate> rest) {
        Proposal proposal = staged.proposal();
        String value = proposal.valueAsJson();
        if (value.length() > SUMMARY_VALUE_CHARS) {
            value = value.substring(0, SUMMARY_VALUE_CHARS) + "…";
        }
        String summary = proposal.agent() + " proposes " + proposal.key() + " = " + value + " (" + why + ")";
        Termination.HitlGatePending gate = new Termination.HitlGatePending("gate-" + control.clock().randomUuid(),
                proposal.id(), summary, proposal.agent(), state.cycle);
        List<Proposal> remaining = new ArrayList<>(rest.size());
        rest.forEach(candidate -> remaining.add(candidate.proposal()));
        state.pause = state.pause(gate, proposal, remaining, control.elapsed());
        GateStore<Pause> store = spec.store();
        if (store != null) {
            try {
                store.save(state.pause);
            } catch (GateStoreException e) {
                return Termination.Failed.of(e, ErrorCategory.EXTERNAL);
            } catch (RuntimeException e) {
                return Termination.Failed.of(e, ErrorCategory.INTERNAL);
            }
        }
        return gate;
    }

    static @Nullable Termination violation(List<ContextInvariant> invariants, InvariantClass kind, Context context) {
        for (ContextInvariant invariant : invariants) {
            String reason = invariant.violation(context);
            if (reason != null) {
                return new Termination.InvariantViolated(kind, invariant.name(), reason);
            }
        }
        return null;
    }
}
