package dev.terminus.eval;

import dev.terminus.Preconditions;
import dev.terminus.agent.Agent;
import dev.terminus.eval.internal.SharedAgent;

/**
 * Makes the agent of one attempt of a task. Called once per attempt, on the task's thread, within its timeout; it
 * must be thread-safe when the benchmark runs tasks in parallel. Build the agent from
 * {@link TaskContext#agentBuilder} to give it the environment's tools and the user simulator of the task.
 *
 * {@snippet :
 * AgentFactory factory = context -> context.agentBuilder(model)
 *         .maxIterations(10)
 *         .build();
 * }
 *
 * <p>A factory that throws (or returns null) ends the attempt {@link Status#SETUP_FAILED}.
 */
@FunctionalInterface
public interface AgentFactory {

    /**
     * @param context the task, its repeat and attempt, the environment's tools and the user simulator
     * @return a new agent, or a shared one
     * @throws Exception when the agent cannot be made
     */
    Agent create(TaskContext context) throws Exception;

    /**
     * One agent for every task: agents are immutable and thread-safe, so this is the cheapest way to run a benchmark
     * that needs no environment and no user simulator (a benchmark refuses a shared agent with either, which it
     * could not give its tools or its user).
     *
     * @param agent the agent
     * @return a factory returning it
     */
    static AgentFactory shared(Agent agent) {
        return new SharedAgent(Preconditions.notNull(agent, "agent"));
    }
}
