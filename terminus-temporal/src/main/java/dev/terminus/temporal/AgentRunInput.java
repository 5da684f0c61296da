package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.Continuation;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link AgentWorkflow} runs: a task from its start, or a long run going on in a fresh execution of the same
 * workflow (continue-as-new) from where the previous execution stopped it.
 *
 * @param agentName the name of an agent of the worker's {@link AgentRecipes}
 * @param task the task, as the user's first message
 * @param continuation where the run goes on from, or null for a run from its start
 */
public record AgentRunInput(String agentName, String task, @Nullable Continuation continuation) {
    /** Validates that the agent and the task are given. */
    public AgentRunInput {
        Preconditions.notNull(agentName, "AgentRunInput.agentName");
        Preconditions.notNull(task, "AgentRunInput.task");
    }

    /**
     * @param agentName the name of an agent of the worker's {@link AgentRecipes}
     * @param task the task, as the user's first message
     */
    public AgentRunInput(String agentName, String task) {
        this(agentName, task, null);
    }
}
