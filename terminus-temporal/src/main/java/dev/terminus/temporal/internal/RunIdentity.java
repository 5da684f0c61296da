package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@link RunContext} per workflow for the whole of its run, for listeners that keep state per run (a telemetry
 * listener's open span): the loop gives a new context after its workflow is replayed, or goes on in a fresh
 * execution (continue-as-new), and this one stays, reading the latest. A worker keeps one per run in progress, until
 * the run's end is heard.
 */
public final class RunIdentity implements RunContext {
    /** A run of a workflow, as one listener hears it. */
    private record Key(String workflowId, Object listener) {}

    private static final Map<Key, RunIdentity> RUNS = new ConcurrentHashMap<>();

    private volatile RunContext current;

    private RunIdentity(RunContext current) {
        this.current = current;
    }

    /**
     * @param workflowId the workflow running the run
     * @param listener the listener the context is for (each lets go of it when it hears the run's end)
     * @param run the loop's context now
     * @return the run's one context for that listener on this worker, reading {@code run}
     */
    public static RunContext of(String workflowId, Object listener, RunContext run) {
        RunIdentity identity = RUNS.computeIfAbsent(new Key(workflowId, listener), key -> new RunIdentity(run));
        identity.current = run;
        return identity;
    }

    /**
     * @param workflowId a workflow whose run has ended
     * @param listener the listener that heard its end: its context is let go
     */
    public static void ended(String workflowId, Object listener) {
        RUNS.remove(new Key(workflowId, listener));
    }

    @Override
    public String agentName() {
        return current.agentName();
    }

    @Override
    public int iteration() {
        return current.iteration();
    }

    @Override
    public int toolCallCount() {
        return current.toolCallCount();
    }

    @Override
    public Usage usage() {
        return current.usage();
    }

    @Override
    public BigDecimal costUsd() {
        return current.costUsd();
    }

    @Override
    public Duration elapsed() {
        return current.elapsed();
    }

    @Override
    public List<Message> transcript() {
        return current.transcript();
    }
}
