package dev.terminus.agent.internal;

import dev.terminus.agent.Agent;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * How code of this module outside {@link Agent} reaches an agent's {@link AgentSpec}, which {@code Agent} shows to no
 * user: {@code Agent} grants the access once, as its class is initialized (which happens before any agent exists).
 */
public final class AgentAccess {
    private static volatile @Nullable Function<Agent, AgentSpec> specs;

    private AgentAccess() {}

    /**
     * Called by {@link Agent} alone.
     *
     * @param access reads an agent's spec
     * @throws IllegalStateException when the access was granted already
     */
    public static void grant(Function<Agent, AgentSpec> access) {
        if (specs != null) {
            throw new IllegalStateException("the access to agents' specs is granted once, by Agent");
        }
        specs = access;
    }

    /**
     * @param agent an agent
     * @return its spec
     */
    public static AgentSpec spec(Agent agent) {
        Function<Agent, AgentSpec> access = specs;
        if (access == null) {
            throw new IllegalStateException("Agent's class was not initialized"); // unreachable: an Agent exists
        }
        return access.apply(agent);
    }
}
