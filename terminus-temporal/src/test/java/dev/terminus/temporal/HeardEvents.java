package dev.terminus.temporal;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.unsafe.WorkflowUnsafe;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A listener that records the events it hears with the workflow each came from, as one worker's listener does: a test
 * wraps it in a {@link ReplaySafeListener}. It keeps the run contexts it was handed only weakly (by identity), so that
 * a test can tell whether anything else still holds them.
 */
final class HeardEvents implements AgentListener {
    /** One event heard, with the workflow whose run gave it ({@code ""} outside a workflow). */
    record Heard(String workflowId, AgentEvent event) {}

    private final boolean keepEvents;
    private final List<Heard> heard = new CopyOnWriteArrayList<>();
    private final Map<String, List<AgentEvent.RunTerminated>> ends = new ConcurrentHashMap<>();
    private final Map<String, List<AgentEvent.ModelCalled>> modelCalls = new ConcurrentHashMap<>();
    private final Set<RunContext> contexts = Collections.newSetFromMap(new WeakHashMap<>());

    /** A listener that keeps every event. */
    HeardEvents() {
        this(true);
    }

    /** @param keepEvents whether to keep every event, or only the ends and the model calls of each workflow */
    HeardEvents(boolean keepEvents) {
        this.keepEvents = keepEvents;
    }

    @Override
    public void onEvent(AgentEvent event) {
        String workflowId = WorkflowUnsafe.isWorkflowThread() ? Workflow.getInfo().getWorkflowId() : "";
        if (keepEvents) {
            heard.add(new Heard(workflowId, event));
        }
        if (event instanceof AgentEvent.RunTerminated end) {
            ends.computeIfAbsent(workflowId, id -> new CopyOnWriteArrayList<>()).add(end);
        } else if (event instanceof AgentEvent.ModelCalled call) {
            modelCalls.computeIfAbsent(workflowId, id -> new CopyOnWriteArrayList<>()).add(call);
        }
    }

    @Override
    public void onEvent(RunContext run, AgentEvent event) {
        synchronized (contexts) {
            contexts.add(run);
        }
        onEvent(event);
    }

    /** @return every event heard, in order (none when only ends and model calls are kept) */
    List<Heard> all() {
        return List.copyOf(heard);
    }

    /** @return the ends heard of the workflow's run */
    List<AgentEvent.RunTerminated> ends(String workflowId) {
        return ends.getOrDefault(workflowId, List.of());
    }

    /** @return every end heard */
    List<AgentEvent.RunTerminated> ends() {
        return ends.values().stream().flatMap(List::stream).toList();
    }

    /** @return the model calls heard of the workflow's run */
    List<AgentEvent.ModelCalled> modelCalls(String workflowId) {
        return modelCalls.getOrDefault(workflowId, List.of());
    }

    /** @return how many of the run contexts this listener was handed something still holds */
    int contextsHeld() {
        synchronized (contexts) {
            return contexts.size();
        }
    }
}
