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

    /**
     * Whether a call gives up promptly when its thread is interrupted ({@code sleep}, locks, NIO, blocking I/O on a
     * virtual thread all do). A tool that may not (JDBC or another client on blocking sockets of a platform thread,
     * a long computation that never checks) says so, with {@link Tools#uninterruptible(Tool)} or by overriding this:
     * a run that enforces its deadline by interrupting its own thread (the default,
     * {@link TimeBudgetEnforcement#INTERRUPT_CALLER}) with a time budget then makes each of its calls on a virtual
     * thread of its own and stops waiting for it at the deadline or on cancellation, after
     * {@link AgentConfig#interruptGrace()}. That costs a thread handoff per call (tens of microseconds from a platform
     * thread), and the call does not see the caller's thread-locals; an interruptible tool, and every tool of a run
     * without a time budget, is called on the run's thread with no handoff.
     *
     * @return true unless overridden
     */
    default boolean interruptible() {
        return true;
    }
}
