package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.CompactionStrategy;
import java.util.List;

/**
 * Drops the oldest turns until the transcript fits the target, keeping the system prompt, the task and the last
 * turn; tool calls and their results go together. When even that does not fit, it returns the smallest transcript
 * it can (the loop then reports {@code PromptTooLong}).
 */
public final class DropOldestTurns implements CompactionStrategy {

    @Override
    public Compacted compact(Request request) {
        Turns turns = Turns.of(request.messages());
        int last = Math.max(0, turns.turns().size() - 1);
        for (int from = 0; from < last; from++) {
            List<Message> kept = turns.keepFrom(from, List.of());
            if (request.estimator().estimate(kept) <= request.targetTokens()) {
                return new Compacted(kept, Usage.ZERO);
            }
        }
        return new Compacted(turns.keepFrom(last, List.of()), Usage.ZERO);
    }

    @Override
    public String toString() {
        return "dropOldestTurns";
    }
}
