package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.ConvergenceAgent;
import java.util.List;

/**
 * What a {@link ConvergenceRecipe} builds an engine on. In the workflow the agents are proxies (the real agents' names
 * and triggers) whose turns are activities and the clock is the workflow's; in the activity worker they are the real
 * agents, and the system clock.
 *
 * @param agents the agents, in registration order
 * @param clock the clock the engine must read its time from ({@code ConvergenceEngine.Builder.clock})
 */
public record ConvergenceMaterials(List<ConvergenceAgent> agents, RunClock clock) {
    /** Validates that nothing is null and copies the agents. */
    public ConvergenceMaterials {
        agents = Preconditions.immutableList(agents, "ConvergenceMaterials.agents");
        Preconditions.notNull(clock, "ConvergenceMaterials.clock");
    }
}
