package dev.terminus.agent.spi;

import dev.terminus.Message;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.util.List;

/**
 * Makes a transcript smaller so the next model call fits the context window. The loop calls it proactively (the
 * estimate reached the configured fraction of the window) and reactively (the provider refused the prompt as too
 * long, then the call is retried once). A strategy that throws ends the run
 * {@link dev.terminus.Termination.CompactionFailed} with the exception's message; a result still larger than the
 * window ends it {@link dev.terminus.Termination.PromptTooLong}. See {@code CompactionStrategies} for the built-in
 * ones. Implementations are thread-safe.
 */
@FunctionalInterface
public interface CompactionStrategy {

    /**
     * @param request the transcript and the size to reach
     * @return the smaller transcript, and the tokens spent making it (a summarizing model call)
     * @throws Exception when the transcript cannot be compacted; the run ends {@code CompactionFailed}
     */
    Compacted compact(Request request) throws Exception;

    /**
     * What to compact.
     *
     * @param messages the transcript, system prompt and task first
     * @param targetTokens the size to bring it down to, estimated with {@code estimator}
     * @param estimator the agent's token estimator
     */
    record Request(List<Message> messages, long targetTokens, TokenEstimator estimator) {
        /** Validates the components. */
        public Request {
            messages = Preconditions.immutableList(messages, "Request.messages");
            Preconditions.nonNegative(targetTokens, "Request.targetTokens");
            Preconditions.notNull(estimator, "Request.estimator");
        }
    }

    /**
     * A compacted transcript.
     *
     * @param messages the new transcript
     * @param usage the tokens spent compacting (zero when no model was called); added to the run's usage
     */
    record Compacted(List<Message> messages, Usage usage) {
        /** Validates the components. */
        public Compacted {
            messages = Preconditions.immutableList(messages, "Compacted.messages");
            Preconditions.notNull(usage, "Compacted.usage");
        }
    }
}
