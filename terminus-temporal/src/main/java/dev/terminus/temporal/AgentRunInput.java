package dev.terminus.temporal;

import dev.terminus.Preconditions;

/**
 * What an {@link AgentWorkflow} runs.
 *
 * @param agentName the name of an agent of the worker's {@link AgentRecipes}
 * @param task the task, as the user's first message
 */
public record AgentRunInput(String agentName, String task) {
    /** Validates that nothing is null. */
    public AgentRunInput {
        Preconditions.notNull(agentName, "AgentRunInput.agentName");
        Preconditions.notNull(task, "AgentRunInput.task");
    }
}
