package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a run ended, and everything it did: on every path, failures included.
 *
 * <p>A value: equal when every field is equal. It is a class with a {@link #builder()} rather than a record so that
 * it can gain fields without breaking callers (see ADR 0016): read it through its accessors; build one (in a test, an
 * adapter) with {@link #builder()}, or change a copy with {@link #toBuilder()}.
 *
 * <p>Each fact has one accessor, and an accessor for a fact that may be absent (the final answer, the structured
 * output, the checkpoint) returns an {@link Optional}; the builder's setters carry the accessors' names.
 *
 * {@snippet :
 * RunResult result = RunResult.builder()
 *         .termination(new Termination.NaturalCompletion())
 *         .outcome(Outcome.SUCCEEDED)
 *         .finalAnswer("42")
 *         .build();
 * }
 */
public final class RunResult {

    private final Termination termination;
    private final Outcome outcome;
    private final List<Message> transcript;
    private final List<IterationRecord> iterations;
    private final Usage usage;
    private final BigDecimal costUsd;
    private final int toolCalls;
    private final Duration duration;
    private final @Nullable String finalAnswer;
    private final @Nullable Object structuredOutput;
    private final @Nullable Checkpoint checkpoint;
    private final @Nullable String agentName;
    private final List<ChildRun> children;

    /** Validates and copies the lists immutably. */
    private RunResult(Builder b) {
        this.termination = Preconditions.notNull(b.termination, "RunResult.termination");
        this.outcome = Preconditions.notNull(b.outcome, "RunResult.outcome");
        this.transcript = Preconditions.immutableList(b.transcript, "RunResult.transcript");
        this.iterations = Preconditions.immutableList(b.iterations, "RunResult.iterations");
        this.usage = Preconditions.notNull(b.usage, "RunResult.usage");
        this.costUsd = Preconditions.notNull(b.costUsd, "RunResult.costUsd");
        this.toolCalls = Preconditions.nonNegative(b.toolCalls, "RunResult.toolCalls");
        this.duration = Preconditions.notNull(b.duration, "RunResult.duration");
        this.finalAnswer = b.finalAnswer;
        this.structuredOutput = b.structuredOutput;
        this.checkpoint = b.checkpoint;
        this.agentName = b.agentName;
        this.children = Preconditions.immutableList(b.children, "RunResult.children");
    }

    /** @return a builder with no termination and no outcome (both required) and every other field empty or zero */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this result's fields, to build a changed copy */
    public Builder toBuilder() {
        return builder().termination(termination).outcome(outcome).transcript(transcript).iterations(iterations)
                .usage(usage).costUsd(costUsd).toolCalls(toolCalls).duration(duration).finalAnswer(finalAnswer)
                .structuredOutput(structuredOutput).checkpoint(checkpoint).agentName(agentName).children(children);
    }

    /** @return why it stopped */
    public Termination termination() {
        return termination;
    }

    /** @return the dashboard outcome (the termination's default unless the agent overrides it) */
    public Outcome outcome() {
        return outcome;
    }

    /** @return every message, system prompt first */
    public List<Message> transcript() {
        return transcript;
    }

    /** @return what each iteration did, one record per iteration run (its size is the number of iterations) */
    public List<IterationRecord> iterations() {
        return iterations;
    }

    /**
     * @return the tokens consumed, the sum over the iterations (the runs of agents called as tools count in the
     *     iteration that called them)
     */
    public Usage usage() {
        return usage;
    }

    /** @return the money spent, in US dollars */
    public BigDecimal costUsd() {
        return costUsd;
    }

    /** @return the tool calls executed */
    public int toolCalls() {
        return toolCalls;
    }

    /** @return how long the run took */
    public Duration duration() {
        return duration;
    }

    /**
     * The run's final answer: the last assistant text, or the submitted arguments as JSON when the run ended by a call
     * of its final-answer tool. Empty when the run ended without one (a failure, a cancellation, a pause at a gate).
     *
     * @return the final answer, if there is one
     */
    public Optional<String> finalAnswer() {
        return Optional.ofNullable(finalAnswer);
    }

    /**
     * The text of an answer that was cut short, when the run ended on one: its stream was ended by the deadline, a
     * cancel or a failure, or the model stopped at its output cap or was stopped by a content filter. It is the
     * transcript's last message, an assistant message marked {@linkplain Message.Assistant#incomplete() incomplete}.
     *
     * @return the text that arrived, if the run ended on an answer cut short
     */
    public Optional<String> incompleteAnswer() {
        return !transcript.isEmpty() && transcript.getLast() instanceof Message.Assistant last && last.incomplete()
                ? Optional.of(last.content()) : Optional.empty();
    }

    /**
     * The final answer as the agent's {@code OutputValidator} typed it (structured output): a record, or a
     * {@code Map} for plain JSON. Empty when the agent has no validator or the run did not end with a valid answer.
     *
     * @return the typed final answer, if the run ended with a valid one
     */
    public Optional<Object> structuredOutput() {
        return Optional.ofNullable(structuredOutput);
    }

    /**
     * The typed final answer as {@code type}: {@link #structuredOutput()} cast to the type the agent's output
     * validator produces.
     *
     * @param type the type the agent's output validator produces (a record type, or {@code Map} for plain JSON)
     * @param <T> that type
     * @return the typed final answer, if the run ended with a valid one
     * @throws ClassCastException when the answer is of another type
     */
    public <T> Optional<T> structuredOutput(Class<T> type) {
        return Optional.ofNullable(structuredOutput).map(type::cast);
    }

    /**
     * The checkpoint to resume from when the run paused at a human-approval gate (its termination is
     * {@code HitlGatePending}): save it, and resume the run from it once a person has decided.
     *
     * @return the checkpoint, if the run paused at a gate
     */
    public Optional<Checkpoint> checkpoint() {
        return Optional.ofNullable(checkpoint);
    }

    /**
     * The name of the agent that ended the run: the agent that started it, or the last one it was handed over to
     * ({@link AgentBuilder#handoff(Agent)}). Empty for a result built without one.
     *
     * @return the agent that ended the run
     */
    public Optional<String> agentName() {
        return Optional.ofNullable(agentName);
    }

    /**
     * The runs of the agents this run called as tools ({@link Tools#agent}), one per call, in the order they ended.
     * Each child's tokens and cost are part of this result's {@link #usage()} and {@link #costUsd()}: a run's usage
     * is its whole tree's, as its budgets are.
     *
     * @return the children's runs; empty when the run called no agent
     */
    public List<ChildRun> children() {
        return children;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof RunResult r && termination.equals(r.termination) && outcome == r.outcome
                && transcript.equals(r.transcript) && iterations.equals(r.iterations) && usage.equals(r.usage)
                && costUsd.equals(r.costUsd) && toolCalls == r.toolCalls && duration.equals(r.duration)
                && Objects.equals(finalAnswer, r.finalAnswer) && Objects.equals(structuredOutput, r.structuredOutput)
                && Objects.equals(checkpoint, r.checkpoint) && Objects.equals(agentName, r.agentName)
                && children.equals(r.children);
    }

    @Override
    public int hashCode() {
        return Objects.hash(termination, outcome, transcript, iterations, usage, costUsd, toolCalls, duration,
                finalAnswer, structuredOutput, checkpoint, agentName, children);
    }

    @Override
    public String toString() {
        return "RunResult[termination=" + termination + ", outcome=" + outcome + ", transcript=" + transcript
                + ", iterations=" + iterations + ", usage=" + usage + ", costUsd=" + costUsd + ", toolCalls=" + toolCalls
                + ", duration=" + duration + ", finalAnswer=" + finalAnswer + ", structuredOutput="
                + structuredOutput + ", checkpoint=" + checkpoint + ", agentName=" + agentName + ", children="
                + children + "]";
    }

    /**
     * Builds a {@link RunResult}. Termination and outcome are required; every other field starts empty (no messages,
     * no iterations, {@link Usage#ZERO}, no cost, no tool calls, {@link Duration#ZERO}, no answer, no checkpoint).
     * {@link #build()} validates, naming the field and the bad value.
     */
    public static final class Builder {
        private @Nullable Termination termination;
        private @Nullable Outcome outcome;
        private @Nullable List<Message> transcript = List.of();
        private @Nullable List<IterationRecord> iterations = List.of();
        private @Nullable Usage usage = Usage.ZERO;
        private @Nullable BigDecimal costUsd = BigDecimal.ZERO;
        private int toolCalls;
        private @Nullable Duration duration = Duration.ZERO;
        private @Nullable String finalAnswer;
        private @Nullable Object structuredOutput;
        private @Nullable Checkpoint checkpoint;
        private @Nullable String agentName;
        private @Nullable List<ChildRun> children = List.of();

        private Builder() {}


        /** @param termination why it stopped; required @return this builder */
        public Builder termination(Termination termination) {
            this.termination = termination;
            return this;
        }

        /** @param outcome the dashboard outcome; required @return this builder */
        public Builder outcome(Outcome outcome) {
            this.outcome = outcome;
            return this;
        }

        /** @param transcript every message, system prompt first (copied) @return this builder */
        public Builder transcript(List<Message> transcript) {
            this.transcript = transcript;
            return this;
        }

        /** @param iterations what each iteration did (copied) @return this builder */
        public Builder iterations(List<IterationRecord> iterations) {
            this.iterations = iterations;
            return this;
        }

        /** @param usage the tokens consumed @return this builder */
        public Builder usage(Usage usage) {
            this.usage = usage;
            return this;
        }

        /** @param costUsd the money spent, in US dollars @return this builder */
        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        /** @param toolCalls the tool calls executed, at least 0 @return this builder */
        public Builder toolCalls(int toolCalls) {
            this.toolCalls = toolCalls;
            return this;
        }

        /** @param duration how long the run took @return this builder */
        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        /**
         * @param finalAnswer the final answer (see {@link RunResult#finalAnswer()}), or null when the run has none
         * @return this builder
         */
        public Builder finalAnswer(@Nullable String finalAnswer) {
            this.finalAnswer = finalAnswer;
            return this;
        }

        /**
         * @param structuredOutput the typed final answer (see {@link RunResult#structuredOutput()}), or null when the
         *     run has none
         * @return this builder
         */
        public Builder structuredOutput(@Nullable Object structuredOutput) {
            this.structuredOutput = structuredOutput;
            return this;
        }

        /**
         * @param checkpoint the checkpoint of a run paused at an approval gate (see {@link RunResult#checkpoint()}), or
         *     null when the run did not pause
         * @return this builder
         */
        public Builder checkpoint(@Nullable Checkpoint checkpoint) {
            this.checkpoint = checkpoint;
            return this;
        }

        /**
         * @param agentName the agent that ended the run (see {@link RunResult#agentName()}), or null
         * @return this builder
         */
        public Builder agentName(@Nullable String agentName) {
            this.agentName = agentName;
            return this;
        }

        /** @param children the runs of the agents the run called as tools (copied) @return this builder */
        public Builder children(List<ChildRun> children) {
            this.children = children;
            return this;
        }

        /**
         * @return the result
         * @throws NullPointerException naming a required field that is null, or the index of a null list element
         * @throws IllegalArgumentException naming a field and its bad value
         */
        public RunResult build() {
            return new RunResult(this);
        }
    }
}
