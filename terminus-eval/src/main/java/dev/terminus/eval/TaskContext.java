package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.Tool;
import dev.terminus.agent.UserSimulator;
import dev.terminus.agent.spi.Model;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link AgentFactory} makes an agent for: one attempt of one repeat of a task, with the tools its
 * {@link Environment} made and the user its {@link UserSimulatorFactory} made. The tools and the user are the
 * harness's wrappers around them, which tell an environment's or a user's failure from the agent's (see
 * {@link Status}): give the agent these, not the originals.
 *
 * @param task the task
 * @param repeat which repeat, from 0
 * @param attempt which attempt, from 1
 * @param tools the environment's tools for this attempt (empty without an environment)
 * @param userSimulator the user for this attempt, or null without a user simulator factory
 */
public record TaskContext(Task task, int repeat, int attempt, List<Tool> tools, @Nullable UserSimulator userSimulator) {

    /** Validates the components and copies the tools. */
    public TaskContext {
        Preconditions.notNull(task, "TaskContext.task");
        Preconditions.nonNegative(repeat, "TaskContext.repeat");
        if (attempt < 1) {
            throw new IllegalArgumentException("TaskContext.attempt must be >= 1, was " + attempt);
        }
        tools = Preconditions.immutableList(tools, "TaskContext.tools");
    }

    /**
     * @param model the agent's model
     * @return a builder of an agent with this context's tools and user simulator; add settings and build it
     */
    public AgentBuilder agentBuilder(Model model) {
        AgentBuilder builder = Agent.builder(model).tools(tools);
        return userSimulator == null ? builder : builder.userSimulator(userSimulator);
    }
}
