package dev.terminus.converge;

import java.util.List;

/**
 * What happens in a convergence run, published to {@link ConvergenceListener}s in order, on the run's coordinating
 * thread. Events are only built when the engine has listeners.
 */
public sealed interface ConvergenceEvent {

    /** @return the engine's name */
    String engine();

    /**
     * A run began, or a paused one resumed.
     *
     * @param engine the engine
     * @param cycle the cycle it begins in (0 before the first; the paused cycle when resumed)
     * @param resumed whether it resumed a pause
     */
    record RunStarted(String engine, int cycle, boolean resumed) implements ConvergenceEvent {}

    /**
     * A cycle began.
     *
     * @param engine the engine
     * @param cycle its number, from 1
     * @param agents the agents that run in it, in order
     */
    record CycleStarted(String engine, int cycle, List<String> agents) implements ConvergenceEvent {}

    /**
     * A proposal was merged into the context.
     *
     * @param engine the engine
     * @param cycle the cycle
     * @param proposal the proposal
     * @param fact the fact it became
     */
    record FactMerged(String engine, int cycle, Proposal proposal, Fact fact) implements ConvergenceEvent {}

    /**
     * A proposal was rejected, by the gate or a person.
     *
     * @param engine the engine
     * @param cycle the cycle
     * @param rejection the proposal, the reason and who rejected it
     */
    record ProposalRejected(String engine, int cycle, RejectedProposal rejection) implements ConvergenceEvent {}

    /**
     * A cycle ended without stopping the run in its merges.
     *
     * @param engine the engine
     * @param cycle its number
     * @param changedKeys the keys it changed, in order (empty: a fixed point)
     */
    record CycleFinished(String engine, int cycle, List<String> changedKeys) implements ConvergenceEvent {}

    /**
     * The run ended. Always the last event of a run.
     *
     * @param engine the engine
     * @param result the result
     */
    record RunFinished(String engine, ConvergenceResult result) implements ConvergenceEvent {}
}
