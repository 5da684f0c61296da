package dev.terminus.eval.internal;

import dev.terminus.agent.Agent;
import dev.terminus.eval.AgentFactory;
import dev.terminus.eval.TaskContext;

/**
 * The factory of one agent for every task; the benchmark's builder recognizes it to refuse it with an environment or
 * a user simulator, which it could not give the agent.
 *
 * @param agent the agent
 */
public record SharedAgent(Agent agent) implements AgentFactory {
    @Override
    public Agent create(TaskContext context) {
        return agent;
    }
}
