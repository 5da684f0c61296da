package dev.terminus.temporal;

import dev.terminus.converge.ConvergenceEngine;

/**
 * How to build a convergence engine from its materials: the same recipe builds the workflow's engine (on proxies of
 * the agents whose turns are activities, and the workflow's clock) and the activity worker's (on the real agents,
 * whose turns it makes). A recipe sets everything but the materials: the gate, invariants, criteria, budgets,
 * approval threshold and gated keys.
 *
 * {@snippet :
 * ConvergenceRecipe recipe = materials -> ConvergenceEngine.builder()
 *         .name("reconcile")
 *         .agents(materials.agents().toArray(ConvergenceAgent[]::new))
 *         .clock(materials.clock())
 *         .maxCycles(20)
 *         .timeBudget(Duration.ofMinutes(5))
 *         .confidenceThreshold(0.7)
 *         .build();
 * }
 *
 * <p>A recipe must be deterministic (it runs again whenever Temporal replays the workflow), must build the engine on
 * {@link ConvergenceMaterials#agents()} and {@link ConvergenceMaterials#clock()}, and must set no pause store: the
 * workflow keeps a paused run in its own history. Listeners fire again whenever Temporal replays the workflow.
 */
@FunctionalInterface
public interface ConvergenceRecipe {

    /**
     * @param materials the agents and clock to build on
     * @return the engine
     */
    ConvergenceEngine build(ConvergenceMaterials materials);
}
