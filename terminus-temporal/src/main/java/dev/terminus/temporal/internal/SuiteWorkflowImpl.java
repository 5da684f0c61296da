package dev.terminus.temporal.internal;

import dev.terminus.Category;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.eval.spi.AttemptTimedOut;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.SuiteWorkflows;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import dev.terminus.temporal.wire.SuiteInput;
import dev.terminus.temporal.wire.SuiteOutput;
import dev.terminus.temporal.wire.SuiteWorkflow;
import dev.terminus.temporal.wire.WireVersion;
import io.temporal.activity.ActivityOptions;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * A suite in one workflow execution: its task runs start in the input's order, at most {@code concurrency} at once,
 * each a procedure of the workflow that runs its attempts as children one after another. A child is started with
 * {@code ALLOW_DUPLICATE_FAILED_ONLY}: Temporal refuses it when an earlier start of the suite completed a child of that
 * id, whose output an activity then reads; a child of that id that ended otherwise runs again.
 *
 * <p>A run of a pipeline ({@link SuiteInput.Run#pipeline()}) runs its attempts as {@link PipelineWorkflow} children,
 * by the same ids and rules; at the task timeout such a child is cancelled, which stops its running stage's run and
 * ends the pipeline {@code Cancelled}. Its start is marked in the history by the version {@value #PIPELINE_RUNS}, which
 * histories recorded before suites ran pipelines do not have (they had no run of a pipeline to mark).
 */
public final class SuiteWorkflowImpl implements SuiteWorkflow {
    /** The longest the read of a finished child's output may take; it returns at once for a closed child. */
    private static final Duration READ_TIMEOUT = Duration.ofMinutes(10);
    /** The change id that marks a suite whose task runs include runs of a pipeline. */
    static final String PIPELINE_RUNS = "terminus-suite-pipeline-runs";

    private final SuiteActivities activities = Workflow.newActivityStub(SuiteActivities.class,
            ActivityOptions.newBuilder().setStartToCloseTimeout(READ_TIMEOUT).build());

    /**
     * How one attempt's child ended: the category of its termination (null without an output), and whether an
     * earlier start had finished it.
     */
    private record Ended(@Nullable Category category, boolean reused) {
        static Ended of(@Nullable AgentRunOutput output, boolean reused) {
            return new Ended(output == null ? null : output.termination().category(), reused);
        }

        static Ended ofPipeline(@Nullable PipelineRunOutput output, boolean reused) {
            return new Ended(output == null ? null : output.termination().category(), reused);
        }
    }

    @Override
    public SuiteOutput run(SuiteInput input) {
        WireVersions.check(input.wireVersion(), "the suite");
        String suiteId = Workflow.getInfo().getWorkflowId();
        Random random = Workflow.newRandom();
        SuiteOutput.Row[] rows = new SuiteOutput.Row[input.runs().size()];
        int[] running = {0};
        List<Promise<Void>> done = new ArrayList<>(rows.length);
        for (int i = 0; i < rows.length; i++) {
            int at = i;
            Workflow.await(() -> running[0] < input.concurrency());
            running[0]++;
            done.add(Async.procedure(() -> {
                try {
                    rows[at] = row(suiteId, input, input.runs().get(at), random);
                } finally {
                    running[0]--;
                }
            }));
        }
        Promise.allOf(done).get();
        return new SuiteOutput(Arrays.asList(rows));
    }

    /** Runs a task run's attempts until one ends not {@code RETRYABLE} or the retries are spent. */
    private SuiteOutput.Row row(String suiteId, SuiteInput input, SuiteInput.Run run, Random random) {
        RetryPolicy retry = input.retryPolicy();
        int reused = 0;
        for (int attempt = 1; ; attempt++) {
            String id = SuiteWorkflows.childId(suiteId, run.task(), run.repeat(), attempt);
            Ended ended = run.pipeline() ? pipelineAttempt(id, run, input.taskTimeout())
                    : attempt(id, run, input.taskTimeout());
            if (ended.reused()) {
                reused++;
            }
            Category category = ended.category();
            if (category != Category.RETRYABLE || attempt > retry.maxRetries()) {
                return new SuiteOutput.Row(run.task(), run.repeat(), id, attempt, reused, category);
            }
            long delay = retry.delayNanos(attempt, random);
            if (delay > 0) {
                Workflow.sleep(Duration.ofNanos(delay));
            }
        }
    }

    /**
     * Runs one attempt as a child. At the task timeout the child's run is stopped with its {@code stop} signal, as a
     * local attempt's run is cancelled: it ends {@code Cancelled("task-timeout")} with its partial result, which its
     * row keeps.
     */
    private Ended attempt(String id, SuiteInput.Run run, @Nullable Duration timeout) {
        AgentWorkflow child = Workflow.newChildWorkflowStub(AgentWorkflow.class, ChildWorkflowOptions.newBuilder()
                .setWorkflowId(id)
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY)
                .build());
        Promise<AgentRunOutput> ended = Async.function(child::run, run.agentInput());
        if (timeout != null && !Workflow.await(timeout, ended::isCompleted)) {
            try {
                Workflow.newExternalWorkflowStub(AgentWorkflow.class, id).stop(AttemptTimedOut.REQUESTER);
            } catch (RuntimeException e) {
                // the child ended as the signal was sent: its own end stands
            }
        }
        try {
            return Ended.of(ended.get(), false);
        } catch (ChildWorkflowFailure e) {
            if (e.getCause() instanceof WorkflowExecutionAlreadyStarted) {
                return reuse(id);
            }
            return new Ended(null, false); // failed, timed out, cancelled or terminated: the client reads why
        }
    }

    /**
     * Runs one attempt of a pipeline as a child. At the task timeout the child is cancelled, as a local attempt's
     * pipeline is: its running stage's run is stopped and the pipeline ends {@code Cancelled} with the stages it ran,
     * which the client reads with the child's output query.
     */
    private Ended pipelineAttempt(String id, SuiteInput.Run run, @Nullable Duration timeout) {
        int version = Workflow.getVersion(PIPELINE_RUNS, Workflow.DEFAULT_VERSION, 1);
        if (version == Workflow.DEFAULT_VERSION) { // cannot be: a history before pipeline runs has none to replay
            throw ApplicationFailure.newNonRetryableFailure("run " + id + " is a pipeline's, which this history's"
                    + " suite did not run", "terminus.configuration");
        }
        PipelineWorkflow child = Workflow.newChildWorkflowStub(PipelineWorkflow.class, ChildWorkflowOptions.newBuilder()
                .setWorkflowId(id)
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY)
                .build());
        Promise<PipelineRunOutput> ended = Async.function(child::run, run.pipelineInput());
        if (timeout != null && !Workflow.await(timeout, ended::isCompleted)) {
            try {
                Workflow.newUntypedExternalWorkflowStub(id).cancel();
            } catch (RuntimeException e) {
                // the child ended as the cancellation was sent: its own end stands
            }
        }
        try {
            return Ended.ofPipeline(ended.get(), false);
        } catch (ChildWorkflowFailure e) {
            if (e.getCause() instanceof WorkflowExecutionAlreadyStarted) {
                try {
                    return Ended.ofPipeline(activities.finishedPipelineOutput(id, WireVersion.CURRENT), true);
                } catch (ActivityFailure failure) {
                    return new Ended(null, true);
                }
            }
            return new Ended(null, false); // failed, cancelled (at the timeout) or terminated: the client reads why
        }
    }

    private Ended reuse(String id) {
        try {
            return Ended.of(activities.finishedOutput(id, WireVersion.CURRENT), true);
        } catch (ActivityFailure e) {
            return new Ended(null, true);
        }
    }
}
