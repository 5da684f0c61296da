/**
 * Terminus in a Spring Boot application: the agent's settings from {@code terminus.agent.*}
 * ({@link dev.terminus.springboot.TerminusAgentProperties}), paused runs in a file gate store at
 * {@code terminus.checkpoints.dir}, an {@code Agent} bean when the application has one {@code Model} bean, run metrics
 * through Micrometer's Observation API ({@link dev.terminus.springboot.TerminusRunMetrics}) and the {@code terminus}
 * Actuator endpoint ({@link dev.terminus.springboot.TerminusEndpoint}). See ADR 0034.
 */
@NullMarked
package dev.terminus.springboot;

import org.jspecify.annotations.NullMarked;
