package dev.terminus.converge;

import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.PausedRun;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.Preconditions;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything needed to continue a convergence run that stopped at a human-approval gate
 * ({@link Termination.HitlGatePending}): the context, the proposal waiting for a decision (staged: it already passed
 * the promotion gate), the proposals of the same cycle not merged yet, the keys the cycle changed so far, what was
 * rejected and approved, and the counters. Budgets count on from these figures when the run resumes; the time spent
 * waiting for the person is not counted.
 *
 * <p>A pause is a plain value: {@link PauseJson} writes it as JSON and reads it back to an equal one, and a
 * {@link GateStore} keeps it by its gate id ({@link #gateId()}) across a process restart. It is resumed with
 * {@link ConvergenceEngine#resume(Pause, GateDecision)} on an engine with the same agents.
 *
 * @param formatVersion the format's version ({@link #FORMAT_VERSION} when written by this version)
 * @param gate the termination the run paused with; its {@code gateId} names the pause
 * @param engine the engine's name
 * @param agents the engine's agents, in registration order; resuming on other agents is refused
 * @param staged the proposal waiting for a decision
 * @param remaining the proposals of the same cycle after the staged one, in merge order
 * @param changedKeys the keys the paused cycle changed before the pause, in order
 * @param context the context at the pause
 * @param rejected the proposals rejected so far
 * @param approved the ids of the proposals a person approved so far (they are not asked about again)
 * @param factsMerged the facts merged so far
 * @param usage the tokens consumed so far
 * @param elapsed the run's time so far; the time budget counts on from it
 */
public record Pause(int formatVersion, Termination.HitlGatePending gate, String engine, List<String> agents,
        Proposal staged, List<Proposal> remaining, List<String> changedKeys, Context context,
        List<RejectedProposal> rejected, List<String> approved, int factsMerged, Usage usage, Duration elapsed)
        implements PausedRun {

    /** The format version this version of Terminus writes and reads. */
    public static final int FORMAT_VERSION = 1;

    /** Validates every component, naming the bad one, and copies the lists immutably. */
    public Pause {
        if (formatVersion != FORMAT_VERSION) {
            throw new IllegalArgumentException("Pause.formatVersion " + formatVersion
                    + " is not supported: this version of Terminus reads format " + FORMAT_VERSION);
        }
        Preconditions.notNull(gate, "Pause.gate");
        Preconditions.notBlank(engine, "Pause.engine");
        agents = Preconditions.immutableList(agents, "Pause.agents");
        Preconditions.notNull(staged, "Pause.staged");
        remaining = Preconditions.immutableList(remaining, "Pause.remaining");
        changedKeys = Preconditions.immutableList(changedKeys, "Pause.changedKeys");
        Preconditions.notNull(context, "Pause.context");
        rejected = Preconditions.immutableList(rejected, "Pause.rejected");
        approved = Preconditions.immutableList(approved, "Pause.approved");
        Preconditions.nonNegative(factsMerged, "Pause.factsMerged");
        Preconditions.notNull(usage, "Pause.usage");
        Preconditions.notNull(elapsed, "Pause.elapsed");
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("Pause.elapsed must not be negative, was " + elapsed);
        }
        if (gate.cycle() < 1) {
            throw new IllegalArgumentException("Pause.gate.cycle must be >= 1, was " + gate.cycle());
        }
        if (!staged.id().equals(gate.proposalId())) {
            throw new IllegalArgumentException("Pause.staged.id \"" + staged.id() + "\" is not the gate's proposalId \""
                    + gate.proposalId() + "\"");
        }
        if (!staged.agent().equals(gate.agentId())) {
            throw new IllegalArgumentException("Pause.staged.agent \"" + staged.agent() + "\" is not the gate's agentId"
                    + " \"" + gate.agentId() + "\"");
        }
        requireUnique(agents, "Pause.agents");
        requireUnique(changedKeys, "Pause.changedKeys");
        if (agents.isEmpty()) {
            throw new IllegalArgumentException("Pause.agents must not be empty");
        }
        requireAgent(agents, staged, "Pause.staged.agent");
        for (int i = 0; i < remaining.size(); i++) {
            requireAgent(agents, remaining.get(i), "Pause.remaining[" + i + "].agent");
        }
    }

    /** @return the cycle the run paused in */
    public int cycle() {
        return gate.cycle();
    }

    private static void requireUnique(List<String> values, String field) {
        Set<String> seen = new HashSet<>();
        for (String value : values) {
            if (!seen.add(value)) {
                throw new IllegalArgumentException(field + " holds \"" + value + "\" twice");
            }
        }
    }

    private static void requireAgent(List<String> agents, Proposal proposal, String field) {
        if (!agents.contains(proposal.agent())) {
            throw new IllegalArgumentException(field + " \"" + proposal.agent() + "\" is not one of Pause.agents "
                    + agents);
        }
    }
}
