package dev.terminus.temporal.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.Continuation;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How a run ends whose agent's served tools (an MCP server's) could not be listed, before its loop ran: {@code Failed}
 * with category {@code CONFIGURATION} and the start's own message (which server, what it did: its exit status and the
 * end of its stderr) when they could not be started, since the agent cannot run without the tools it offers;
 * {@code Failed} with category {@code EXTERNAL} when the activity that lists them was lost with its workers;
 * {@code Cancelled} when the workflow was cancelled meanwhile. A run that continued as new keeps its figures and
 * transcript so far. The workflow completes with the output instead of failing (or failing its task again and again).
 */
final class UnstartedTools {
    /** The type of the error of a run whose served tools could not be started or listed. */
    static final String TYPE = "dev.terminus.temporal.ServedToolsNotStarted";

    private UnstartedTools() {}

    /**
     * @param agentName the agent's name
     * @param failure why the activity that lists the served tools failed
     * @param from where a run that continued as new was to go on from, or null for a run from its start
     * @param elapsed the workflow time this execution has taken
     * @return the run's output
     */
    static AgentRunOutput output(String agentName, ActivityFailure failure, @Nullable Continuation from,
            Duration elapsed) {
        Throwable cause = failure.getCause();
        Termination termination;
        if (cause instanceof CanceledFailure) {
            termination = new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW);
        } else if (cause instanceof ApplicationFailure application
                && CallFailures.SERVED_TOOLS.equals(application.getType())) {
            termination = new Termination.Failed(new ErrorInfo(TYPE, application.getOriginalMessage(),
                    ErrorCategory.CONFIGURATION));
        } else {
            String why = cause == null ? failure.getMessage() : cause.getMessage();
            termination = new Termination.Failed(new ErrorInfo(TYPE, "the served tools of agent \"" + agentName
                    + "\" could not be listed: " + why, ErrorCategory.EXTERNAL));
        }
        Outcome outcome = termination.defaultOutcome();
        if (from == null) {
            return new AgentRunOutput(termination, outcome, null, 0, 0, Usage.ZERO, BigDecimal.ZERO, elapsed,
                    List.of(), null);
        }
        return new AgentRunOutput(termination, outcome, null, from.iterations(), from.toolCalls(), from.usage(),
                from.costUsd(), from.elapsed().plus(elapsed), from.transcript(), null);
    }
}
