package dev.terminus.temporal.internal;

import dev.terminus.Category;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.eval.spi.AttemptTimedOut;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.EarlierParts;
import dev.terminus.temporal.AgentWorkflow;
import dev.terminus.temporal.SuiteWorkflows;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import dev.terminus.temporal.wire.SuiteInput;
import dev.terminus.temporal.wire.SuiteOutput;
import dev.terminus.temporal.wire.SuiteProgress;
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
 *
 * <p>From the version {@value #ANY_SIZE} on (ADR 0044, asked when a history is first full), a suite's history is
 * bounded: once it nears its size ({@link SuiteExecutions}) the suite starts no more task runs, waits for the running
 * ones, and continues as new with the runs not started and the rows it finished ({@link SuiteProgress}); a run of a
 * document the suite's input holds ({@link SuiteInput#documents()}) has children that refer to that input instead of
 * carrying the document.
 */
public final class SuiteWorkflowImpl implements SuiteWorkflow {
    /** The longest the read of a finished child's output may take; it returns at once for a closed child. */
    private static final Duration READ_TIMEOUT = Duration.ofMinutes(10);
    /** The change id that marks a suite whose task runs include runs of a pipeline. */
    static final String PIPELINE_RUNS = "terminus-suite-pipeline-runs";

    /** The change id that marks a suite that paces its history: it continues as new (ADR 0044). */
    static final String ANY_SIZE = "terminus-suite-any-size";

    private final SuiteExecutions executions = new SuiteExecutions();
    private String suiteId = "";
    /** The run id of the suite's execution whose input holds its documents. */
    private String documentsRun = "";
    /** The digests of the suite's documents, in their order. */
    private List<String> digests = List.of();
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
        suiteId = Workflow.getInfo().getWorkflowId();
        SuiteProgress earlier = input.earlier();
        documentsRun = earlier == null ? Workflow.getInfo().getRunId() : earlier.documentsRun();
        digests = earlier == null ? input.documents().stream().map(ResolvedAgents::digest).toList()
                : earlier.digests();
        Random random = Workflow.newRandom();
        SuiteOutput.Row[] rows = new SuiteOutput.Row[input.runs().size()];
        int[] running = {0};
        List<Promise<Void>> done = new ArrayList<>(rows.length);
        int started = 0;
        for (; started < rows.length; started++) {
            int at = started;
            Workflow.await(() -> running[0] < input.concurrency());
            if (started > 0 && executions.due()) {
                break; // the rest start in a fresh execution, once the running ones end
            }
            running[0]++;
            done.add(Async.procedure(() -> {
                try {
                    rows[at] = row(input, input.runs().get(at), random);
                } finally {
                    running[0]--;
                }
            }));
        }
        Promise.allOf(done).get();
        List<SuiteOutput.Row> finished = new ArrayList<>(earlier == null ? List.of() : earlier.finished());
        finished.addAll(Arrays.asList(rows).subList(0, started));
        if (started < rows.length) {
            Workflow.continueAsNew(new SuiteInput(input.runs().subList(started, rows.length), input.retryPolicy(),
                    input.concurrency(), input.taskTimeout(), List.of(),
                    new SuiteProgress(documentsRun, digests, finished)));
        }
        return new SuiteOutput(finished);
    }

    /**
     * @param run a task run of an agent
     * @return its child's input: one that refers to the suite's document instead of carrying it (ADR 0044), when the
     *     run names one
     */
    private AgentRunInput agentInput(SuiteInput.Run run) {
        Integer document = run.document();
        if (document == null) {
            return run.agentInput();
        }
        return new AgentRunInput(run.agentName(), run.input())
                .referring(EarlierParts.definedIn(suiteId, documentsRun, digests.get(document)));
    }

    /** Runs a task run's attempts until one ends not {@code RETRYABLE} or the retries are spent. */
    private SuiteOutput.Row row(SuiteInput input, SuiteInput.Run run, Random random) {
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
        AgentRunInput input = agentInput(run);
        Promise<AgentRunOutput> ended = Async.function(child::run, input);
        if (timeout != null && !Workflow.await(timeout, ended::isCompleted)) {
            try {
                Workflow.newExternalWorkflowStub(AgentWorkflow.class, id).stop(AttemptTimedOut.REQUESTER);
            } catch (RuntimeException e) {
                // the child ended as the signal was sent: its own end stands
            }
        }
        try {
            AgentRunOutput output = ended.get();
            executions.count(input, output);
            return Ended.of(output, false);
        } catch (ChildWorkflowFailure e) {
            executions.count(input, null);
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
        PipelineRunInput input = run.pipelineInput();
        Promise<PipelineRunOutput> ended = Async.function(child::run, input);
        if (timeout != null && !Workflow.await(timeout, ended::isCompleted)) {
            try {
                Workflow.newUntypedExternalWorkflowStub(id).cancel();
            } catch (RuntimeException e) {
                // the child ended as the cancellation was sent: its own end stands
            }
        }
        try {
            PipelineRunOutput output = ended.get();
            executions.count(input, output);
            return Ended.ofPipeline(output, false);
        } catch (ChildWorkflowFailure e) {
            executions.count(input, null);
            if (e.getCause() instanceof WorkflowExecutionAlreadyStarted) {
                try {
                    PipelineRunOutput output = activities.finishedPipelineOutput(id, WireVersion.CURRENT);
                    executions.count(id, output);
                    return Ended.ofPipeline(output, true);
                } catch (ActivityFailure failure) {
                    return new Ended(null, true);
                }
            }
            return new Ended(null, false); // failed, cancelled (at the timeout) or terminated: the client reads why
        }
    }

    private Ended reuse(String id) {
        try {
            AgentRunOutput output = activities.finishedOutput(id, WireVersion.CURRENT);
            executions.count(id, output);
            return Ended.of(output, true);
        } catch (ActivityFailure e) {
            return new Ended(null, true);
        }
    }
}
