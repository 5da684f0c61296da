package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.Model;
import java.util.List;
import java.util.function.Function;

/**
 * What an {@link AgentRecipe} builds an agent on. In the workflow the model and tools are proxies whose calls are
 * activities and the clock is the workflow's; in the activity worker they are the real model and tools, and the
 * system clock. The other agents of a tree (an agent offered as a tool, an agent the run is handed to) come from
 * {@link #agent(String)}: the agent registered under that name, built by its own recipe on materials of the same
 * kind, so that in the workflow its calls are activities too and its runs read the workflow's clock.
 *
 * {@snippet :
 * AgentRecipe root = materials -> Agent.builder(materials.model())
 *         .tools(materials.tools())
 *         .tool(Tools.agent("research", "Researches a question", materials.agent("researcher")))
 *         .handoff("billing", null, () -> materials.agent("billing"))
 *         .clock(materials.clock())
 *         .build();
 * }
 *
 * @param model the model
 * @param tools the tools, in registration order
 * @param clock the clock the agent must read its time from ({@code AgentBuilder.clock})
 * @param agents builds another registered agent by its name on materials of this kind (see {@link #agent(String)})
 */
public record AgentMaterials(Model model, List<Tool> tools, RunClock clock, Function<String, Agent> agents) {
    /** Validates that nothing is null and copies the tools. */
    public AgentMaterials {
        Preconditions.notNull(model, "AgentMaterials.model");
        tools = Preconditions.immutableList(tools, "AgentMaterials.tools");
        Preconditions.notNull(clock, "AgentMaterials.clock");
        Preconditions.notNull(agents, "AgentMaterials.agents");
    }

    /**
     * Materials that build no other agent: {@link #agent(String)} refuses every name.
     *
     * @param model the model
     * @param tools the tools, in registration order
     * @param clock the clock the agent must read its time from
     */
    public AgentMaterials(Model model, List<Tool> tools, RunClock clock) {
        this(model, tools, clock, name -> {
            throw new IllegalArgumentException("these materials build no other agent; agent \"" + name
                    + "\" was asked for");
        });
    }

    /**
     * Another agent of the worker's {@link AgentRecipes}, for a tree: to offer as a tool ({@code Tools.agent}) or to
     * hand the run to ({@code AgentBuilder.handoff}). Built once per workflow execution; two agents that hand the run
     * to each other must do it lazily ({@code handoff(name, description, () -> materials.agent(name))}).
     *
     * @param name the name the agent is registered under
     * @return the agent, built by its recipe on materials of this kind
     * @throws IllegalArgumentException naming the agent when it is not registered, or when building it needs itself
     */
    public Agent agent(String name) {
        return agents.apply(Preconditions.notNull(name, "name"));
    }
}
