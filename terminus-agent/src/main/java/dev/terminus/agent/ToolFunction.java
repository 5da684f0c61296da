package dev.terminus.agent;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The body of a tool built with {@link Tools#of}.
 */
@FunctionalInterface
public interface ToolFunction {

    /**
     * @param arguments the arguments the model passed
     * @param context the run so far
     * @return the result: a {@code String}, null, or a value written as JSON
     * @throws Exception when the tool fails
     */
    @Nullable Object apply(Map<String, @Nullable Object> arguments, RunContext context) throws Exception;
}
