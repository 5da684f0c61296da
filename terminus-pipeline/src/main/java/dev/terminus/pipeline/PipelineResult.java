package dev.terminus.pipeline;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a pipeline ended, with every stage it reached.
 *
 * <p>The termination is the one that stopped the pipeline: the termination of the stage that stopped it (a failure
 * it aborts on, a cancellation, a suspension, a budget it could not start within), {@code Cancelled} when it was
 * cancelled between stages, or {@link Termination.Completed} when every stage was reached and none stopped it (see
 * ADR 0011).
 *
 * <p>A value: equal when every field is equal. It is a class with a {@link #builder()} rather than a record so that
 * it can gain fields without breaking callers (see ADR 0016).
 */
public final class PipelineResult {

    private final String pipelineName;
    private final Termination termination;
    private final Outcome outcome;
    private final List<StageResult> stages;
    private final List<String> notRun;
    private final Usage usage;
    private final BigDecimal costUsd;
    private final Duration duration;
    private final @Nullable PipelineCheckpoint checkpoint;

    /** Validates every field and copies the lists immutably. */
    private PipelineResult(Builder b) {
        this.pipelineName = Preconditions.notBlank(b.pipelineName, "PipelineResult.pipelineName");
        this.termination = Preconditions.notNull(b.termination, "PipelineResult.termination");
        this.outcome = Preconditions.notNull(b.outcome, "PipelineResult.outcome");
        this.stages = Preconditions.immutableList(b.stages, "PipelineResult.stages");
        this.notRun = Preconditions.immutableList(b.notRun, "PipelineResult.notRun");
        this.usage = Preconditions.notNull(b.usage, "PipelineResult.usage");
        this.costUsd = Preconditions.nonNegative(b.costUsd, "PipelineResult.costUsd");
        this.duration = Preconditions.notNull(b.duration, "PipelineResult.duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("PipelineResult.duration must not be negative, was " + duration);
        }
        this.checkpoint = b.checkpoint;
        if (checkpoint != null && !(termination instanceof Termination.HitlGatePending)) {
            throw new IllegalArgumentException("PipelineResult.checkpoint is only for a pipeline paused at a gate"
                    + " (HitlGatePending), but its termination is " + termination);
        }
    }

    /**
     * @return a builder with no pipeline name, termination or outcome (all required) and every other field empty or
     *     zero
     */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this result's fields, to build a changed copy */
    public Builder toBuilder() {
        return builder().pipelineName(pipelineName).termination(termination).outcome(outcome).stages(stages)
                .notRun(notRun).usage(usage).costUsd(costUsd).duration(duration).checkpoint(checkpoint);
    }

    /** @return the pipeline's name */
    public String pipelineName() {
        return pipelineName;
    }

    /** @return why the pipeline stopped */
    public Termination termination() {
        return termination;
    }

    /**
     * @return the dashboard outcome: the stopping stage's outcome, {@code CANCELLED} for a cancellation between stages,
     *     {@code SUCCEEDED} on completion
     */
    public Outcome outcome() {
        return outcome;
    }

    /** @return the results of the stages the pipeline reached, in order */
    public List<StageResult> stages() {
        return stages;
    }

    /** @return the names of the stages it did not reach, in order; empty on completion */
    public List<String> notRun() {
        return notRun;
    }

    /** @return the tokens all stages consumed */
    public Usage usage() {
        return usage;
    }

    /** @return the money all stages spent, in US dollars */
    public BigDecimal costUsd() {
        return costUsd;
    }

    /** @return how long the pipeline took */
    public Duration duration() {
        return duration;
    }

    /**
     * What {@link Pipeline#resume} continues the pipeline from: present when the pipeline ended at a stage's human
     * gate ({@link Termination.HitlGatePending}, outcome {@code SUSPENDED}) and that stage's agent run has a
     * {@link dev.terminus.agent.Checkpoint}.
     *
     * @return the pipeline's checkpoint, if it paused at a gate
     */
    public Optional<PipelineCheckpoint> checkpoint() {
        return Optional.ofNullable(checkpoint);
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

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof PipelineResult p && pipelineName.equals(p.pipelineName)
                && termination.equals(p.termination) && outcome == p.outcome && stages.equals(p.stages)
                && notRun.equals(p.notRun) && usage.equals(p.usage) && costUsd.equals(p.costUsd)
                && duration.equals(p.duration) && Objects.equals(checkpoint, p.checkpoint);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pipelineName, termination, outcome, stages, notRun, usage, costUsd, duration, checkpoint);
    }

    @Override
    public String toString() {
        return "PipelineResult[pipelineName=" + pipelineName + ", termination=" + termination + ", outcome=" + outcome
                + ", stages=" + stages + ", notRun=" + notRun + ", usage=" + usage + ", costUsd=" + costUsd
                + ", duration=" + duration + ", checkpoint=" + checkpoint + "]";
    }

    /**
     * Builds a {@link PipelineResult}. Pipeline name, termination and outcome are required; every other field starts
     * empty (no stages, {@link Usage#ZERO}, no cost, {@link Duration#ZERO}). {@link #build()} validates, naming the
     * field and the bad value.
     */
    public static final class Builder {
        private @Nullable String pipelineName;
        private @Nullable Termination termination;
        private @Nullable Outcome outcome;
        private @Nullable List<StageResult> stages = List.of();
        private @Nullable List<String> notRun = List.of();
        private @Nullable Usage usage = Usage.ZERO;
        private @Nullable BigDecimal costUsd = BigDecimal.ZERO;
        private @Nullable Duration duration = Duration.ZERO;
        private @Nullable PipelineCheckpoint checkpoint;

        private Builder() {}


        /** @param pipelineName the pipeline's name; required, not blank @return this builder */
        public Builder pipelineName(String pipelineName) {
            this.pipelineName = pipelineName;
            return this;
        }

        /** @param termination why the pipeline stopped; required @return this builder */
        public Builder termination(Termination termination) {
            this.termination = termination;
            return this;
        }

        /** @param outcome the dashboard outcome; required @return this builder */
        public Builder outcome(Outcome outcome) {
            this.outcome = outcome;
            return this;
        }

        /** @param stages the results of the stages reached, in order (copied) @return this builder */
        public Builder stages(List<StageResult> stages) {
            this.stages = stages;
            return this;
        }

        /** @param notRun the names of the stages not reached, in order (copied) @return this builder */
        public Builder notRun(List<String> notRun) {
            this.notRun = notRun;
            return this;
        }

        /** @param usage the tokens all stages consumed @return this builder */
        public Builder usage(Usage usage) {
            this.usage = usage;
            return this;
        }

        /** @param costUsd the money all stages spent, in US dollars, at least 0 @return this builder */
        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        /** @param duration how long the pipeline took, not negative @return this builder */
        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        /**
         * @param checkpoint what to resume the pipeline from (see {@link PipelineResult#checkpoint()}), or null when
         *     it did not pause at a gate; only with a {@code HitlGatePending} termination
         * @return this builder
         */
        public Builder checkpoint(@Nullable PipelineCheckpoint checkpoint) {
            this.checkpoint = checkpoint;
            return this;
        }

        /**
         * @return the pipeline's result
         * @throws NullPointerException naming a required field that is null, or the index of a null list element
         * @throws IllegalArgumentException naming a field and its bad value
         */
        public PipelineResult build() {
            return new PipelineResult(this);
        }
    }
}
