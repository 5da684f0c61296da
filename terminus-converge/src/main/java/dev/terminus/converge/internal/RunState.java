package dev.terminus.converge.internal;

import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceContinuation;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Pause;
import dev.terminus.converge.Proposal;
import dev.terminus.converge.RejectedProposal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The mutable state of one run, owned by its coordinating thread. */
final class RunState {
    private final EngineSpec spec;
    final LinkedHashMap<String, Fact> working = new LinkedHashMap<>();
    final Context view;
    private @Nullable Context snapshot;
    int cycle;
    Usage usage = Usage.ZERO;
    int factsMerged;
    final List<RejectedProposal> rejected = new ArrayList<>();
    final Set<String> suppressed = new HashSet<>();
    final LinkedHashSet<String> approved = new LinkedHashSet<>();
    LinkedHashSet<String> changed = new LinkedHashSet<>();
    Set<String> changedBefore = Set.of();
    @Nullable Pause pause;
    /** The agent whose answer ended the run, if one did. */
    @Nullable String stoppedBy;

    RunState(EngineSpec spec) {
        this.spec = spec;
        this.view = spec.views().apply(working);
    }

    /** Restores a paused run's state. */
    void restore(Pause paused) {
        paused.context().facts().forEach(fact -> working.put(fact.key(), fact));
        cycle = paused.cycle();
        usage = paused.usage();
        factsMerged = paused.factsMerged();
        rejected.addAll(paused.rejected());
        paused.rejected().forEach(rejection -> suppressed.add(rejection.proposal().id()));
        approved.addAll(paused.approved());
        changed.addAll(paused.changedKeys());
    }

    /** Restores the state of a run suspended between two cycles. */
    void restore(ConvergenceContinuation from) {
        from.facts().forEach(fact -> working.put(fact.key(), fact));
        cycle = from.cycles();
        usage = from.usage();
        factsMerged = from.factsMerged();
        rejected.addAll(from.rejected());
        from.rejected().forEach(rejection -> suppressed.add(rejection.proposal().id()));
        approved.addAll(from.approved());
        changed.addAll(from.changedKeys());
    }

    /** @return the state between two cycles, as another run goes on from it */
    ConvergenceContinuation continuation(Duration elapsed) {
        return new ConvergenceContinuation(spec.name(), spec.agentNames(), cycle, List.copyOf(changed),
                snapshot().facts(), rejected, List.copyOf(approved), factsMerged, usage, elapsed);
    }

    /** @return an immutable copy of the facts, made again only after a merge */
    Context snapshot() {
        Context current = snapshot;
        if (current == null) {
            current = spec.copies().apply(working);
            snapshot = current;
        }
        return current;
    }

    /** Merges a fact; the snapshot is made again when next asked for. @return the fact it replaced, or null */
    @Nullable Fact put(Fact fact) {
        snapshot = null;
        changed.add(fact.key());
        factsMerged++;
        return working.put(fact.key(), fact);
    }

    /** Starts the next cycle: what the last one changed decides who runs in this one. */
    void nextCycle() {
        cycle++;
        changedBefore = changed;
        changed = new LinkedHashSet<>();
    }

    void reject(RejectedProposal rejection) {
        rejected.add(rejection);
        suppressed.add(rejection.proposal().id());
    }

    Pause pause(Termination.HitlGatePending gate, Proposal staged, List<Proposal> remaining, Duration elapsed) {
        return new Pause(Pause.FORMAT_VERSION, gate, spec.name(), spec.agentNames(), staged, remaining,
                List.copyOf(changed), snapshot(), rejected, List.copyOf(approved), factsMerged, usage,
                elapsed);
    }
}
