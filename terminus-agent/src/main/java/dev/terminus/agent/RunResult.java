package dev.terminus.agent;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.internal.Checks;
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
 */
public record RunResult(Termination termination, Outcome outcome, List<Message> transcript,
        List<IterationRecord> iterations, Usage usage, BigDecimal costUsd, int toolCalls, Duration duration,
        @Nullable String finalAnswer) {

    /** Validates and copies the lists immutably. */
    public RunResult {
        Checks.notNull(termination, "RunResult.termination");
        Checks.notNull(outcome, "RunResult.outcome");
        transcript = Checks.immutableList(transcript, "RunResult.transcript");
        iterations = Checks.immutableList(iterations, "RunResult.iterations");
        Checks.notNull(usage, "RunResult.usage");
        Checks.notNull(costUsd, "RunResult.costUsd");
        Checks.nonNegative(toolCalls, "RunResult.toolCalls");
        Checks.notNull(duration, "RunResult.duration");
    }

    /** @return the number of iterations run */
    public int iterationCount() {
        return iterations.size();
    }

    /** @return the answer, if there is one */
    public Optional<String> answer() {
        return Optional.ofNullable(finalAnswer);
    }
}
