package dev.terminus.converge.internal;

import dev.terminus.InvariantClass;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.converge.Context;
import dev.terminus.converge.ContextCriterion;
import dev.terminus.converge.ContextInvariant;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceListener;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Pause;
import dev.terminus.converge.RejectionPolicy;
import dev.terminus.converge.spi.ProposalGate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * An engine's settings, validated by its builder.
 *
 * @param name the engine's name
 * @param agents the agents, in registration order
 * @param gate the promotion gate, or null to accept every proposal
 * @param policy what a rejection does
 * @param invariants the invariants, in registration order
 * @param criteria the success criteria, in registration order
 * @param maxCycles the cycle cap
 * @param maxFacts the fact cap, or null
 * @param tokenBudget the token caps
 * @param timeBudget the wall-clock budget, or null
 * @param confidenceThreshold proposals below it wait for a person, or null
 * @param gatedKeys proposals for these keys wait for a person
 * @param store where pauses are saved, or null
 * @param listeners the listeners
 * @param views a read-only view over working facts
 * @param copies an immutable copy of working facts
 * @param clock the clock the runs read and wait on
 * @param interruptGrace how long an interrupted agent may take to end before it is abandoned
 */
public record EngineSpec(String name, List<ConvergenceAgent> agents, @Nullable ProposalGate gate,
        RejectionPolicy policy, List<ContextInvariant> invariants, List<ContextCriterion> criteria, int maxCycles,
        @Nullable Integer maxFacts, TokenBudget tokenBudget, @Nullable Duration timeBudget,
        @Nullable Double confidenceThreshold, Set<String> gatedKeys, @Nullable GateStore<Pause> store,
        List<ConvergenceListener> listeners, Function<Map<String, Fact>, Context> views,
        Function<Map<String, Fact>, Context> copies, RunClock clock, Duration interruptGrace) {

    /** @return the agents' names, in registration order */
    public List<String> agentNames() {
        return agents.stream().map(ConvergenceAgent::name).toList();
    }

    /** @param kind a class @return the invariants of that class, in registration order */
    public List<ContextInvariant> invariants(InvariantClass kind) {
        return invariants.stream().filter(invariant -> invariant.invariantClass() == kind).toList();
    }
}
