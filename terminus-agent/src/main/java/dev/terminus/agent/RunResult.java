package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a run ended, and everything it did: on every path, failures included.
 *
 * @param termination why it stopped
 * @param outcome the dashboard outcome (the termination's default unless the agent overrides it)
 * @param transcript every message, system prompt first
 * @param iterations what each iteration did
 * @param usage the tokens consumed, the sum over the iterations
 * @param costUsd the money spent, in US dollars
 * @param toolCalls the tool calls executed
 * @param duration how long the run took
 * @param finalAnswer the answer: the last assistant text, or the submitted arguments as JSON; null when none
 * @param typedAnswer the final answer as the agent's {@code OutputValidator} typed it (structured output); null when
 *     the agent has none or the run did not end with a valid answer — see {@link #structuredOutput(Class)}
 * @param pausedRun the checkpoint to resume from when the run paused at a human-approval gate
 *     ({@code HitlGatePending}), else null — see {@link #checkpoint()}
 */
public record RunResult(Termination termination, Outcome outcome, List<Message> transcript,
        List<IterationRecord> iterations, Usage usage, BigDecimal costUsd, int toolCalls, Duration duration,
        @Nullable String finalAnswer, @Nullable Object typedAnswer, @Nullable Checkpoint pausedRun) {

    /**
     * A result without a typed answer or a checkpoint.
     *
     * @param termination why it stopped
     * @param outcome the dashboard outcome
     * @param transcript every message
     * @param iterations what each iteration did
     * @param usage the tokens consumed
     * @param costUsd the money spent
     * @param toolCalls the tool calls executed
     * @param duration how long the run took
     * @param finalAnswer the answer, or null
     */
    public RunResult(Termination termination, Outcome outcome, List<Message> transcript,
            List<IterationRecord> iterations, Usage usage, BigDecimal costUsd, int toolCalls, Duration duration,
            @Nullable String finalAnswer) {
        this(termination, outcome, transcript, iterations, usage, costUsd, toolCalls, duration, finalAnswer, null,
                null);
    }

    /** Validates and copies the lists immutably. */
    public RunResult {
        Preconditions.notNull(termination, "RunResult.termination");
        Preconditions.notNull(outcome, "RunResult.outcome");
        transcript = Preconditions.immutableList(transcript, "RunResult.transcript");
        iterations = Preconditions.immutableList(iterations, "RunResult.iterations");
        Preconditions.notNull(usage, "RunResult.usage");
        Preconditions.notNull(costUsd, "RunResult.costUsd");
        Preconditions.nonNegative(toolCalls, "RunResult.toolCalls");
        Preconditions.notNull(duration, "RunResult.duration");
    }

    /** @return the number of iterations run */
    public int iterationCount() {
        return iterations.size();
    }

    /** @return the typed final answer (structured output), if the run ended with a valid one */
    public Optional<Object> structuredOutput() {
        return Optional.ofNullable(typedAnswer);
    }

    /**
     * @param type the type the agent's output validator produces (a record type, or {@code Map} for plain JSON)
     * @param <T> that type
     * @return the typed final answer, if the run ended with a valid one
     * @throws ClassCastException when the answer is of another type
     */
    public <T> Optional<T> structuredOutput(Class<T> type) {
        return Optional.ofNullable(typedAnswer).map(type::cast);
    }

    /** @return the checkpoint to resume from, when the run paused at a human-approval gate */
    public Optional<Checkpoint> checkpoint() {
        return Optional.ofNullable(pausedRun);
    }

    /** @return the answer, if there is one */
    public Optional<String> answer() {
        return Optional.ofNullable(finalAnswer);
    }
}
