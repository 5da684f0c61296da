package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A read-only view of a run in progress, handed to user code: tools, hooks, completion predicates and user
 * simulators. It reflects the run at the moment of the call; do not keep it past the call. Besides reading it, a
 * tool may report its progress ({@link #reportProgress}) and ask the run's model ({@link #askModel}).
 */
public interface RunContext {

    /** @return the agent's name */
    String agentName();

    /** @return the current iteration, counting from 1 (0 before the first) */
    int iteration();

    /** @return the tool calls executed so far */
    int toolCallCount();

    /** @return the tokens consumed so far */
    Usage usage();

    /** @return the money spent so far, in US dollars */
    BigDecimal costUsd();

    /** @return the time since the run started */
    Duration elapsed();

    /** @return the transcript so far, as an unmodifiable view */
    List<Message> transcript();

    /**
     * Tells the run's listeners how far a tool call got, as an {@link AgentEvent.ToolProgress}: the one thing a tool
     * may do to its run besides returning. Any thread may report while the call runs; a report in a run without
     * listeners, or after the run ended, is dropped. By default, dropped.
     *
     * @param toolName the tool reporting
     * @param progress how far it got
     * @param total the progress at which it is done, or null when unknown
     * @param message what it is doing, or null
     */
    default void reportProgress(String toolName, double progress, @Nullable Double total, @Nullable String message) {
        // a view without listeners
    }

    /**
     * Asks the run's own model on behalf of a tool (an MCP server's sampling request, say): one call, no retries,
     * no tools offered unless the request offers them. The answer's tokens and cost count in the run's usage, its
     * open iteration's record and its budgets, as a model call of the loop's own does (so a token or cost budget can
     * end the run at the next iteration because of it), and the run's listeners get an
     * {@link AgentEvent.ModelCalled}. Any thread may ask while a tool call of the run is in progress; thread-safe.
     * By default (a view of no run), unsupported.
     *
     * @param request the messages (and limits) to answer
     * @return the model's answer
     * @throws UnsupportedOperationException when this view has no model to ask
     * @throws Exception whatever the model's call throws (a {@code ModelException}, an interrupt)
     */
    default ModelResponse askModel(ModelRequest request) throws Exception {
        throw new UnsupportedOperationException("this RunContext (" + getClass().getName() + ") has no model to ask");
    }

    /**
     * The answer a person gave to a request of the tool call in progress: set when the run was resumed at a gate
     * where this call asked for input ({@link HumanInputNeeded}), for that request and the earlier ones of the same
     * call. Empty otherwise: the tool then throws {@link HumanInputNeeded} to ask. Any thread may read it while the
     * call is in progress. By default (a view of no run), empty.
     *
     * @param request what the tool asks
     * @return the person's answer to an equal request, if they gave one
     */
    default java.util.Optional<HumanInputAnswer> humanInput(HumanInputRequest request) {
        return java.util.Optional.empty();
    }
}
