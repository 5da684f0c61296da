package dev.terminus.agent.internal;

import dev.terminus.agent.Agent;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How code of this module outside {@link Agent} (the engine entry points of {@code AgentEngine}) reaches an agent's
 * {@link AgentSpec}, which {@code Agent} shows to no user: its private field, read through a handle made once when
 * this class is initialized (no reflection per call). Internal: no other module may use it (ADR 0014).
 */
public final class AgentAccess {
    private static final VarHandle SPEC;

    static {
        try {
            SPEC = MethodHandles.privateLookupIn(Agent.class, MethodHandles.lookup())
                    .findVarHandle(Agent.class, "spec", AgentSpec.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private AgentAccess() {}

    /**
     * @param agent an agent
     * @return its spec
     */
    public static AgentSpec spec(Agent agent) {
        return (AgentSpec) SPEC.get(agent);
    }
}
