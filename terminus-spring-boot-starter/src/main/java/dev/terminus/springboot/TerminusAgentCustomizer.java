package dev.terminus.springboot;

import dev.terminus.agent.AgentBuilder;

/**
 * Changes the builder of the auto-configured {@code Agent} before it is built: for what properties do not say (hooks,
 * success criteria, an output shape, approvals that depend on the arguments). Every customizer bean is applied, in
 * their {@code @Order}, after the properties, the tools and the listeners.
 */
@FunctionalInterface
public interface TerminusAgentCustomizer {

    /**
     * @param builder the builder of the agent, with the properties' settings, the tool beans and the listener beans
     */
    void customize(AgentBuilder builder);
}
