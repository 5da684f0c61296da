package dev.terminus.agent;

import dev.terminus.Termination;
import dev.terminus.agent.spi.FinishReason;
import org.jspecify.annotations.Nullable;

/**
 * What happens in a run, published to {@link AgentListener}s in order, on the run's thread. Events are only built
 * when the agent has listeners. The stream events ({@link TextDelta}, {@link TextDiscarded}, {@link ToolStarted}) go
 * only to listeners that {@linkplain AgentListener#receivesStreamEvents() ask for them}.
 *
 * <p>New kinds of event may be added in later versions: a switch over them should have a default branch.
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
     * @param stream how the answer streamed, or null when the model does not stream
     */
    record ModelCalled(String agentName, int iteration, String model, Usage usage, long durationNanos,
            @Nullable FinishReason finishReason, @Nullable String error, @Nullable StreamStats stream)
            implements AgentEvent {

        /**
         * A call of a model that does not stream.
         *
         * @param agentName the agent
         * @param iteration the iteration
         * @param model the model's name
         * @param usage the tokens it consumed (zero when it failed)
         * @param durationNanos how long it took
         * @param finishReason why the model stopped, or null when the call failed
         * @param error the failure's type (an exception class name), or null
         */
        public ModelCalled(String agentName, int iteration, String model, Usage usage, long durationNanos,
                @Nullable FinishReason finishReason, @Nullable String error) {
            this(agentName, iteration, model, usage, durationNanos, finishReason, error, null);
        }
    }

    /**
     * A piece of the model's answer, as it arrived (a stream event). The pieces of one call joined are its text; when
     * the call is retried, a {@link TextDiscarded} says its pieces so far are void. A model that does not stream gives
     * one piece with its whole text.
     *
     * @param agentName the agent
     * @param iteration the iteration
     * @param text the new text; never empty
     */
    record TextDelta(String agentName, int iteration, String text) implements AgentEvent {}

    /**
     * The text pieces of this iteration's model call so far are void: the call failed and is made again (a stream event).
     * The transcript never holds them; the pieces that follow are the new call's.
     *
     * @param agentName the agent
     * @param iteration the iteration
     * @param characters how many characters of text are discarded
     * @param reason the failed call's exception type (a class name)
     */
    record TextDiscarded(String agentName, int iteration, int characters, String reason) implements AgentEvent {}

    /**
     * A tool call begins (a stream event); a {@link ToolCalled} follows when it ends, unless the run ends first.
     *
     * @param agentName the agent
     * @param iteration the iteration
     * @param toolName the tool
     * @param toolCallId the call's id
     */
    record ToolStarted(String agentName, int iteration, String toolName, String toolCallId) implements AgentEvent {}

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
