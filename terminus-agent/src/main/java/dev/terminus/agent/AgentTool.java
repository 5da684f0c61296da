package dev.terminus.agent;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a tool for {@link Tools#fromMethods(Object)}. Its parameters become the tool's arguments, named
 * by their own names (which the class file holds when compiled with {@code javac -parameters}) or by
 * {@link Param#value()}; a {@link RunContext} parameter receives the run.
 * The method may have any access (it need not be public) and may be declared by a superclass or, as a default method,
 * by an interface; it must not be static, and two tools of one object must not share a name.
 *
 * {@snippet :
 * // given: double celsiusIn(String city)
 * class Weather {
 *     @AgentTool(description = "Current temperature in a city, in Celsius")
 *     double temperature(@AgentTool.Param(description = "the city's name") String city) {
 *         return celsiusIn(city);
 *     }
 * }
 * List<Tool> tools = Tools.fromMethods(new Weather());
 * }
 *
 * <p>A method whose parameter has neither a name in the class file nor a {@link Param#value()} is refused when its
 * tool is made, naming the method: compile with {@code -parameters}, or name the parameter with
 * {@code @Param("city")}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AgentTool {

    /** @return the tool's name; the method's name when empty */
    String name() default "";

    /** @return what the tool does, for the model */
    String description();

    /**
     * Describes a tool's argument: a parameter of an {@link AgentTool} method, or a component of the record a tool's
     * arguments are read into ({@link Tools#of(String, String, Class, RecordToolFunction)}).
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
    @interface Param {
        /**
         * @return the argument's name; empty (the default) for the parameter's own name, which needs the class
         *     compiled with {@code -parameters}. On a record component, the component's name is the argument's:
         *     leave it empty
         */
        String value() default "";

        /** @return what the argument is, for the model */
        String description() default "";

        /**
         * @return whether the model must pass it; a primitive parameter is always required (there is no value to
         *     call the method with when the argument is left out), so use a boxed type such as {@code Integer} for
         *     an optional number, which receives null when left out
         */
        boolean required() default true;
    }
}
