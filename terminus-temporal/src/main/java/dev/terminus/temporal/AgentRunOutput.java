package dev.terminus.temporal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.IterationRecord;
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
 * @param agentName the agent that ended the run (after a handoff, the one it was handed to); null when unknown (an
 *     output written before it was carried, or a run that ended before its agent was built)
 * @param children the runs of the agents the run called as tools ({@code RunResult.children()}), in the order the
 *     calls ended; each with its own children
 * @param modelCalls the number its own agent's next model call would have had ({@link AgentRunInput#modelCalls()}
 *     and the calls of every execution since): a run of the same agent started with it as its
 *     {@code AgentRunInput.modelCalls} goes on numbering its calls from there, so a model that answers from a script
 *     by call number plays the script on; 0 when unknown (an output written before it was carried, or a run that
 *     ended before its agent was built)
 */
public record AgentRunOutput(Termination termination, Outcome outcome, @Nullable String finalAnswer, int iterations,
        int toolCalls, Usage usage, BigDecimal costUsd, Duration duration, List<Message> transcript,
        @Nullable TranscriptReference omitted, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String agentName,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ChildRunOutput> children,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long modelCalls) {

    /**
     * An output without its agent's name and without children.
     *
     * @param termination why the run stopped
     * @param outcome the dashboard outcome
     * @param finalAnswer the answer, or null when none
     * @param iterations the iterations run
     * @param toolCalls the tool calls executed
     * @param usage the tokens consumed
     * @param costUsd the money spent, in US dollars
     * @param duration how long the run took, in workflow time
     * @param transcript every message, system prompt first; none when it was left out
     * @param omitted null when the output carries the transcript; else the reference to it
     */
    public AgentRunOutput(Termination termination, Outcome outcome, @Nullable String finalAnswer, int iterations,
            int toolCalls, Usage usage, BigDecimal costUsd, Duration duration, List<Message> transcript,
            @Nullable TranscriptReference omitted) {
        this(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration, transcript, omitted,
                null, List.of());
    }

    /**
     * An output without the number of its model calls.
     *
     * @param termination why the run stopped
     * @param outcome the dashboard outcome
     * @param finalAnswer the answer, or null when none
     * @param iterations the iterations run
     * @param toolCalls the tool calls executed
     * @param usage the tokens consumed
     * @param costUsd the money spent, in US dollars
     * @param duration how long the run took, in workflow time
     * @param transcript every message, system prompt first; none when it was left out
     * @param omitted null when the output carries the transcript; else the reference to it
     * @param agentName the agent that ended the run, or null when unknown
     * @param children the runs of the agents the run called as tools
     */
    public AgentRunOutput(Termination termination, Outcome outcome, @Nullable String finalAnswer, int iterations,
            int toolCalls, Usage usage, BigDecimal costUsd, Duration duration, List<Message> transcript,
            @Nullable TranscriptReference omitted, @Nullable String agentName, List<ChildRunOutput> children) {
        this(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration, transcript, omitted,
                agentName, children, 0);
    }

    /** Validates and copies the transcript and the children. */
    public AgentRunOutput {
        // an output written before children were carried has none
        children = children == null ? List.of() : Preconditions.immutableList(children, "AgentRunOutput.children");
        Preconditions.notNull(termination, "AgentRunOutput.termination");
        Preconditions.notNull(outcome, "AgentRunOutput.outcome");
        Preconditions.nonNegative(iterations, "AgentRunOutput.iterations");
        Preconditions.nonNegative(toolCalls, "AgentRunOutput.toolCalls");
        if (modelCalls < 0) {
            throw new IllegalArgumentException("AgentRunOutput.modelCalls must be >= 0, was " + modelCalls);
        }
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
                result.transcript(), null, result.agentName().orElse(null), ChildRunOutput.of(result.children()));
    }

    /**
     * @param calls the number the run's next model call would have had
     * @return this output carrying it
     */
    public AgentRunOutput withModelCalls(long calls) {
        return new AgentRunOutput(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration,
                transcript, omitted, agentName, children, calls);
    }

    /**
     * The run as far as this output has it, for code that takes a {@link RunResult} (an evaluation's grading, a
     * pipeline's stage): its iteration records carry their numbers only, and it has no typed answer, no checkpoint
     * and no children.
     *
     * @return the run's result
     */
    public RunResult toRunResult() {
        List<IterationRecord> records = new java.util.ArrayList<>(iterations);
        for (int i = 1; i <= iterations; i++) {
            records.add(new IterationRecord(i, Usage.ZERO, 0, null, Duration.ZERO));
        }
        return RunResult.builder().termination(termination).outcome(outcome).finalAnswer(finalAnswer)
                .iterations(records).toolCalls(toolCalls).usage(usage).costUsd(costUsd).duration(duration)
                .transcript(transcript).agentName(agentName).build();
    }

    /**
     * @param reference the transcript as the workflow holds it
     * @return this output without its transcript, referring to it instead
     */
    public AgentRunOutput omittingTranscript(TranscriptReference reference) {
        Preconditions.notNull(reference, "reference");
        return new AgentRunOutput(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration,
                List.of(), reference, agentName, children, modelCalls);
    }

    /**
     * @param earlier the children of the run's earlier executions (before it continued as new), in order
     * @return this output with those children first, then its own
     */
    public AgentRunOutput afterChildren(List<ChildRunOutput> earlier) {
        Preconditions.notNull(earlier, "earlier");
        if (earlier.isEmpty()) {
            return this;
        }
        List<ChildRunOutput> all = new java.util.ArrayList<>(earlier);
        all.addAll(children);
        return new AgentRunOutput(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration,
                transcript, omitted, agentName, all, modelCalls);
    }

    /**
     * @param messages the whole transcript
     * @return this output carrying it
     */
    public AgentRunOutput withTranscript(List<Message> messages) {
        return new AgentRunOutput(termination, outcome, finalAnswer, iterations, toolCalls, usage, costUsd, duration,
                messages, null, agentName, children, modelCalls);
    }
}
