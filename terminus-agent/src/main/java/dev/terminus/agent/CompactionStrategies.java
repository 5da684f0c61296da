package dev.terminus.agent;

import dev.terminus.agent.internal.DropOldestTurns;
import dev.terminus.agent.internal.SummarizeOlderTurns;
import dev.terminus.agent.spi.CompactionStrategy;
import dev.terminus.agent.spi.Model;
import dev.terminus.Preconditions;

/**
 * The built-in {@link CompactionStrategy}s. Both keep the system prompt and the task, and treat an assistant message
 * with the results of its tool calls as one turn, so a tool call is never separated from its result.
 */
public final class CompactionStrategies {
    private static final CompactionStrategy DROP_OLDEST = new DropOldestTurns();

    private CompactionStrategies() {}

    /**
     * Drops the oldest turns until the transcript fits the target size, always keeping the latest turn.
     *
     * @return the strategy
     */
    public static CompactionStrategy dropOldestTurns() {
        return DROP_OLDEST;
    }

    /**
     * Replaces the older turns with a summary written by a model; the summarizer's tokens count in the run's usage.
     *
     * @param summarizer the model that summarizes (often a smaller one than the agent's)
     * @param keepRecentTurns how many of the latest turns to keep as they are (>= 1)
     * @return the strategy
     */
    public static CompactionStrategy summarizeOlderTurns(Model summarizer, int keepRecentTurns) {
        return new SummarizeOlderTurns(Preconditions.notNull(summarizer, "summarizer"), keepRecentTurns);
    }
}
