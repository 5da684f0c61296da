package dev.terminus.converge;

import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a convergence run ended, and what it did: on every path, failures included.
 *
 * <p>A value: equal when every field is equal. It is a class with a {@link #builder()} rather than a record so that
 * it can gain fields without breaking callers (see ADR 0016).
 *
 * <p>Each fact has one accessor, and an accessor for a fact that may be absent (the pause, the agent that stopped the
 * run) returns an {@link Optional}; the builder's setters carry the accessors' names.
 */
public final class ConvergenceResult {

    private final Termination termination;
    private final Context context;
    private final int cycles;
    private final int factsMerged;
    private final Usage usage;
    private final List<RejectedProposal> rejected;
    private final Duration duration;
    private final @Nullable Pause pause;
    private final @Nullable String stoppedBy;

    /** Validates and copies the rejected proposals immutably. */
    private ConvergenceResult(Builder b) {
        this.termination = Preconditions.notNull(b.termination, "ConvergenceResult.termination");
        this.context = Preconditions.notNull(b.context, "ConvergenceResult.context");
        this.cycles = Preconditions.nonNegative(b.cycles, "ConvergenceResult.cycles");
        this.factsMerged = Preconditions.nonNegative(b.factsMerged, "ConvergenceResult.factsMerged");
        this.usage = Preconditions.notNull(b.usage, "ConvergenceResult.usage");
        this.rejected = Preconditions.immutableList(b.rejected, "ConvergenceResult.rejected");
        this.duration = Preconditions.notNull(b.duration, "ConvergenceResult.duration");
        this.pause = b.pause;
        this.stoppedBy = b.stoppedBy;
    }

    /** @return a builder with no termination (required) and every other field empty or zero */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this result's fields, to build a changed copy */
    public Builder toBuilder() {
        return builder().termination(termination).context(context).cycles(cycles).factsMerged(factsMerged)
                .usage(usage).rejected(rejected).duration(duration).pause(pause).stoppedBy(stoppedBy);
    }

    /** @return why it stopped */
    public Termination termination() {
        return termination;
    }

    /** @return the context at the end; its facts are in the order they were first merged */
    public Context context() {
        return context;
    }

    /** @return the cycles started (the cycle it stopped in included) */
    public int cycles() {
        return cycles;
    }

    /** @return how many proposals were merged into the context */
    public int factsMerged() {
        return factsMerged;
    }

    /** @return the tokens the agents consumed */
    public Usage usage() {
        return usage;
    }

    /** @return the proposals rejected, by the gate or a person, in order */
    public List<RejectedProposal> rejected() {
        return rejected;
    }

    /** @return how long the run took (for a resumed run, the time before the pause included, the wait not) */
    public Duration duration() {
        return duration;
    }

    /** @return the dashboard outcome: the termination's default */
    public Outcome outcome() {
        return termination.defaultOutcome();
    }

    /**
     * The pause to resume from when the run stopped at a human-approval gate (its termination is
     * {@code HitlGatePending}). It is also kept when the run ended {@code Failed} because the pause could not be saved
     * to the engine's store, so that nothing is lost.
     *
     * @return the pause, if the run stopped at a gate or failed to save its pause
     */
    public Optional<Pause> pause() {
        return Optional.ofNullable(pause);
    }

    /**
     * The agent whose answer ended the run: its refusal ({@code AgentRefused}), its failure ({@link Reply.Fail}, an
     * exception it threw), or the stop of its own run ({@link Reply.Stop}: for a {@link ModelAgent}, how its agent loop
     * ended, e.g. {@code MaxIterationsReached} of the loop, not of the engine's cycles). Empty when the engine itself
     * ended the run (a fixed point, its budgets, cancellation, a gate, an invariant, a pause).
     *
     * @return the agent's name, or empty
     */
    public Optional<String> stoppedBy() {
        return Optional.ofNullable(stoppedBy);
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof ConvergenceResult r && termination.equals(r.termination) && context.equals(r.context)
                && cycles == r.cycles && factsMerged == r.factsMerged && usage.equals(r.usage)
                && rejected.equals(r.rejected) && duration.equals(r.duration) && Objects.equals(pause, r.pause)
                && Objects.equals(stoppedBy, r.stoppedBy);
    }

    @Override
    public int hashCode() {
        return Objects.hash(termination, context, cycles, factsMerged, usage, rejected, duration, pause, stoppedBy);
    }

    @Override
    public String toString() {
        return "ConvergenceResult[termination=" + termination + ", context=" + context + ", cycles=" + cycles
                + ", factsMerged=" + factsMerged + ", usage=" + usage + ", rejected=" + rejected + ", duration="
                + duration + ", pause=" + pause + ", stoppedBy=" + stoppedBy + "]";
    }

    /**
     * Builds a {@link ConvergenceResult}. The termination is required; every other field starts empty
     * ({@link Context#empty()}, no cycles, no facts merged, {@link Usage#ZERO}, no rejections, {@link Duration#ZERO},
     * no pause, no stopping agent). {@link #build()} validates, naming the field and the bad value.
     */
    public static final class Builder {
        private @Nullable Termination termination;
        private @Nullable Context context = Context.empty();
        private int cycles;
        private int factsMerged;
        private @Nullable Usage usage = Usage.ZERO;
        private @Nullable List<RejectedProposal> rejected = List.of();
        private @Nullable Duration duration = Duration.ZERO;
        private @Nullable Pause pause;
        private @Nullable String stoppedBy;

        private Builder() {}


        /** @param termination why it stopped; required @return this builder */
        public Builder termination(Termination termination) {
            this.termination = termination;
            return this;
        }

        /** @param context the context at the end @return this builder */
        public Builder context(Context context) {
            this.context = context;
            return this;
        }

        /** @param cycles the cycles started, at least 0 @return this builder */
        public Builder cycles(int cycles) {
            this.cycles = cycles;
            return this;
        }

        /** @param factsMerged how many proposals were merged, at least 0 @return this builder */
        public Builder factsMerged(int factsMerged) {
            this.factsMerged = factsMerged;
            return this;
        }

        /** @param usage the tokens the agents consumed @return this builder */
        public Builder usage(Usage usage) {
            this.usage = usage;
            return this;
        }

        /** @param rejected the proposals rejected, in order (copied) @return this builder */
        public Builder rejected(List<RejectedProposal> rejected) {
            this.rejected = rejected;
            return this;
        }

        /** @param duration how long the run took @return this builder */
        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        /**
         * @param pause the pause to resume from (see {@link ConvergenceResult#pause()}), or null when the run did not
         *     stop at a gate
         * @return this builder
         */
        public Builder pause(@Nullable Pause pause) {
            this.pause = pause;
            return this;
        }

        /**
         * @param stoppedBy the name of the agent whose answer ended the run (see
         *     {@link ConvergenceResult#stoppedBy()}), or null when the engine itself ended it
         * @return this builder
         */
        public Builder stoppedBy(@Nullable String stoppedBy) {
            this.stoppedBy = stoppedBy;
            return this;
        }

        /**
         * @return the result
         * @throws NullPointerException naming a required field that is null, or the index of a null list element
         * @throws IllegalArgumentException naming a field and its bad value
         */
        public ConvergenceResult build() {
            return new ConvergenceResult(this);
        }
    }
}
