package dev.terminus.temporal;

/**
 * How a workflow's run makes its model or tool calls: as Temporal activities, or as local activities.
 *
 * <p>An {@link #ACTIVITY} is dispatched through the server's task queue to any worker with the activities
 * registered, may run for as long as its timeout, heartbeats, and writes three history events (scheduled, started,
 * completed), plus a workflow task of three more when it wakes the workflow. A {@link #LOCAL_ACTIVITY} runs on the
 * worker that runs the workflow, within its workflow task, and writes one marker event: the fast path for calls of a
 * few seconds (a tool round of a model and a tool call writes about five events instead of twelve). A local activity
 * longer than the workflow task timeout (10 s by default) makes the worker extend the task, three events each time;
 * it cannot heartbeat, a cancellation, an update or a query reaches the workflow only once the call ends or its task
 * is extended, and it needs the activities registered on the workflow's worker
 * ({@link AgentWorkflows#register}). Either way a call is tried once (the loop's {@code RetryPolicy} retries) and
 * is cancelled when the run stops.
 */
public enum CallMode {
    /** A Temporal activity, on any activity worker of the task queue. */
    ACTIVITY,
    /** A local activity, on the workflow's own worker, recorded as one marker. */
    LOCAL_ACTIVITY
}
