package dev.terminus.agent;

import dev.terminus.agent.spi.ToolSpec;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A tool the model may call. Build one from a lambda with {@link Tools#of}, or from annotated methods with
 * {@link Tools#fromMethods(Object)}.
 *
 * <p>A call's outcome decides what the loop does:
 * <ul>
 *   <li>a returned {@code String} is the result as is; {@code null} is the empty result; any other value is
 *       written as JSON;</li>
 *   <li>a {@link ToolArgumentException} means the arguments were invalid, any other exception that the tool failed:
 *       both are answered to the model as an error and count as a mistake;</li>
 *   <li>a {@link HaltException} ends the run {@code Halted}.</li>
 * </ul>
 */
public interface Tool {

    /** @return the tool's name, description and argument schema */
    ToolSpec spec();

    /**
     * Runs the tool. The calling thread is interrupted when the run is cancelled or out of time, or when the call
     * exceeds the per-tool timeout.
     *
     * @param arguments the arguments the model passed, a JSON object as plain Java values
     * @param context the run so far
     * @return the result
     * @throws Exception when the tool fails
     */
    @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception;
}
