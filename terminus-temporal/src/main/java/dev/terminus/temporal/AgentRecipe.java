package dev.terminus.temporal;

import dev.terminus.agent.Agent;

/**
 * How to build an agent from its materials: the same recipe builds the workflow's agent (from proxies whose calls
 * are activities, and the workflow's clock) and the activity worker's (from the real model and tools). A recipe sets
 * everything but the materials: the configuration, hooks, criteria, approvals.
 *
 * {@snippet :
 * AgentRecipe recipe = materials -> Agent.builder(materials.model())
 *         .tools(materials.tools())
 *         .clock(materials.clock())
 *         .maxIterations(10)
 *         .timeBudget(Duration.ofMinutes(5))
 *         .build();
 * }
 *
 * <p>A recipe must be deterministic (it runs again whenever Temporal replays the workflow) and must build the agent
 * on {@link AgentMaterials#model()}, {@link AgentMaterials#tools()} and {@link AgentMaterials#clock()}. Listeners
 * fire again whenever Temporal replays the workflow: wrap them in {@link ReplaySafeListener}.
 */
@FunctionalInterface
public interface AgentRecipe {

    /**
     * @param materials the model, tools and clock to build on
     * @return the agent
     */
    Agent build(AgentMaterials materials);
}
