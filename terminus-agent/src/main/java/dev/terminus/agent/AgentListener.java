package dev.terminus.agent;

/**
 * Receives a run's {@link AgentEvent}s, synchronously on the run's thread: keep it fast. A listener that throws an
 * exception is ignored for that event; it never breaks the run. An {@code Error} it throws passes through the loop,
 * as every {@code Error} does (see {@link Agent}).
 *
 * <p>One listener serves every run of its agent, and runs may be concurrent. A listener that keeps state per run
 * (an open span, a timer) overrides {@link #onEvent(RunContext, AgentEvent)}: the run's context is the same object for
 * every event of one run and a different one for each run, so it can key that state by identity. Key it weakly, or
 * let go of it at {@link AgentEvent.RunTerminated}: a run can also stop without one (an {@code Error} went through it,
 * its workflow left this worker), and its context is then let go of.
 */
@FunctionalInterface
public interface AgentListener {

    /**
     * @param event what happened
     */
    void onEvent(AgentEvent event);

    /**
     * What the loop calls: an event with the run it belongs to. By default, {@link #onEvent(AgentEvent)}.
     *
     * @param run the run, the same object for all of its events (read-only; do not keep it past the run)
     * @param event what happened
     */
    default void onEvent(RunContext run, AgentEvent event) {
        onEvent(event);
    }

    /**
     * Whether this listener is handed the stream events too: {@link AgentEvent.TextDelta},
     * {@link AgentEvent.TextDiscarded} and {@link AgentEvent.ToolStarted}. They come many to a call, so they are
     * built only when some listener asks for them.
     *
     * @return false unless overridden
     */
    default boolean receivesStreamEvents() {
        return false;
    }

    /**
     * Whether this listener is handed {@link AgentEvent.ToolStarted}, one per tool call, without the text's pieces
     * (a tracer that opens a tool's span when its call starts, so that an agent the call runs is traced under it).
     *
     * @return {@link #receivesStreamEvents()} unless overridden
     */
    default boolean receivesToolStarts() {
        return receivesStreamEvents();
    }
}
