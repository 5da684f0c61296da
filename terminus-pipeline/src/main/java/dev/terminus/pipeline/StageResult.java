package dev.terminus.pipeline;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How one stage of a pipeline ended. The termination and the outcome are kept apart: a stage that treats
 * {@code MaxIterationsReached} as success has outcome {@link Outcome#SUCCEEDED} while its termination still says
 * {@code MaxIterationsReached(limit, used)}.
 *
 * @param name the stage's name
 * @param phase the name of the phase the stage belongs to, or null when it belongs to none
 * @param termination why the stage stopped: its last attempt's termination (after its completion callback), or
 *     {@code Skipped}, {@code Cancelled}, or {@code TokenBudgetExhausted} when it could not start
 * @param outcome the dashboard outcome: the termination's default, or {@code SUCCEEDED} when the stage treats the
 *     termination as success
 * @param attempts how many times the stage's body ran: 0 when skipped or unable to start, at most 1 + its retries
 * @param usage the tokens the stage's agent runs consumed, over all attempts
 * @param costUsd the money the stage's agent runs spent, over all attempts, in US dollars
 * @param duration how long the stage took, from the pipeline reaching it to its result, retries included
 * @param lastRun the last attempt's agent run, or null for a function stage or when no agent ran
 */
public record StageResult(String name, @Nullable String phase, Termination termination, Outcome outcome, int attempts,
        Usage usage, BigDecimal costUsd, Duration duration, @Nullable RunResult lastRun) {

    /** Validates every component, naming a bad one. */
    public StageResult {
        Preconditions.notBlank(name, "StageResult.name");
        Preconditions.notNull(termination, "StageResult.termination");
        Preconditions.notNull(outcome, "StageResult.outcome");
        Preconditions.nonNegative(attempts, "StageResult.attempts");
        Preconditions.notNull(usage, "StageResult.usage");
        Preconditions.nonNegative(costUsd, "StageResult.costUsd");
        Preconditions.notNull(duration, "StageResult.duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("StageResult.duration must not be negative, was " + duration);
        }
    }

    /** @return the last attempt's agent run, if the stage ran an agent */
    public Optional<RunResult> agentRun() {
        return Optional.ofNullable(lastRun);
    }

    /** @return the last attempt's final answer, if the stage ran an agent that answered */
    public Optional<String> answer() {
        return lastRun == null ? Optional.empty() : lastRun.answer();
    }

    /** @return the phase the stage belongs to, if any */
    public Optional<String> phaseName() {
        return Optional.ofNullable(phase);
    }
}
