package dev.terminus.temporal.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.TranscriptReference;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A run as a tool saw it when it was called, carried to the tool's activity, where it is the tool's
 * {@link RunContext}. An activity's call refers to the transcript the workflow holds ({@code transcript}), which the
 * activity reads only if the tool asks for it; a local activity's call carries it ({@code messages}). A call made again
 * after a person answered its request for input carries the answers ({@code humanInputs}), which the tool reads with
 * {@link RunContext#humanInput}.
 *
 * @param agentName the agent's name
 * @param iteration the current iteration
 * @param toolCallCount the tool calls executed so far
 * @param usage the tokens consumed so far
 * @param costUsd the money spent so far
 * @param elapsed the run's time so far, in workflow time
 * @param messages the transcript so far when the call carries it; empty when it refers to it
 * @param transcript the transcript so far as a reference to the workflow's, or null when the call carries it
 * @param humanInputs the answers a person gave to this call's requests for input, earliest first; empty (and left out
 *     of the payload) unless the call is made again after its run paused for input
 */
public record RunSnapshot(String agentName, int iteration, int toolCallCount, Usage usage, BigDecimal costUsd,
        Duration elapsed, List<Message> messages, @Nullable TranscriptReference transcript,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<HumanInputAnswer> humanInputs) {

    /** Validates and copies the messages and answers (none when absent, as in a payload of an earlier version). */
    public RunSnapshot {
        Preconditions.notNull(agentName, "RunSnapshot.agentName");
        Preconditions.notNull(usage, "RunSnapshot.usage");
        Preconditions.notNull(costUsd, "RunSnapshot.costUsd");
        Preconditions.notNull(elapsed, "RunSnapshot.elapsed");
        messages = Preconditions.immutableList(messages, "RunSnapshot.messages");
        humanInputs = humanInputs == null ? List.of()
                : Preconditions.immutableList(humanInputs, "RunSnapshot.humanInputs");
        if (transcript != null && !messages.isEmpty()) {
            throw new IllegalArgumentException("RunSnapshot carries its messages or refers to a transcript, not both:"
                    + " it carries " + messages.size() + " and refers to " + transcript);
        }
    }

    /**
     * A snapshot of a call that carries no answers.
     *
     * @param agentName the agent's name
     * @param iteration the current iteration
     * @param toolCallCount the tool calls executed so far
     * @param usage the tokens consumed so far
     * @param costUsd the money spent so far
     * @param elapsed the run's time so far, in workflow time
     * @param messages the transcript so far when the call carries it; empty when it refers to it
     * @param transcript the transcript so far as a reference to the workflow's, or null when the call carries it
     */
    public RunSnapshot(String agentName, int iteration, int toolCallCount, Usage usage, BigDecimal costUsd,
            Duration elapsed, List<Message> messages, @Nullable TranscriptReference transcript) {
        this(agentName, iteration, toolCallCount, usage, costUsd, elapsed, messages, transcript, List.of());
    }

    /**
     * @param answers the answers a person gave to the call's requests for input
     * @return this snapshot carrying them
     */
    public RunSnapshot withHumanInputs(List<HumanInputAnswer> answers) {
        return new RunSnapshot(agentName, iteration, toolCallCount, usage, costUsd, elapsed, messages, transcript,
                answers);
    }

    /**
     * @param run a run in progress
     * @return what it is now, carrying its transcript
     */
    public static RunSnapshot of(RunContext run) {
        return new RunSnapshot(run.agentName(), run.iteration(), run.toolCallCount(), run.usage(), run.costUsd(),
                run.elapsed(), run.transcript(), null);
    }

    /**
     * @param run a run in progress
     * @param transcript the reference to its transcript as the workflow holds it
     * @return what it is now, referring to its transcript
     */
    public static RunSnapshot of(RunContext run, TranscriptReference transcript) {
        Preconditions.notNull(transcript, "transcript");
        return new RunSnapshot(run.agentName(), run.iteration(), run.toolCallCount(), run.usage(), run.costUsd(),
                run.elapsed(), List.of(), transcript);
    }
}
