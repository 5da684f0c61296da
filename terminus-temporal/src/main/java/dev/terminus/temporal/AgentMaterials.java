package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.Tool;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.Model;
import java.util.List;

/**
 * What an {@link AgentRecipe} builds an agent on. In the workflow the model and tools are proxies whose calls are
 * activities and the clock is the workflow's; in the activity worker they are the real model and tools, and the
 * system clock.
 *
 * @param model the model
 * @param tools the tools, in registration order
 * @param clock the clock the agent must read its time from ({@code AgentBuilder.clock})
 */
public record AgentMaterials(Model model, List<Tool> tools, RunClock clock) {
    /** Validates that nothing is null and copies the tools. */
    public AgentMaterials {
        Preconditions.notNull(model, "AgentMaterials.model");
        tools = Preconditions.immutableList(tools, "AgentMaterials.tools");
        Preconditions.notNull(clock, "AgentMaterials.clock");
    }
}
