package dev.terminus.temporal;

import dev.terminus.Preconditions;
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
 * AgentRecipe recipe = materials -> Agent.builder(materials.model()).tools(materials.tools())
 *         .clock(materials.clock())
 *         .listener(ReplaySafeListener.of(event -> metrics.record(event)))
 *         .build();
 * }
 *
 * <p>The listener must not keep state per run across events (an open span, keyed by the run's context): after a
 * replay the run's remaining events come with another context object than its first ones. Event durations are
 * workflow time.
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

    @Override
    public void onEvent(AgentEvent event) {
        if (!replaying()) {
            listener.onEvent(event);
        }
    }

    @Override
    public void onEvent(RunContext run, AgentEvent event) {
        if (!replaying()) {
            listener.onEvent(run, event);
        }
    }

    private static boolean replaying() {
        return WorkflowUnsafe.isWorkflowThread() && Workflow.isReplaying();
    }
}
