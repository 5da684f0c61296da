package dev.terminus.agent;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a tool for {@link Tools#fromMethods(Object)}. Its parameters become the tool's arguments
 * (named as compiled with {@code -parameters}, or by {@link Param}); a {@link RunContext} parameter receives the run.
 *
 * {@snippet :
 * class Weather {
 *     @AgentTool(description = "Current temperature in a city, in Celsius")
 *     double temperature(@Param(value = "city", description = "the city's name") String city) { ... }
 * }
 * List<Tool> tools = Tools.fromMethods(new Weather());
 * }
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AgentTool {

    /** @return the tool's name; the method's name when empty */
    String name() default "";

    /** @return what the tool does, for the model */
    String description();

    /** Names and describes a tool parameter. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Param {
        /** @return the argument's name */
        String value();

        /** @return what the argument is, for the model */
        String description() default "";

        /** @return whether the model must pass it */
        boolean required() default true;
    }
}
