package dev.terminus.temporal.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.pipeline.spi.AgentStageCall;
import dev.terminus.pipeline.spi.AgentStageRunner;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.PipelineMaterials;
import dev.terminus.temporal.PipelineWorkflows;
import dev.terminus.temporal.wire.RunningStage;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The agent stages of one pipeline workflow execution: each attempt starts a child {@link AgentWorkflow} whose id is
 * {@link PipelineWorkflows#childId} and waits for it, on the workflow's thread, and hands its output to the pipeline
 * as the attempt's run. A stop (the pipeline's workflow cancelled) stops the running child with its {@code stop}
 * signal, so that its run ends {@code Cancelled} with its partial result, which comes back as the child's value; an
 * attempt asked for after the stop starts no child and ends {@code Cancelled} at once.
 */
final class StageChildren {
    private final String pipelineId;
    private final Map<String, List<String>> started = new LinkedHashMap<>();
    private final Map<String, String> tasks = new LinkedHashMap<>();
    /** The output of each stage's last attempt, which its next attempt's input may go on from. */
    private final Map<String, AgentRunOutput> previous = new LinkedHashMap<>();
    private @Nullable RunningStage running;
    private @Nullable String stoppedBy;

    /** @param pipelineId the pipeline's workflow id */
    StageChildren(String pipelineId) {
        this.pipelineId = pipelineId;
    }

    /**
     * @param attempts makes each attempt's agent run
     * @return the runner of a stage whose attempts run them
     */
    AgentStageRunner runner(PipelineMaterials.Attempts attempts) {
        return call -> attempt(call, attempts);
    }

    /** @return the attempt whose child runs now, or null */
    @Nullable RunningStage running() {
        return running;
    }

    /** @return the children each stage's attempts started, by stage, in order */
    Map<String, List<String>> started() {
        return started;
    }

    /** @return the task of each stage's last attempt that started a child, by stage */
    Map<String, String> tasks() {
        return tasks;
    }

    /** Stops the running child, and every attempt after it; the first stop wins. */
    void stop(String requestedBy) {
        if (stoppedBy == null) {
            stoppedBy = requestedBy;
        }
    }

    private RunResult attempt(AgentStageCall call, PipelineMaterials.Attempts attempts) {
        String by = stoppedBy;
        if (by != null) {
            return RunResult.builder().termination(new Termination.Cancelled(by)).outcome(Outcome.CANCELLED).build();
        }
        AgentRunInput input = attempts.input(call, call.attempt() == 1 ? null : previous.get(call.stageName()));
        if (input == null) {
            throw new NullPointerException("the attempts of stage \"" + call.stageName() + "\" made no input");
        }
        String id = PipelineWorkflows.childId(pipelineId, call.stageName(), call.attempt());
        started.computeIfAbsent(call.stageName(), stage -> new ArrayList<>()).add(id);
        tasks.put(call.stageName(), input.task());
        AgentWorkflow child = Workflow.newChildWorkflowStub(AgentWorkflow.class,
                ChildWorkflowOptions.newBuilder().setWorkflowId(id).build());
        Promise<AgentRunOutput> ended = Async.function(child::run, input);
        running = new RunningStage(call.stageName(), call.attempt(), id);
        try {
            Workflow.await(() -> ended.isCompleted() || stoppedBy != null);
            String stop = stoppedBy;
            if (!ended.isCompleted() && stop != null) {
                stopChild(child, id, stop);
            }
            AgentRunOutput output = ended.get();
            previous.put(call.stageName(), output);
            return output.toRunResult();
        } catch (ChildWorkflowFailure e) {
            previous.remove(call.stageName());
            return RunResult.builder().termination(failed(id, e)).outcome(Outcome.FAILED).build();
        } finally {
            running = null;
        }
    }

    /** Signals the child to stop once it has started; a child that ended meanwhile keeps its own end. */
    private static void stopChild(AgentWorkflow child, String id, String requestedBy) {
        try {
            Workflow.getWorkflowExecution(child).get();
            Workflow.newExternalWorkflowStub(AgentWorkflow.class, id).stop(requestedBy);
        } catch (RuntimeException e) {
            // it could not start, or ended as the signal was sent: its promise says how
        }
    }

    /**
     * The termination of an attempt whose child ended without an output: a child that failed because its agent
     * could not be built is a configuration failure; one that timed out, was terminated or cancelled from outside
     * is an external failure ({@code RETRYABLE}: a stage with retries runs it again).
     */
    private static Termination failed(String id, ChildWorkflowFailure e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        String message = cause instanceof ApplicationFailure application ? application.getOriginalMessage()
                : String.valueOf(cause.getMessage());
        boolean configuration = cause instanceof ApplicationFailure application
                && "terminus.configuration".equals(application.getType());
        return Termination.Failed.of(new IllegalStateException("child workflow " + id + " ended without an output: "
                + message, e), configuration ? ErrorCategory.CONFIGURATION : ErrorCategory.EXTERNAL);
    }
}
