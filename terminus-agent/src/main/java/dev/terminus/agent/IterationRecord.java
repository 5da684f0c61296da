package dev.terminus.agent;

import dev.terminus.agent.spi.FinishReason;
import dev.terminus.Preconditions;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What one iteration of a run did.
 *
 * @param iteration its number, from 1
 * @param usage the tokens its model call consumed
 * @param toolCalls the tool calls it executed
 * @param finishReason why the model stopped, or null when no model answer arrived
 * @param duration how long it took
 */
public record IterationRecord(int iteration, Usage usage, int toolCalls, @Nullable FinishReason finishReason,
        Duration duration) {

    /** Validates the components. */
    public IterationRecord {
        Preconditions.nonNegative(iteration, "IterationRecord.iteration");
        Preconditions.notNull(usage, "IterationRecord.usage");
        Preconditions.nonNegative(toolCalls, "IterationRecord.toolCalls");
        Preconditions.notNull(duration, "IterationRecord.duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("IterationRecord.duration must not be negative, was " + duration);
        }
    }
}
