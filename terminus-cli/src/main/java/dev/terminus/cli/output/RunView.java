package dev.terminus.cli.output;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.ChildRunOutput;
import dev.terminus.temporal.PendingGate;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@link RunReport} shows of a run, whether it ran in this process ({@link RunResult}) or as a Temporal
 * workflow ({@link AgentRunOutput}, which carries no iteration records), or waits at a gate in a workflow (whose
 * figures are not known until it ends).
 *
 * @param termination why it stopped
 * @param outcome the dashboard outcome
 * @param finalAnswer the answer, or null
 * @param iterationCount the iterations run
 * @param toolCalls the tool calls executed
 * @param usage the tokens consumed
 * @param costUsd the money spent
 * @param duration how long it took
 * @param iterations the iteration records, or null when the run's output does not carry them
 * @param transcript every message
 * @param figures whether the tool calls, usage, cost and duration are known (they are not for a workflow that
 *     waits at a gate)
 * @param gate what the run's gate waits for, when it paused at one: input when its checkpoint (or its workflow's
 *     pending gate) holds a tool's request for input, else approval
 * @param incompleteAnswer the text of the answer the run was cut short on (its stream ended by the deadline, a
 *     cancel or a failure, or the model stopped at its output cap or by a filter), or null
 * @param agentName the agent that ended the run (after handoffs, the last one it was handed to), or null when not
 *     known
 * @param children the runs of the agents the run called as tools, in the order they ended
 */
public record RunView(Termination termination, Outcome outcome, @Nullable String finalAnswer, int iterationCount,
        int toolCalls, Usage usage, BigDecimal costUsd, Duration duration, @Nullable List<IterationRecord> iterations,
        List<Message> transcript, boolean figures, Playbook.Gate gate, @Nullable String incompleteAnswer,
        @Nullable String agentName, List<Child> children) {

    /**
     * The run of an agent the run called as a tool.
     *
     * @param toolName the tool that ran it
     * @param iteration the parent's iteration that called it, from 1
     * @param result its run, its own children in turn
     */
    public record Child(String toolName, int iteration, RunView result) {}

    /**
     * @param result a run in this process
     * @return what to show of it
     */
    public static RunView of(RunResult result) {
        Playbook.Gate gate = result.checkpoint().map(Checkpoint::inputRequest).isPresent()
                ? Playbook.Gate.INPUT : Playbook.Gate.APPROVAL;
        List<Child> children = result.children().stream()
                .map(child -> new Child(child.toolName(), child.iteration(), of(child.result()))).toList();
        return new RunView(result.termination(), result.outcome(), result.finalAnswer().orElse(null), result.iterations().size(),
                result.toolCalls(), result.usage(), result.costUsd(), result.duration(), result.iterations(),
                result.transcript(), true, gate, result.incompleteAnswer().orElse(null),
                result.agentName().orElse(null), children);
    }

    /**
     * @param output a workflow's run, its tree's included (the runs of the agents it called as tools)
     * @param agentId the id of the workflow's agent (its configuration's name), shown when the output does not name
     *     the agent that ended the run
     * @return what to show of it
     */
    public static RunView of(AgentRunOutput output, String agentId) {
        return new RunView(output.termination(), output.outcome(), output.finalAnswer(), output.iterations(),
                output.toolCalls(), output.usage(), output.costUsd(), output.duration(), null, output.transcript(), true,
                Playbook.Gate.APPROVAL, incomplete(output.transcript()),
                output.agentName() != null ? output.agentName() : agentId, children(output.children()));
    }

    /**
     * The children a workflow's output carries: how each ended and what it spent, without its transcript or duration
     * (which stay in the workflow).
     */
    private static List<Child> children(List<ChildRunOutput> children) {
        return children.stream().map(child -> new Child(child.toolName(), child.iteration(), new RunView(
                child.termination(), child.outcome(), child.finalAnswer(), child.iterations(), child.toolCalls(),
                child.usage(), child.costUsd(), Duration.ZERO, null, List.of(), true, Playbook.Gate.APPROVAL, null,
                child.agentName(), children(child.children()))))
                .toList();
    }

    /**
     * A run that waits at a gate in a workflow: its termination is the gate's, its figures unknown.
     *
     * @param gate the gate, as the workflow's query returns it
     * @param agentId the agent's id (its configuration's name), which the gate's termination names
     */
    public static RunView waiting(PendingGate gate, String agentId) {
        return new RunView(new Termination.HitlGatePending(gate.gateId(), gate.toolCallId(), gate.summary(), agentId,
                gate.iteration()), Outcome.SUSPENDED, null, gate.iteration(), 0, Usage.ZERO, BigDecimal.ZERO,
                Duration.ZERO, null, List.of(), false,
                gate.waitsForInput() ? Playbook.Gate.INPUT : Playbook.Gate.APPROVAL, null, agentId, List.of());
    }

    /** The text of the answer a workflow's run was cut short on: its transcript's last message, marked incomplete. */
    private static @Nullable String incomplete(List<Message> transcript) {
        return !transcript.isEmpty() && transcript.getLast() instanceof Message.Assistant last && last.incomplete()
                ? last.content() : null;
    }
}
