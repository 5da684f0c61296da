package dev.terminus.springboot;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.spi.GateStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code terminus} Actuator endpoint ({@link TerminusEndpoint}), when Actuator is on the classpath and the
 * endpoint is available: enabled (it is by default) and exposed ({@code management.endpoints.web.exposure.include}).
 */
@AutoConfiguration(after = TerminusAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnAvailableEndpoint(TerminusEndpoint.class)
public class TerminusEndpointAutoConfiguration {

    /** Creates the configuration; Spring calls it. */
    public TerminusEndpointAutoConfiguration() {}

    /**
     * @param store where paused runs wait
     * @param counts the runs ended so far
     * @param agent the agent that resumes answered runs, when the application has exactly one
     * @return the endpoint
     */
    @Bean
    @ConditionalOnMissingBean
    public TerminusEndpoint terminusEndpoint(GateStore<Checkpoint> store, RunCounts counts,
            ObjectProvider<Agent> agent) {
        return new TerminusEndpoint(store, counts, agent::getIfUnique);
    }
}
