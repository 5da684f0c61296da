package dev.terminus.agent;

import dev.terminus.Termination;
import dev.terminus.agent.spi.FinishReason;
import org.jspecify.annotations.Nullable;

/**
 * What happens in a run, published to {@link AgentListener}s in order, on the run's thread. Events are only built
 * when the agent has listeners.
 */
public sealed interface AgentEvent {

    /** @return the agent's name */
    String agentName();

    /**
     * A run began.
     *
     * @param agentName the agent
     * @param model the model's name
     * @param provider the model's provider
     */
    record RunStarted(String agentName, String model, String provider) implements AgentEvent {}

    /**
     * An iteration began.
     *
     * @param agentName the agent
     * @param iteration its number, from 1
     */
    record IterationStarted(String agentName, int iteration) implements AgentEvent {}

    /**
     * A model call ended, successfully or not (one event per attempt).
     *
     * @param agentName the agent
     * @param iteration the iteration
     * @param model the model's name
     * @param usage the tokens it consumed (zero when it failed)
     * @param durationNanos how long it took
     * @param finishReason why the model stopped, or null when the call failed
     * @param error the failure's type (an exception class name), or null
     */
    record ModelCalled(String agentName, int iteration, String model, Usage usage, long durationNanos,
            @Nullable FinishReason finishReason, @Nullable String error) implements AgentEvent {}

    /**
     * A tool call ended.
     *
     * @param agentName the agent
     * @param iteration the iteration
     * @param toolName the tool
     * @param durationNanos how long it took
     * @param error the failure's kind (e.g. {@code tool_error}, {@code invalid_arguments}, {@code unknown_tool},
     *     {@code timeout}, {@code refused}), or null when it succeeded
     */
    record ToolCalled(String agentName, int iteration, String toolName, long durationNanos, @Nullable String error)
            implements AgentEvent {}

    /**
     * A tool still running said how far it got (an MCP server's progress notification, for one). Published from the
     * thread that reports it, while the call runs.
     *
     * @param agentName the agent
     * @param iteration the iteration
     * @param toolName the tool
     * @param progress how far it got; grows with every report of one call
     * @param total the progress at which it is done, or null when unknown
     * @param message what it is doing, or null
     */
    record ToolProgress(String agentName, int iteration, String toolName, double progress, @Nullable Double total,
            @Nullable String message) implements AgentEvent {}

    /**
     * A guard or budget stopped the run (before {@link RunTerminated}).
     *
     * @param agentName the agent
     * @param iteration the iteration
     * @param termination what it stopped the run with
     */
    record GuardTripped(String agentName, int iteration, Termination termination) implements AgentEvent {}

    /**
     * The run ended. Always the last event of a run.
     *
     * @param agentName the agent
     * @param result the result
     */
    record RunTerminated(String agentName, RunResult result) implements AgentEvent {}
}
