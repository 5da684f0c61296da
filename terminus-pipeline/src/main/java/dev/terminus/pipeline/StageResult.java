package dev.terminus.pipeline;

import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How one stage of a pipeline ended. The termination and the outcome are kept apart: a stage that treats
 * {@code MaxIterationsReached} as success has outcome {@link Outcome#SUCCEEDED} while its termination still says
 * {@code MaxIterationsReached(limit, used)}.
 *
 * <p>A value: equal when every field is equal. It is a class with a {@link #builder()} rather than a record so that
 * it can gain fields without breaking callers (see ADR 0016).
 *
 * <p>Each fact has one accessor, and an accessor for a fact that may be absent (the phase, the agent run) returns an
 * {@link Optional}. The stage's final answer is its last run's:
 * {@code stage.lastRun().flatMap(RunResult::finalAnswer)}.
 */
public final class StageResult {

    private final String name;
    private final @Nullable String phase;
    private final Termination termination;
    private final Outcome outcome;
    private final int attempts;
    private final Usage usage;
    private final BigDecimal costUsd;
    private final Duration duration;
    private final @Nullable RunResult lastRun;

    /** Validates every field, naming a bad one. */
    private StageResult(Builder b) {
        this.name = Preconditions.notBlank(b.name, "StageResult.name");
        this.phase = b.phase;
        this.termination = Preconditions.notNull(b.termination, "StageResult.termination");
        this.outcome = Preconditions.notNull(b.outcome, "StageResult.outcome");
        this.attempts = Preconditions.nonNegative(b.attempts, "StageResult.attempts");
        this.usage = Preconditions.notNull(b.usage, "StageResult.usage");
        this.costUsd = Preconditions.nonNegative(b.costUsd, "StageResult.costUsd");
        this.duration = Preconditions.notNull(b.duration, "StageResult.duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("StageResult.duration must not be negative, was " + duration);
        }
        this.lastRun = b.lastRun;
    }

    /** @return a builder with no name, termination or outcome (all required) and every other field empty or zero */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this result's fields, to build a changed copy */
    public Builder toBuilder() {
        return builder().name(name).phase(phase).termination(termination).outcome(outcome).attempts(attempts)
                .usage(usage).costUsd(costUsd).duration(duration).lastRun(lastRun);
    }

    /** @return the stage's name */
    public String name() {
        return name;
    }

    /**
     * The name of the phase the stage was declared in ({@code Pipeline.builder().phase(name, budget, stages)}); empty
     * for a stage declared outside any phase.
     *
     * @return the phase's name, if the stage belongs to one
     */
    public Optional<String> phase() {
        return Optional.ofNullable(phase);
    }

    /**
     * @return why the stage stopped: its last attempt's termination (after its completion callback), or
     *     {@code Skipped}, {@code Cancelled}, or {@code TokenBudgetExhausted} when it could not start
     */
    public Termination termination() {
        return termination;
    }

    /**
     * @return the dashboard outcome: the termination's default, or {@code SUCCEEDED} when the stage treats the
     *     termination as success
     */
    public Outcome outcome() {
        return outcome;
    }

    /** @return how many times the stage's body ran: 0 when skipped or unable to start, at most 1 + its retries */
    public int attempts() {
        return attempts;
    }

    /** @return the tokens the stage's agent runs consumed, over all attempts */
    public Usage usage() {
        return usage;
    }

    /** @return the money the stage's agent runs spent, over all attempts, in US dollars */
    public BigDecimal costUsd() {
        return costUsd;
    }

    /** @return how long the stage took, from the pipeline reaching it to its result, retries included */
    public Duration duration() {
        return duration;
    }

    /**
     * The agent run of the stage's last attempt: its final answer, its transcript, its checkpoint when it paused at
     * a gate. Empty for a function stage, and for an agent stage whose agent did not run (skipped, or unable to
     * start).
     *
     * @return the last attempt's agent run, if the stage ran an agent
     */
    public Optional<RunResult> lastRun() {
        return Optional.ofNullable(lastRun);
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof StageResult s && name.equals(s.name) && Objects.equals(phase, s.phase)
                && termination.equals(s.termination) && outcome == s.outcome && attempts == s.attempts
                && usage.equals(s.usage) && costUsd.equals(s.costUsd) && duration.equals(s.duration)
                && Objects.equals(lastRun, s.lastRun);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, phase, termination, outcome, attempts, usage, costUsd, duration, lastRun);
    }

    @Override
    public String toString() {
        return "StageResult[name=" + name + ", phase=" + phase + ", termination=" + termination + ", outcome="
                + outcome + ", attempts=" + attempts + ", usage=" + usage + ", costUsd=" + costUsd + ", duration="
                + duration + ", lastRun=" + lastRun + "]";
    }

    /**
     * Builds a {@link StageResult}. Name, termination and outcome are required; every other field starts empty (no
     * phase, no attempts, {@link Usage#ZERO}, no cost, {@link Duration#ZERO}, no agent run). {@link #build()}
     * validates, naming the field and the bad value.
     */
    public static final class Builder {
        private @Nullable String name;
        private @Nullable String phase;
        private @Nullable Termination termination;
        private @Nullable Outcome outcome;
        private int attempts;
        private @Nullable Usage usage = Usage.ZERO;
        private @Nullable BigDecimal costUsd = BigDecimal.ZERO;
        private @Nullable Duration duration = Duration.ZERO;
        private @Nullable RunResult lastRun;

        private Builder() {}


        /** @param name the stage's name; required, not blank @return this builder */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /**
         * @param phase the name of the stage's phase (see {@link StageResult#phase()}), or null when it belongs to none
         * @return this builder
         */
        public Builder phase(@Nullable String phase) {
            this.phase = phase;
            return this;
        }

        /** @param termination why the stage stopped; required @return this builder */
        public Builder termination(Termination termination) {
            this.termination = termination;
            return this;
        }

        /** @param outcome the dashboard outcome; required @return this builder */
        public Builder outcome(Outcome outcome) {
            this.outcome = outcome;
            return this;
        }

        /** @param attempts how many times the stage's body ran, at least 0 @return this builder */
        public Builder attempts(int attempts) {
            this.attempts = attempts;
            return this;
        }

        /** @param usage the tokens of all attempts @return this builder */
        public Builder usage(Usage usage) {
            this.usage = usage;
            return this;
        }

        /** @param costUsd the money of all attempts, in US dollars, at least 0 @return this builder */
        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        /** @param duration how long the stage took, not negative @return this builder */
        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        /**
         * @param lastRun the last attempt's agent run (see {@link StageResult#lastRun()}), or null when no agent ran
         * @return this builder
         */
        public Builder lastRun(@Nullable RunResult lastRun) {
            this.lastRun = lastRun;
            return this;
        }

        /**
         * @return the stage's result
         * @throws NullPointerException naming a required field that is null
         * @throws IllegalArgumentException naming a field and its bad value
         */
        public StageResult build() {
            return new StageResult(this);
        }
    }
}
