package dev.terminus.springboot;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.Model;
import dev.terminus.checkpoint.FileGateStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The agent's beans. Each is left to the application when it declares one of its own type.
 * <ul>
 *   <li>{@link AgentConfig}, from the {@code terminus.agent.*} properties ({@link TerminusAgentProperties}): a bad
 *       value fails the application's start with a message naming the property and the value.</li>
 *   <li>{@code GateStore<Checkpoint>}: a {@link FileGateStore} in {@code terminus.checkpoints.dir}.</li>
 *   <li>{@link RunCounts} and {@link CheckpointSaver}, two {@link AgentListener}s: the runs ended so far, and every
 *       paused run's checkpoint saved in the gate store.</li>
 *   <li>{@link Agent}, only when the application has exactly one {@link Model} bean (a primary one among several
 *       counts as one): that model, the {@code AgentConfig} bean, every {@link Tool} bean, every {@link AgentListener}
 *       bean, approvals for the tools {@code terminus.agent.require-approval} names, then every
 *       {@link TerminusAgentCustomizer} bean. Without a model there is no agent: the application builds its own agents,
 *       and may hand them the listener beans.</li>
 * </ul>
 */
@AutoConfiguration
@EnableConfigurationProperties({TerminusAgentProperties.class, TerminusCheckpointProperties.class})
public class TerminusAutoConfiguration {

    /** Creates the configuration; Spring calls it. */
    public TerminusAutoConfiguration() {}

    /**
     * @param properties {@code terminus.agent.*}
     * @return the agent's settings
     * @throws IllegalArgumentException naming the property and the value when one is refused
     */
    @Bean
    @ConditionalOnMissingBean
    public AgentConfig terminusAgentConfig(TerminusAgentProperties properties) {
        return properties.toConfig();
    }

    /**
     * @param properties {@code terminus.checkpoints.*}
     * @return the store of paused runs
     */
    @Bean
    @ConditionalOnMissingBean(GateStore.class)
    public FileGateStore<Checkpoint> terminusGateStore(TerminusCheckpointProperties properties) {
        return FileGateStore.checkpoints(properties.dir());
    }

    /** @return the counts of ended runs the endpoint shows */
    @Bean
    @ConditionalOnMissingBean
    public RunCounts terminusRunCounts() {
        return new RunCounts();
    }

    /**
     * @param store the store of paused runs
     * @return the listener that saves paused runs' checkpoints in it
     */
    @Bean
    @ConditionalOnMissingBean
    public CheckpointSaver terminusCheckpointSaver(GateStore<Checkpoint> store) {
        return new CheckpointSaver(store);
    }

    /**
     * @param model the application's model
     * @param config the agent's settings
     * @param properties {@code terminus.agent.*}, for the approvals
     * @param tools the tool beans
     * @param listeners the listener beans
     * @param customizers the customizer beans
     * @return the agent
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnSingleCandidate(Model.class)
    public Agent terminusAgent(Model model, AgentConfig config, TerminusAgentProperties properties,
            ObjectProvider<Tool> tools, ObjectProvider<AgentListener> listeners,
            ObjectProvider<TerminusAgentCustomizer> customizers) {
        AgentBuilder builder = Agent.builder(model).config(config);
        tools.orderedStream().forEach(builder::tool);
        listeners.orderedStream().forEach(builder::listener);
        for (String tool : properties.requireApproval()) {
            builder.requireApproval(tool);
        }
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            String property = message.startsWith("requireApproval")
                    ? " (" + TerminusAgentProperties.PREFIX + ".require-approval=" + properties.requireApproval() + ")"
                    : "";
            throw new IllegalArgumentException("the auto-configured Agent cannot be built: " + message + property, e);
        }
    }
}
