package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ForwardingRunContext;
import dev.terminus.agent.control.RunClock;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import io.temporal.workflow.WorkflowLocal;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * One {@link RunContext} per run and listener, for listeners that keep state per run (a telemetry listener's open
 * span), reading the loop's latest context: the loop gives a new one when a run goes on after a gate or in a fresh
 * execution, and this one stays.
 *
 * <p>Nothing here outlives the workflow's copy on this worker. The identities of an execution live in the copy itself
 * (a {@link WorkflowLocal}), so they go when Temporal lets go of the copy: its run completed or failed, it continued as
 * new, or it left the worker's cache (evicted for another workflow, its worker shutting down, a workflow task that
 * must replay the history; a terminated or timed-out workflow is evicted in time too). A copy made again from the
 * history makes new identities. When an execution continues as new, its identities are handed to the next execution,
 * without the transcript: the next one claims them with its first event heard on this worker; a hand-over nobody
 * claims within {@link #HAND_OVER_NANOS} (the next execution runs on another worker) is dropped. That time is the
 * run's clock's, which in a workflow is the workflow's time: every execution reads it on one scale (the service's),
 * and no workflow code reads the machine's clock.
 */
public final class RunIdentity extends ForwardingRunContext {
    /** How long an identity handed over at a continue-as-new waits for the next execution: five minutes. */
    public static final long HAND_OVER_NANOS = TimeUnit.MINUTES.toNanos(5);

    /** The identities of the workflow execution whose copy this is, by listener (its threads run one at a time). */
    private static final WorkflowLocal<Map<Object, RunIdentity>> EXECUTION =
            WorkflowLocal.withCachedInitial(IdentityHashMap::new);
    /** The identities of executions that continued as new, until the next execution claims them. */
    private static final Map<Execution, HandOver> HANDED_OVER = new ConcurrentHashMap<>();

    /** A workflow execution. */
    private record Execution(String workflowId, String runId) {}

    /** The identities an execution handed over, by listener, and when they are dropped (on the runs' clock). */
    private record HandOver(Map<Object, RunIdentity> identities, long dropAt) {}

    /** What an identity reads between two executions: the run's figures, without its transcript. */
    private record Detached(String agentName, int iteration, int toolCallCount, Usage usage, BigDecimal costUsd,
            Duration elapsed) implements RunContext {
        @Override
        public List<Message> transcript() {
            return List.of();
        }
    }

    private volatile RunContext current;

    private RunIdentity(RunContext current) {
        this.current = current;
    }

    /**
     * The run's one context for the listener, on a workflow thread: this execution's, the one the execution it
     * continues handed over on this worker, or a new one.
     *
     * @param listener the listener the context is for
     * @param run the loop's context now
     * @return the context, reading {@code run}
     */
    public static RunContext of(Object listener, RunContext run) {
        Map<Object, RunIdentity> mine = EXECUTION.get();
        RunIdentity identity = mine.get(listener);
        if (identity == null) {
            identity = claim(listener);
            if (identity == null) {
                identity = new RunIdentity(run);
            }
            mine.put(listener, identity);
        }
        identity.current = run;
        return identity;
    }

    /**
     * The listener heard the run's end (its end, or its pause at a gate): a run that goes on gets a new context.
     *
     * @param listener the listener
     */
    public static void ended(Object listener) {
        EXECUTION.get().remove(listener);
    }

    /**
     * Hands this execution's identities to the next one: called on a workflow thread just before it continues as new.
     * The hand-overs whose time is up on {@code clock} are dropped first. A replay hands nothing over (the next
     * execution ran already).
     *
     * @param clock the run's clock, the workflow's time ({@link WorkflowClock}): when the hand-over is dropped
     */
    public static void continuingAsNew(RunClock clock) {
        Map<Object, RunIdentity> mine = EXECUTION.get();
        if (mine.isEmpty() || Workflow.isReplaying()) {
            return;
        }
        long now = clock.nanoTime();
        dropExpired(now);
        Map<Object, RunIdentity> handed = new IdentityHashMap<>(mine);
        handed.values().forEach(RunIdentity::detach);
        mine.clear();
        WorkflowInfo info = Workflow.getInfo();
        HANDED_OVER.put(new Execution(info.getWorkflowId(), info.getRunId()), new HandOver(handed, now + HAND_OVER_NANOS));
    }

    /**
     * @return how many executions' hand-overs wait for their next execution on this worker: 0 once every continued
     *     execution has claimed its own. The expired ones go at the next continue-as-new on this worker, on its
     *     workflow's time.
     */
    public static int handOversWaiting() {
        return HANDED_OVER.size();
    }

    /** The identity for the listener that the execution this one continues handed over, taken; or null. */
    private static @Nullable RunIdentity claim(Object listener) {
        WorkflowInfo info = Workflow.getInfo();
        Optional<String> continued = info.getContinuedExecutionRunId();
        if (continued.isEmpty() || HANDED_OVER.isEmpty()) {
            return null;
        }
        RunIdentity[] taken = new RunIdentity[1];
        HANDED_OVER.computeIfPresent(new Execution(info.getWorkflowId(), continued.get()), (execution, handOver) -> {
            taken[0] = handOver.identities().remove(listener);
            return handOver.identities().isEmpty() ? null : handOver;
        });
        return taken[0];
    }

    private static void dropExpired(long now) {
        HANDED_OVER.values().removeIf(handOver -> now - handOver.dropAt() >= 0);
    }

    /** Keeps the run's figures, not its transcript, while no execution runs it here. */
    private void detach() {
        RunContext run = current;
        current = new Detached(run.agentName(), run.iteration(), run.toolCallCount(), run.usage(), run.costUsd(),
                run.elapsed());
    }

    @Override
    protected RunContext delegate() {
        return current;
    }
}
