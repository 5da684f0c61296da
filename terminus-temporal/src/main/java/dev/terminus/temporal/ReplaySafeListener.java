package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.internal.RunIdentity;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.unsafe.WorkflowUnsafe;

/**
 * A listener that hears each event of a workflow's run once: Temporal runs a workflow's code again whenever it
 * replays its history (on another worker, after the worker's cache let it go), and the loop then gives the events of
 * the replayed part again; this listener passes on only the events given while the workflow is not replaying.
 * Outside a workflow (a run in one process) it passes every event on.
 *
 * {@snippet :
 * AgentListener telemetry = TerminusTelemetry.of(openTelemetry); // once for the worker
 * AgentRecipe recipe = materials -> Agent.builder(materials.model()).tools(materials.tools())
 *         .clock(materials.clock())
 *         .listener(ReplaySafeListener.of(telemetry))
 *         .build();
 * }
 *
 * <p>A listener that keeps state per run (a telemetry listener's open span, keyed by the run's context) gets one
 * context object for the run for as long as the workflow stays in this worker's cache, and across its
 * continue-as-new when the next execution runs on this worker too, provided the listener itself is made once for
 * the worker, outside the recipe (a recipe builds an agent for every execution). Nothing of the run is kept after
 * its workflow leaves the cache: a copy of the workflow Temporal evicts (for another workflow, at the worker's
 * shutdown, because a workflow task must replay the history) is destroyed without an end, so the listener hears no
 * {@code RunTerminated} from it, and the context it had is let go of; the events the run gives after that, on this
 * worker or another, come with a new context, as those of a run whose worker crashed. A listener therefore keys its
 * per-run state weakly by the context, or lets go of it when a context is no longer referenced, as the telemetry
 * listener does. Event durations are workflow time.
 *
 * <p>It receives stream events when the listener it passes them to does. A workflow's run gives each model answer as
 * one piece, and its {@code ModelCalled} events carry no {@code StreamStats} (a telemetry listener's {@code chat}
 * spans then have no stream attributes): a streaming model's stream is read inside its model activity.
 */
public final class ReplaySafeListener implements AgentListener {
    private final AgentListener listener;

    private ReplaySafeListener(AgentListener listener) {
        this.listener = listener;
    }

    /**
     * @param listener the listener to give events to
     * @return a listener that gives it the events a workflow's replay repeats once
     */
    public static ReplaySafeListener of(AgentListener listener) {
        return new ReplaySafeListener(Preconditions.notNull(listener, "listener"));
    }

    /** @return whether the listener it passes events on to receives stream events */
    @Override
    public boolean receivesStreamEvents() {
        return listener.receivesStreamEvents();
    }

    @Override
    public boolean receivesToolStarts() {
        return listener.receivesToolStarts();
    }

    @Override
    public void onEvent(AgentEvent event) {
        if (!replaying()) {
            listener.onEvent(event);
        }
    }

    /**
     * Passes the event on unless the workflow is replaying, with one context for the run while its workflow stays in
     * this worker's cache, kept across a continue-as-new on this worker, so a listener keeping state per run finds it.
     */
    @Override
    public void onEvent(RunContext run, AgentEvent event) {
        if (!WorkflowUnsafe.isWorkflowThread()) {
            listener.onEvent(run, event);
            return;
        }
        if (Workflow.isReplaying()) {
            return;
        }
        listener.onEvent(RunIdentity.of(listener, run), event);
        if (event instanceof AgentEvent.RunTerminated) {
            RunIdentity.ended(listener);
        }
    }

    private static boolean replaying() {
        return WorkflowUnsafe.isWorkflowThread() && Workflow.isReplaying();
    }
}
