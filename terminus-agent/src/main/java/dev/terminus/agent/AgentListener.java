package dev.terminus.agent;

/**
 * Receives a run's {@link AgentEvent}s, synchronously on the run's thread: keep it fast. A listener that throws is
 * ignored for that event; it never breaks the run.
 */
@FunctionalInterface
public interface AgentListener {

    /**
     * @param event what happened
     */
    void onEvent(AgentEvent event);
}
