package dev.terminus.temporal.internal;

import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.temporal.AgentActivities;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.CallMode;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.TimeoutFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Makes a run's model and tool calls as activities, on a workflow thread: each call is tried once, may take the
 * agents' call timeout cut to the run's time left, runs in a cancellation scope of its own that the run's control
 * cancels when the run stops (a cancelled workflow, the deadline), and fails with the exception the model or tool
 * threw (see {@link CallFailures}).
 */
public final class ActivityCalls {
    private final Duration callTimeout;
    private final CallMode modelCalls;
    private final CallMode toolCalls;
    private @Nullable RunControl control;

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

    /** @param control the run's control, once the agent has made it */
    public void control(RunControl control) {
        this.control = control;
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
        return call(AgentActivities.class, kind, body);
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
        RunControl run = control;
        if (run == null) {
            throw new IllegalStateException("a call was made before the run's control was set");
        }
        A stub = stub(activities, kind, timeout(run));
        Object[] value = new Object[1];
        CancellationScope scope = Workflow.newCancellationScope(() -> value[0] = body.apply(stub));
        RunControl.Registration stop = run.onStop(scope::cancel);
        try {
            scope.run();
        } catch (ActivityFailure e) {
            throw failure(kind, run, e.getCause() == null ? e : e.getCause());
        } catch (CanceledFailure e) {
            throw failure(kind, run, e);
        } finally {
            stop.close();
        }
        @SuppressWarnings("unchecked")
        T result = (T) value[0];
        return result;
    }

    private <A> A stub(Class<A> activities, Kind kind, Duration timeout) {
        RetryOptions once = RetryOptions.newBuilder().setMaximumAttempts(1).build();
        CallMode mode = kind == Kind.MODEL ? modelCalls : kind == Kind.TOOL ? toolCalls : CallMode.ACTIVITY;
        if (mode == CallMode.LOCAL_ACTIVITY) {
            // the marker keeps the result only: a model call's arguments are the whole transcript
            return Workflow.newLocalActivityStub(activities, LocalActivityOptions.newBuilder()
                    .setStartToCloseTimeout(timeout).setRetryOptions(once).setDoNotIncludeArgumentsIntoMarker(true)
                    .build());
        }
        return Workflow.newActivityStub(activities, ActivityOptions.newBuilder()
                .setStartToCloseTimeout(timeout).setRetryOptions(once).build());
    }

    private Duration timeout(RunControl run) {
        long left = run.remainingNanos();
        return left == Long.MAX_VALUE ? callTimeout
                : WorkflowClock.timerDuration(Math.max(1, Math.min(left, callTimeout.toNanos())));
    }

    private static Exception failure(Kind kind, RunControl run, Throwable cause) {
        return switch (cause) {
            case ApplicationFailure application -> CallFailures.fromFailure(application);
            case CanceledFailure cancelled -> {
                // the run's control stops its calls; a call cancelled otherwise was cancelled with its workflow
                if (!run.isStopped()) {
                    run.cancel(AgentWorkflow.CANCELLED_BY_WORKFLOW);
                }
                yield new CallStoppedException("the call was cancelled", cancelled);
            }
            case TimeoutFailure timeout -> kind == Kind.MODEL
                    ? new ModelException.Timeout("the model call timed out: " + timeout.getMessage(), timeout)
                    : new CallStoppedException((kind == Kind.TOOL ? "the tool call" : "the agent's turn")
                            + " timed out: " + timeout.getMessage(), timeout);
            default -> new CallStoppedException("the call failed: " + cause.getMessage(), cause);
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
