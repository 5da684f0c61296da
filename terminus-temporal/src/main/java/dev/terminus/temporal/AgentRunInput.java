package dev.terminus.temporal;

import dev.terminus.Preconditions;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link AgentWorkflow} runs: an agent registered on the worker by name, or an agent a document defines
 * (a scenario, say) that the worker's {@link AgentResolver} builds.
 *
 * @param agentName the name of an agent of the worker's {@link AgentRecipes}, or of the defined agent
 * @param task the task, as the user's first message
 * @param definition the document that defines the agent, or null for a registered agent; it travels in the
 *     workflow's input only (the model and tool calls name it by its digest, see {@link AgentRecipes#key})
 */
public record AgentRunInput(String agentName, String task, @Nullable String definition) {
    /** Validates that the name and the task are not null. */
    public AgentRunInput {
        Preconditions.notNull(agentName, "AgentRunInput.agentName");
        Preconditions.notNull(task, "AgentRunInput.task");
    }

    /**
     * A run of a registered agent.
     *
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}
     * @param task the task
     */
    public AgentRunInput(String agentName, String task) {
        this(agentName, task, null);
    }
}
