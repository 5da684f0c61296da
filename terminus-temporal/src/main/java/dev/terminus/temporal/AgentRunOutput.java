package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How an {@link AgentWorkflow}'s run ended: the parts of its {@link RunResult} that cross the wire. Every run ends
 * with one: a run that ends {@code Failed} is a completed workflow whose output says so.
 *
 * @param termination why the run stopped, in the wire format
 * @param outcome the dashboard outcome
 * @param finalAnswer the answer, or null when none
 * @param iterations the iterations run
 * @param toolCalls the tool calls executed
 * @param usage the tokens consumed
 * @param costUsd the money spent, in US dollars
 * @param duration how long the run took, in workflow time
 * @param transcript every message, system prompt first; none when it was left out ({@code omitted})
 * @param omitted null when the output carries the transcript; else the transcript was larger than a payload may be
 *     ({@link AgentRecipes#payloadLimit()}) and was left out, and this refers to it as the workflow holds it: read it
 *     with {@link AgentWorkflows#output} or {@link AgentWorkflows#transcript}
 */
public record AgentRunOutput(Termination termination, Outcome outcome, @Nullable String finalAnswer, int iterations,
        int toolCalls, Usage usage, BigDecimal costUsd, Duration duration, List<Message> transcript,
        @Nullable TranscriptReference omitted) {

    /** Validates and copies the transcript. */
    public AgentRunOutput {
        Preconditions.notNull(termination, "AgentRunOutput.termination");
        Preconditions.notNull(outcome, "AgentRunOutput.outcome");
        Preconditions.nonNegative(iterations, "AgentRunOutput.iterations");
        Preconditions.nonNegative(toolCalls, "AgentRunOutput.toolCalls");
        Preconditions.notNull(usage, "AgentRunOutput.usage");
        Preconditions.notNull(costUsd, "AgentRunOutput.costUsd");
        Preconditions.notNull(duration, "AgentRunOutput.duration");
        transcript = Preconditions.immutableList(transcript, "AgentRunOutput.transcript");
        if (omitted != null && !transcript.isEmpty()) {
            throw new IllegalArgumentException("AgentRunOutput carries its transcript or says it was omitted, not both:"
                    + " it carries " + transcript.size() + " messages and omitted " + omitted);
        }
    }

    /**
     * @param result a run's result
     * @return its output
     */
    public static AgentRunOutput of(RunResult result) {
        return new AgentRunOutput(result.termination(), result.outcome(), result.finalAnswer().orElse(null),
                result.iterations().size(), result.toolCalls(), result.usage(), result.costUsd(), result.duration(),
                result.transcript(), null);
    }

    /**
     * @param reference the transcript as the workflow holds it
     * @return this output without its transcript, referring to it instead
     */
    public AgentRunOutput omittingTranscript(TranscriptReference reference) {
        Preconditions.notNull(reference, "reference");
        return new AgentRunOutput(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration,
                List.of(), reference);
    }

    /**
     * @param messages the whole transcript
     * @return this output carrying it
     */
    public AgentRunOutput withTranscript(List<Message> messages) {
        return new AgentRunOutput(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration,
                messages, null);
    }
}
