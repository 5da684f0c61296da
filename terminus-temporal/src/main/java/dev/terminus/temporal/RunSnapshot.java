package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * A run as a tool saw it when it was called, carried to the tool's activity, where it is the tool's
 * {@link RunContext}.
 *
 * @param agentName the agent's name
 * @param iteration the current iteration
 * @param toolCallCount the tool calls executed so far
 * @param usage the tokens consumed so far
 * @param costUsd the money spent so far
 * @param elapsed the run's time so far, in workflow time
 * @param transcript the transcript so far
 */
public record RunSnapshot(String agentName, int iteration, int toolCallCount, Usage usage, BigDecimal costUsd,
        Duration elapsed, List<Message> transcript) implements RunContext {

    /** Validates and copies the transcript. */
    public RunSnapshot {
        Preconditions.notNull(agentName, "RunSnapshot.agentName");
        Preconditions.notNull(usage, "RunSnapshot.usage");
        Preconditions.notNull(costUsd, "RunSnapshot.costUsd");
        Preconditions.notNull(elapsed, "RunSnapshot.elapsed");
        transcript = Preconditions.immutableList(transcript, "RunSnapshot.transcript");
    }

    /**
     * @param run a run in progress
     * @return what it is now
     */
    public static RunSnapshot of(RunContext run) {
        return new RunSnapshot(run.agentName(), run.iteration(), run.toolCallCount(), run.usage(), run.costUsd(),
                run.elapsed(), run.transcript());
    }
}
