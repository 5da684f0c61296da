package dev.terminus.agent.internal;

import dev.terminus.agent.Agent;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * How code of this module outside {@link Agent} (the engine entry points of {@code AgentEngine}) reaches an agent's
 * {@link AgentSpec}, which {@code Agent} shows to no user, and makes an agent of a spec: its private field and its
 * constructor, through handles made once when this class is initialized (no reflection per call). Internal: no other module may use it (ADR 0014).
 */
public final class AgentAccess {
    private static final VarHandle SPEC;
    private static final MethodHandle AGENT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Agent.class, MethodHandles.lookup());
            SPEC = lookup.findVarHandle(Agent.class, "spec", AgentSpec.class);
            AGENT = lookup.findConstructor(Agent.class, MethodType.methodType(void.class, AgentSpec.class));
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

    /**
     * @param spec what the agent is made of
     * @return an agent of it
     */
    public static Agent agent(AgentSpec spec) {
        try {
            return (Agent) AGENT.invokeExact(spec);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("the Agent constructor threw " + e, e);
        }
    }
}
