package dev.terminus.temporal;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.unsafe.WorkflowUnsafe;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A listener that records every event it hears with the workflow it came from, as one worker's listener does: a test
 * wraps it in a {@link ReplaySafeListener}. It keeps the run contexts it was handed only weakly, so that a test can
 * tell whether anything else still holds them.
 */
final class HeardEvents implements AgentListener {
    /** One event heard, with the workflow whose run gave it ({@code ""} outside a workflow). */
    record Heard(String workflowId, AgentEvent event) {}

    private final List<Heard> heard = new CopyOnWriteArrayList<>();
    private final List<WeakReference<RunContext>> contexts = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(AgentEvent event) {
        heard.add(new Heard(workflowId(), event));
    }

    @Override
    public void onEvent(RunContext run, AgentEvent event) {
        if (contexts.stream().noneMatch(kept -> kept.get() == run)) {
            contexts.add(new WeakReference<>(run));
        }
        onEvent(event);
    }

    private static String workflowId() {
        return WorkflowUnsafe.isWorkflowThread() ? Workflow.getInfo().getWorkflowId() : "";
    }

    /** @return every event heard, in order */
    List<Heard> all() {
        return List.copyOf(heard);
    }

    /** @return the ends heard of the workflow's run */
    List<AgentEvent.RunTerminated> ends(String workflowId) {
        return heard.stream().filter(each -> each.workflowId().equals(workflowId))
                .map(Heard::event).filter(AgentEvent.RunTerminated.class::isInstance)
                .map(AgentEvent.RunTerminated.class::cast).toList();
    }

    /** @return every end heard */
    List<AgentEvent.RunTerminated> ends() {
        return heard.stream().map(Heard::event).filter(AgentEvent.RunTerminated.class::isInstance)
                .map(AgentEvent.RunTerminated.class::cast).toList();
    }

    /** @return how many of the run contexts this listener was handed something still holds */
    long contextsHeld() {
        return contexts.stream().filter(kept -> kept.get() != null).count();
    }

    /** @return how many distinct run contexts it was handed */
    int contextsHanded() {
        return contexts.size();
    }
}
