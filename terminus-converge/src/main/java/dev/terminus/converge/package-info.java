/**
 * The convergence engine: several agents propose facts into a shared {@link dev.terminus.converge.Context} until a
 * cycle changes nothing. A {@link dev.terminus.converge.ConvergenceEngine} runs them in cycles, passes every proposal
 * through a promotion gate, checks invariants by class, counts budgets, pauses for a person when a proposal needs
 * approval, and ends every run with exactly one {@link dev.terminus.Termination} in a
 * {@link dev.terminus.converge.ConvergenceResult}.
 *
 * <p>Where to start: {@link dev.terminus.converge.ConvergenceEngine#builder()} with
 * {@link dev.terminus.converge.ConvergenceAgent}s (functions) or {@link dev.terminus.converge.ModelAgent}s (agent
 * loops), then {@code run(Context.of(...))}; a paused run's {@link dev.terminus.converge.Pause} is resumed with
 * {@code resume(pause, decision)}.
 */
@NullMarked
package dev.terminus.converge;

import org.jspecify.annotations.NullMarked;
