package dev.terminus.temporal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The run of an agent that served a workflow's run as a tool ({@code Tools.agent}), as its output carries it: the
 * parts of a {@link ChildRun} that say how it ended and what it spent, and its own children. Its transcript stays in
 * the workflow (the parent's transcript holds what the child answered).
 *
 * @param toolName the name of the tool that ran the child
 * @param iteration the parent's iteration in which the call was made, from 1
 * @param agentName the agent that ended the child's run, or null when unknown
 * @param termination why the child's run stopped
 * @param outcome its dashboard outcome
 * @param finalAnswer its answer, or null when none
 * @param iterations the iterations it ran
 * @param toolCalls the tool calls it executed
 * @param usage the tokens it consumed, its own children's included
 * @param costUsd the money it spent, its own children's included
 * @param children the runs of the agents it called as tools, in the order the calls ended
 */
public record ChildRunOutput(String toolName, int iteration, @Nullable String agentName, Termination termination,
        Outcome outcome, @Nullable String finalAnswer, int iterations, int toolCalls, Usage usage, BigDecimal costUsd,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ChildRunOutput> children) {

    /** Validates the fields, naming a bad one, and copies the children. */
    public ChildRunOutput {
        Preconditions.notNull(toolName, "ChildRunOutput.toolName");
        Preconditions.nonNegative(iteration, "ChildRunOutput.iteration");
        Preconditions.notNull(termination, "ChildRunOutput.termination");
        Preconditions.notNull(outcome, "ChildRunOutput.outcome");
        Preconditions.nonNegative(iterations, "ChildRunOutput.iterations");
        Preconditions.nonNegative(toolCalls, "ChildRunOutput.toolCalls");
        Preconditions.notNull(usage, "ChildRunOutput.usage");
        Preconditions.notNull(costUsd, "ChildRunOutput.costUsd");
        children = children == null ? List.of() : Preconditions.immutableList(children, "ChildRunOutput.children");
    }

    /**
     * @param children a run's children
     * @return their outputs, in the same order
     */
    public static List<ChildRunOutput> of(List<ChildRun> children) {
        return children.stream().map(ChildRunOutput::of).toList();
    }

    /**
     * @param child a run's child
     * @return its output
     */
    public static ChildRunOutput of(ChildRun child) {
        RunResult result = child.result();
        return new ChildRunOutput(child.toolName(), child.iteration(), result.agentName().orElse(null),
                result.termination(), result.outcome(), result.finalAnswer().orElse(null), result.iterations().size(),
                result.toolCalls(), result.usage(), result.costUsd(), of(result.children()));
    }
}
