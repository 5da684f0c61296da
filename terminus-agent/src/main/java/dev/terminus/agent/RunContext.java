package dev.terminus.agent;

import dev.terminus.Message;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * A read-only view of a run in progress, handed to user code: tools, hooks, completion predicates and user
 * simulators. It reflects the run at the moment of the call; do not keep it past the call.
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
}
