package dev.terminus.pipeline;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a pipeline ended, with every stage it reached.
 *
 * <p>The termination is the one that stopped the pipeline: the termination of the stage that stopped it (a failure
 * it aborts on, a cancellation, a suspension, a budget it could not start within), {@code Cancelled} when it was
 * cancelled between stages, or {@link Termination.Completed} when every stage was reached and none stopped it (see
 * ADR 0011).
 *
 * @param pipelineName the pipeline's name
 * @param termination why the pipeline stopped
 * @param outcome the dashboard outcome: the stopping stage's outcome, {@code CANCELLED} for a cancellation between
 *     stages, {@code SUCCEEDED} on completion
 * @param stages the results of the stages the pipeline reached, in order
 * @param notRun the names of the stages it did not reach, in order; empty on completion
 * @param usage the tokens all stages consumed
 * @param costUsd the money all stages spent, in US dollars
 * @param duration how long the pipeline took
 */
public record PipelineResult(String pipelineName, Termination termination, Outcome outcome, List<StageResult> stages,
        List<String> notRun, Usage usage, BigDecimal costUsd, Duration duration) {

    /** Validates every component and copies the lists immutably. */
    public PipelineResult {
        Preconditions.notBlank(pipelineName, "PipelineResult.pipelineName");
        Preconditions.notNull(termination, "PipelineResult.termination");
        Preconditions.notNull(outcome, "PipelineResult.outcome");
        stages = Preconditions.immutableList(stages, "PipelineResult.stages");
        notRun = Preconditions.immutableList(notRun, "PipelineResult.notRun");
        Preconditions.notNull(usage, "PipelineResult.usage");
        Preconditions.nonNegative(costUsd, "PipelineResult.costUsd");
        Preconditions.notNull(duration, "PipelineResult.duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("PipelineResult.duration must not be negative, was " + duration);
        }
    }

    /**
     * @param stageName a stage's name
     * @return its result, if the pipeline reached it
     */
    public Optional<StageResult> stage(String stageName) {
        for (StageResult stage : stages) {
            if (stage.name().equals(stageName)) {
                return Optional.of(stage);
            }
        }
        return Optional.empty();
    }

    /** @return whether every stage was reached and none stopped the pipeline */
    public boolean completed() {
        return termination instanceof Termination.Completed && notRun.isEmpty();
    }
}
