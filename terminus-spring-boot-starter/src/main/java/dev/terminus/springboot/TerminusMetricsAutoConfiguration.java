package dev.terminus.springboot;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * {@link TerminusRunMetrics}, a listener of the auto-configured agent, when Micrometer is on the classpath and the
 * application has a {@link MeterRegistry} (Spring Boot's Actuator makes one): its run observations go to the
 * application's {@link ObservationRegistry} (none without one: the counter alone is recorded).
 */
@AutoConfiguration(after = TerminusAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, ObservationRegistry.class})
public class TerminusMetricsAutoConfiguration {

    /** Creates the configuration; Spring calls it. */
    public TerminusMetricsAutoConfiguration() {}

    /**
     * @param observations the application's observation registry, if any
     * @param meters the application's meter registry
     * @return the listener that records the run metrics
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(MeterRegistry.class)
    public TerminusRunMetrics terminusRunMetrics(ObjectProvider<ObservationRegistry> observations,
            MeterRegistry meters) {
        return new TerminusRunMetrics(observations.getIfAvailable(() -> ObservationRegistry.NOOP), meters);
    }
}
