package dev.terminus.temporal.internal;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.CallMode;
import dev.terminus.temporal.wire.AgentActivities;
import dev.terminus.temporal.wire.WireVersion;
import io.temporal.activity.ActivityCancellationType;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.TimeoutFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Makes a run's model and tool calls as activities, on a workflow thread: each call is tried once, may take the
 * agents' call timeout cut to the run's time left (a tool call also to the agent's per-tool timeout), runs in a
 * cancellation scope of its own that the run's control cancels when the run stops (a cancelled workflow, the
 * deadline), and fails with the exception the model or tool threw (see {@link CallFailures}). A streaming model's
 * call in a run that keeps a cut call's text waits for its cancelled activity instead ({@link #callKeepingCutText}).
 *
 * <p>Its activity heartbeats (a heartbeat timeout of at most {@link #HEARTBEAT_TIMEOUT}): a call whose worker died is
 * known lost at that timeout rather than at its start-to-close timeout. A lost model call fails with a
 * {@link ModelException.Timeout}, which the loop's retry policy retries; a lost tool call fails with a
 * {@link CallStoppedException}, which the model reads as the tool's error (the tool may or may not have had its
 * effect: its idempotency key says which call it was). A stopped call's activity is cancelled with
 * {@link ActivityCancellationType#TRY_CANCEL}: the cancellation is sent to the server, which hands it to the activity
 * at its next heartbeat (the activity then interrupts the call), while the run goes on at once, so a run stops at its
 * deadline or cancellation whatever the call does, as it does in one process.
 */
public final class ActivityCalls {
    /** The longest a call's activity may go without a heartbeat before the server deems its worker gone. */
    public static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(10);

    private final Duration callTimeout;
    private final CallMode modelCalls;
    private final CallMode toolCalls;
    private @Nullable Duration toolTimeout;
    private int localCalls;
    /** Whether convergence turns heartbeat too (ADR 0043); runs recorded before did not. */
    private boolean turnsHeartbeat;
    private @Nullable RunControl control;
    /** The tool call made again after a person answered its request for input, or null. */
    private @Nullable String answeredCallId;
    private List<HumanInputAnswer> answers = List.of();

    /** @param callTimeout the longest a call may take when the run's time left does not cut it shorter */
    public ActivityCalls(Duration callTimeout) {
        this(callTimeout, CallMode.ACTIVITY, CallMode.ACTIVITY);
    }

    /**
     * @param callTimeout the longest a call may take when the run's time left does not cut it shorter
     * @param modelCalls how model calls are made
     * @param toolCalls how tool calls are made
     */
    public ActivityCalls(Duration callTimeout, CallMode modelCalls, CallMode toolCalls) {
        this.callTimeout = callTimeout;
        this.modelCalls = modelCalls;
        this.toolCalls = toolCalls;
    }

    /**
     * Gives convergence turns' activities a heartbeat timeout, as model and tool calls have: their activity
     * heartbeats (ConvergenceActivitiesImpl), so a cancellation reaches a running turn and a lost worker is known at
     * that timeout.
     */
    public void turnsHeartbeat() {
        this.turnsHeartbeat = true;
    }

    /**
     * Takes the agent's per-tool timeout ({@code AgentConfig.toolTimeout}), which bounds its tool calls.
     *
     * @param agent the agent whose calls these are
     * @return the agent
     */
    public Agent agent(Agent agent) {
        this.toolTimeout = agent.config().toolTimeout().orElse(null);
        return agent;
    }

    /**
     * @return the local activities this execution has made: each is a marker event, though the history's length
     *     counts them only once the workflow task that made them completes
     */
    public int localCalls() {
        return localCalls;
    }

    /**
     * @param control the run's control, once the agent has made it; its thread's interrupts become the engine's, since
     *     on a workflow thread only Temporal interrupts, to destroy this copy of the run
     */
    public void control(RunControl control) {
        control.interruptsAreTheEngines(WorkflowThreadTakenBack::new);
        this.control = control;
    }

    /**
     * Hands the answers a person gave to a tool call's requests for input to that call when the resumed run makes it
     * again ({@link #humanInputs}).
     *
     * @param callId the tool call's id
     * @param given the answers, earliest first
     */
    void humanInputs(String callId, List<HumanInputAnswer> given) {
        answeredCallId = callId;
        answers = List.copyOf(given);
    }

    /**
     * @param callId a tool call's id
     * @return the answers a person gave to its requests for input, or none
     */
    List<HumanInputAnswer> humanInputs(String callId) {
        return callId.equals(answeredCallId) ? answers : List.of();
    }

    /**
     * Lists the specs of an agent's served tools through the tool activity (a local activity when tool calls are
     * made so): before the run's control exists, in the workflow's own cancellation scope. Temporal tries it again
     * when its worker is lost, never when the tools failed to start.
     *
     * @param agentName the agent's key
     * @return the specs
     * @throws ActivityFailure when the tools cannot be started or the activity was lost
     */
    List<ToolSpec> servedToolSpecs(String agentName) {
        RetryOptions retries = RetryOptions.newBuilder().setMaximumAttempts(3)
                .setDoNotRetry(CallFailures.SERVED_TOOLS).build();
        if (toolCalls == CallMode.LOCAL_ACTIVITY) {
            localCalls++;
            return Workflow.newLocalActivityStub(AgentActivities.class, LocalActivityOptions.newBuilder()
                    .setStartToCloseTimeout(callTimeout).setRetryOptions(retries).build())
                    .servedToolSpecs(agentName, WireVersion.CURRENT);
        }
        return Workflow.newActivityStub(AgentActivities.class, ActivityOptions.newBuilder()
                .setStartToCloseTimeout(callTimeout)
                .setHeartbeatTimeout(HEARTBEAT_TIMEOUT.compareTo(callTimeout) < 0 ? HEARTBEAT_TIMEOUT : callTimeout)
                .setRetryOptions(retries)
                .build()).servedToolSpecs(agentName, WireVersion.CURRENT);
    }

    /**
     * @param kind whose calls
     * @return whether those calls are activities, whose arguments the history records (a local activity's marker
     *     does not record them)
     */
    boolean recorded(Kind kind) {
        return mode(kind) == CallMode.ACTIVITY;
    }

    private CallMode mode(Kind kind) {
        return kind == Kind.MODEL ? modelCalls : kind == Kind.TOOL ? toolCalls : CallMode.ACTIVITY;
    }

    /** Whether a call that failed as it did is a model call (its timeout is a model's timeout). */
    enum Kind { MODEL, TOOL, TURN } // TURN: a convergence agent's turn

    /**
     * Makes one call.
     *
     * @param kind whose call it is
     * @param body the call on an activity stub
     * @param <T> its value
     * @return its value
     * @throws Exception what the model or tool threw, or why the call was stopped
     */
    <T> T call(Kind kind, Function<AgentActivities, T> body) throws Exception {
        return call(AgentActivities.class, kind, body, false);
    }

    /**
     * Makes one call of a streaming model whose run keeps a cut call's text (ADR 0041): made as an activity, a stop
     * (the deadline, a cancellation) cancels it and waits for its answer, which carries the text that arrived; its
     * start-to-close timeout leaves it {@link #HEARTBEAT_TIMEOUT} past the run's deadline for that answer. A call
     * that worker does not answer ends at its heartbeat timeout, as a lost call does.
     *
     * @param body the call on an activity stub
     * @param <T> its value
     * @return its value
     * @throws Exception what the model threw, or why the call was stopped
     */
    <T> T callKeepingCutText(Function<AgentActivities, T> body) throws Exception {
        return call(AgentActivities.class, Kind.MODEL, body, mode(Kind.MODEL) == CallMode.ACTIVITY);
    }

    /**
     * Makes one call on a stub of the given activities.
     *
     * @param activities the activities' interface
     * @param kind whose call it is
     * @param body the call on an activity stub
     * @param <A> the activities
     * @param <T> its value
     * @return its value
     * @throws Exception what the call threw, or why it was stopped
     */
    <A, T> T call(Class<A> activities, Kind kind, Function<A, T> body) throws Exception {
        return call(activities, kind, body, false);
    }

    /** @param waits whether a stop waits for the cancelled activity's answer ({@link #callKeepingCutText}) */
    private <A, T> T call(Class<A> activities, Kind kind, Function<A, T> body, boolean waits) throws Exception {
        RunControl run = control;
        if (run == null) {
            throw new IllegalStateException("a call was made before the run's control was set");
        }
        Limit limit = limit(kind, run, waits);
        A stub = stub(activities, kind, limit.timeout(), waits);
        Object[] value = new Object[1];
        CancellationScope scope = Workflow.newCancellationScope(() -> value[0] = body.apply(stub));
        RunControl.Registration stop = run.onStop(scope::cancel);
        try {
            scope.run();
        } catch (ActivityFailure e) {
            throw failure(kind, run, limit, e.getCause() == null ? e : e.getCause());
        } catch (CanceledFailure e) {
            throw failure(kind, run, limit, e);
        } finally {
            stop.close();
        }
        @SuppressWarnings("unchecked")
        T result = (T) value[0];
        return result;
    }

    private <A> A stub(Class<A> activities, Kind kind, Duration timeout, boolean waits) {
        RetryOptions once = RetryOptions.newBuilder().setMaximumAttempts(1).build();
        if (mode(kind) == CallMode.LOCAL_ACTIVITY) {
            localCalls++;
            // the marker keeps the result only: a model call's arguments are the whole transcript
            return Workflow.newLocalActivityStub(activities, LocalActivityOptions.newBuilder()
                    .setStartToCloseTimeout(timeout).setRetryOptions(once).setDoNotIncludeArgumentsIntoMarker(true)
                    .build());
        }
        ActivityOptions.Builder options = ActivityOptions.newBuilder()
                .setStartToCloseTimeout(timeout)
                .setCancellationType(waits ? ActivityCancellationType.WAIT_CANCELLATION_COMPLETED
                        : ActivityCancellationType.TRY_CANCEL)
                .setRetryOptions(once);
        if (kind != Kind.TURN || turnsHeartbeat) {
            // model and tool activities heartbeat while their call runs (AgentActivitiesImpl), turns too (ADR 0043)
            options.setHeartbeatTimeout(HEARTBEAT_TIMEOUT.compareTo(timeout) < 0 ? HEARTBEAT_TIMEOUT : timeout);
        }
        return Workflow.newActivityStub(activities, options.build());
    }

    /**
     * A call's start-to-close timeout: the call timeout, or for a tool call the agent's per-tool timeout when
     * shorter, cut to the run's time left.
     *
     * @param timeout the timeout
     * @param toolTimeout whether it is the agent's per-tool timeout
     */
    record Limit(Duration timeout, boolean toolTimeout) {}

    private Limit limit(Kind kind, RunControl run, boolean waits) {
        Duration perTool = kind == Kind.TOOL ? toolTimeout : null;
        Duration limit = perTool != null && perTool.compareTo(callTimeout) <= 0 ? perTool : callTimeout;
        long left = run.remainingNanos();
        if (left != Long.MAX_VALUE && left < limit.toNanos()) {
            // a call whose stop is waited for has room past the deadline to answer its cancellation
            long room = waits ? Math.min(limit.toNanos(), left + HEARTBEAT_TIMEOUT.toNanos()) : left;
            return new Limit(WorkflowClock.timerDuration(Math.max(1, room)), false);
        }
        return new Limit(limit, limit == perTool);
    }

    /**
     * @param kind whose call failed
     * @param run the run's control
     * @param limit the call's start-to-close timeout
     * @param cause Temporal's failure of the call
     * @return the exception the call fails with in the loop
     */
    static Exception failure(Kind kind, RunControl run, Limit limit, Throwable cause) {
        return switch (cause) {
            case ApplicationFailure shutDown when CallFailures.isWorkerShutdown(shutDown) ->
                    lost(kind, "its worker shut down", shutDown);
            case ApplicationFailure interrupted when CallFailures.isInterrupt(interrupted) -> {
                // the activity's thread was interrupted by its worker, never by the run's caller (ADR 0022)
                if (LoopChanges.remoteInterruptIsLost()) {
                    yield lost(kind, "its worker interrupted it (shutting down)", interrupted);
                }
                run.cancel(Termination.Cancelled.THREAD_INTERRUPT); // as the run recorded before the change ended
                yield new CallStoppedException("the call was interrupted", interrupted);
            }
            // the call never reached the model or got its tool's answer: as a call lost with its worker
            case ApplicationFailure unread when CallFailures.isTranscriptUnavailable(unread) ->
                    lost(kind, "it could not read the run's transcript from the workflow within its time", unread);
            // a streamed call's answer to its cancellation by the run, with the text that arrived (ADR 0041)
            case ApplicationFailure stopped when CallFailures.isStopped(stopped) -> {
                Exception cancelled = cancelled(run, stopped);
                String text = CallFailures.partialText(stopped);
                yield kind == Kind.MODEL && text != null ? new ActivityModel.CutShort(text, cancelled) : cancelled;
            }
            // a model call's stream cut after some text arrived: the text goes with the failure (ADR 0041)
            case ApplicationFailure application when kind == Kind.MODEL
                    && CallFailures.partialText(application) != null -> new ActivityModel.CutShort(
                            CallFailures.partialText(application), CallFailures.fromFailure(application));
            case ApplicationFailure application -> CallFailures.fromFailure(application);
            case CanceledFailure cancelled -> cancelled(run, cancelled);
            case TimeoutFailure timeout when timeout.getTimeoutType() == TimeoutType.TIMEOUT_TYPE_HEARTBEAT ->
                    lost(kind, "its worker sent no heartbeat in time (stopped or cut off)", timeout);
            case TimeoutFailure timeout when kind == Kind.TOOL && limit.toolTimeout() -> {
                // as in one process: the loop answers the call with the tool's timeout
                TimeoutException late = new TimeoutException(
                        "the tool did not answer within " + limit.timeout().toMillis() + " ms");
                late.initCause(timeout);
                yield late;
            }
            case TimeoutFailure timeout -> kind == Kind.MODEL
                    ? new ModelException.Timeout("the model call timed out: " + timeout.getMessage(), timeout)
                    : new CallStoppedException((kind == Kind.TOOL ? "the tool call" : "the agent's turn")
                            + " timed out: " + timeout.getMessage(), timeout);
            default -> new CallStoppedException("the call failed: " + cause.getMessage(), cause);
        };
    }

    /** A call cancelled: the run's control stops its calls; a call cancelled otherwise was with its workflow. */
    private static Exception cancelled(RunControl run, Throwable cause) {
        if (!run.isStopped()) {
            run.cancel(AgentWorkflow.CANCELLED_BY_WORKFLOW);
        }
        return new CallStoppedException("the call was cancelled", cause);
    }

    /** A call whose activity was lost with its worker: a model call is retried as a timeout, a tool call is not. */
    private static Exception lost(Kind kind, String why, Throwable cause) {
        return switch (kind) {
            case MODEL -> new ModelException.Timeout("the model call was lost: " + why, cause);
            case TOOL -> new CallStoppedException("the tool call was lost, its effect unknown: " + why, cause);
            case TURN -> new CallStoppedException("the agent's turn was lost: " + why, cause);
        };
    }

    /** A call stopped by Temporal: cancelled, timed out, or lost. */
    public static final class CallStoppedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /**
         * @param message what stopped it
         * @param cause Temporal's failure
         */
        public CallStoppedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
