package dev.terminus.temporal.internal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.temporal.AgentMaterials;
import dev.terminus.temporal.AgentRecipes;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The agents of one tree as one side builds them (the workflow on proxies, an activity on the real model and tools):
 * each registered agent built once, by its recipe, on the materials this side makes for it, which in turn build the
 * agents it names ({@link AgentMaterials#agent(String)}). An agent whose building needs itself (two agents that offer
 * or hand over to each other eagerly) is refused, naming the chain. Not thread-safe: one side builds on one thread.
 */
public final class TreeAgents implements Function<String, Agent> {
    /** Makes the materials of one agent of the tree. */
    @FunctionalInterface
    public interface Materials {
        /**
         * @param name the name the agent is registered under
         * @param registered the agent
         * @param agents builds the other agents of the tree
         * @return what its recipe builds it on
         */
        AgentMaterials of(String name, AgentRecipes.Registered registered, Function<String, Agent> agents);
    }

    private final Function<String, AgentRecipes.Registered> registered;
    private final Materials materials;
    private final Map<String, Agent> built = new LinkedHashMap<>();
    private final List<String> building = new ArrayList<>();

    /**
     * @param registered finds an agent by its name
     * @param materials makes an agent's materials
     */
    public TreeAgents(Function<String, AgentRecipes.Registered> registered, Materials materials) {
        this.registered = registered;
        this.materials = materials;
    }

    /**
     * @param name the name an agent is registered under
     * @return the agent, built on its first request
     * @throws IllegalArgumentException naming the agent when it is unknown, needs itself, or its recipe built it on
     *     another clock, model or tool than its materials' (naming the tool)
     */
    @Override
    public Agent apply(String name) {
        Agent done = built.get(name);
        if (done != null) {
            return done;
        }
        if (building.contains(name)) {
            throw new IllegalArgumentException("agent \"" + name + "\" is needed to build itself ("
                    + String.join(" -> ", building) + " -> " + name + "): hand the run over lazily, with"
                    + " AgentBuilder.handoff(name, description, () -> materials.agent(name))");
        }
        AgentRecipes.Registered agent = registered.apply(name);
        building.add(name);
        try {
            AgentMaterials made = materials.of(name, agent, this);
            Agent result = agent.recipe().build(made);
            if (result.clock() != made.clock()) {
                throw new IllegalArgumentException("the recipe of agent \"" + name + "\" must build it on the"
                        + " materials' clock (AgentBuilder.clock(materials.clock())), not on " + result.clock());
            }
            checkCalls(name, result, made);
            built.put(name, result);
            return result;
        } finally {
            building.removeLast();
        }
    }

    /**
     * Refuses an agent whose model or tools are not its materials': in a workflow the materials' are proxies whose
     * calls are activities, and any other model or tool would be called on the workflow's thread (its I/O neither
     * replayed nor allowed there); an activity calls the agent's model and tools, so there too they must be the ones
     * the worker registered. The tools the engine makes to run an agent ({@link Tools#runsAnAgent}) are let through:
     * the agents they run are built here too, when the recipe asks its materials for them.
     */
    private static void checkCalls(String name, Agent agent, AgentMaterials made) {
        if (agent.model() != made.model()) {
            throw new IllegalArgumentException("the recipe of agent \"" + name + "\" must build it on the materials'"
                    + " model (Agent.builder(materials.model())), not on a model of its own ("
                    + agent.model().getClass().getName() + "): in a workflow its calls would run on the workflow's"
                    + " thread instead of as activities");
        }
        Set<Tool> given = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        given.addAll(made.tools());
        for (Map.Entry<String, Tool> tool : agent.tools().entrySet()) {
            if (!given.contains(tool.getValue()) && !Tools.runsAnAgent(tool.getValue())) {
                throw new IllegalArgumentException("the recipe of agent \"" + name + "\" must build it on the"
                        + " materials' tools (AgentBuilder.tools(materials.tools())), but tool \"" + tool.getKey()
                        + "\" (" + tool.getValue().getClass().getName() + ") is not one of them: in a workflow its"
                        + " calls would run on the workflow's thread instead of as activities; register it with the"
                        + " agent's tools");
            }
        }
    }

    /** @return the agents built so far, by the name they are registered under, in the order they were built */
    public Map<String, Agent> built() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(built));
    }

    /**
     * @param configName an agent's configured name ({@code AgentConfig.name}), as a continuation names it
     * @return the name the built agent of that configured name is registered under, or null when none was built
     */
    public @org.jspecify.annotations.Nullable String registeredNameOf(String configName) {
        for (Map.Entry<String, Agent> entry : built.entrySet()) {
            if (entry.getValue().config().name().equals(configName)) {
                return entry.getKey();
            }
        }
        return null;
    }
}
