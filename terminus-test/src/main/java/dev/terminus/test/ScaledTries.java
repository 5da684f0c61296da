package dev.terminus.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Sizes a jqwik property's tries through {@link ReliabilityScale}: {@code @Property(tries = ...)} takes a constant,
 * this takes the per-build count and multiplies it by {@code terminus.reliability.scale}. After the property it
 * prints one line with the cases it ran, {@code [reliability] <property>: <tries> cases, <checks> checks}, so a
 * run's figures can be read from its output.
 *
 * {@snippet :
 * import net.jqwik.api.*;
 * // given: class Plan; Pipeline pipelineFor(Plan plan)
 * @Property
 * @ScaledTries(2_000)
 * void everyPipelineEndsOnce(@ForAll Plan plan) {
 *     TerminusAssertions.assertThat(pipelineFor(plan).run("input").termination()).isNotNull();
 * }
 * }
 *
 * <p>Needs jqwik on the test class path (the test kit declares it optional).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@AddLifecycleHook(ScaledTries.Hook.class)
public @interface ScaledTries {

    /** @return how many tries one build runs, before {@link ReliabilityScale#times(int) scaling}; positive */
    int value();

    /** The hook that sets the tries before the property runs and reports them after. */
    final class Hook implements AroundPropertyHook {
        /** Made by jqwik. */
        public Hook() {}

        @Override
        public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
            int perBuild = context.findAnnotation(ScaledTries.class)
                    .orElseThrow(() -> new IllegalStateException("@ScaledTries missing on " + context.label()))
                    .value();
            context.attributes().setTries(ReliabilityScale.times(perBuild));
            PropertyExecutionResult result = property.execute();
            System.out.printf("[reliability] %s: %d cases, %d checks%n", context.extendedLabel(),
                    result.countTries(), result.countChecks());
            return result;
        }
    }
}
