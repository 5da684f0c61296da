package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.EvalReport;
import dev.terminus.eval.Task;
import dev.terminus.eval.spi.AttemptRunner;
import dev.terminus.eval.spi.AttemptTimedOut;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import dev.terminus.temporal.wire.SuiteInput;
import dev.terminus.temporal.wire.SuiteWorkflow;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.failure.TimeoutFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Runs a benchmark's attempts as a {@link SuiteWorkflow} on Temporal: {@link #begin} starts the suite (or joins the
 * start of it that is running), and each {@link #run} waits on its attempt's child by its
 * {@linkplain SuiteWorkflows#childId id}, so the harness grades and writes each row as its child finishes, exactly as
 * it does a local run. Workers of the task queue must have the suite ({@link SuiteWorkflows#register}) and the agents
 * ({@link AgentWorkflows#register}) registered, and this client must use their {@link TerminusDataConverter}.
 *
 * {@snippet :
 * // given: Benchmark benchmark
 * EvalReport report = TemporalSuiteRunner.run(client, "agents", "nightly-2026-11-25", benchmark,
 *         task -> task.id(), Path.of("report.jsonl"));
 * }
 *
 * <p>A suite id started again runs no child the earlier start completed: its row is made from that child's output.
 * A child that ended without an output is a row of its own: a timeout is {@code TASK_TIMEOUT}, a failure (no agent of
 * that name, a recipe that fails) or a termination is {@code UNKNOWN_EXECUTION_ERROR} naming the child; a cancelled
 * child's row has its run's {@code Cancelled} ending. The result a row is graded on has what crosses the wire
 * ({@link AgentRunOutput}): the termination, answer, transcript, usage, cost, tool calls and duration; its iteration
 * records carry their numbers only, and it has no typed answer.
 *
 * <p>A runner made by {@link #ofPipeline} runs every task with one pipeline instead: each attempt is a
 * {@link PipelineWorkflow} child, graded as the harness grades a pipeline it runs itself (the pipeline as one run,
 * its stages' transcripts read from their children). At the task timeout the suite cancels the child: its pipeline
 * ends {@code Cancelled("workflow-cancelled")}, which the runner reports as the attempt passing its timeout, with that
 * partial run ended {@code Cancelled("task-timeout")} as a local attempt's is, and the stage it stopped.
 */
public final class TemporalSuiteRunner implements AttemptRunner {
    /** The first pause before looking again for a child the suite has not started yet; it doubles up to a second. */
    private static final Duration FIRST_POLL = Duration.ofMillis(20);
    private static final Duration LAST_POLL = Duration.ofSeconds(1);

    private final WorkflowClient client;
    private final String taskQueue;
    private final String suiteId;
    private final Function<Task, String> agentNames;
    private final Function<Task, @Nullable String> definitions;
    private final boolean pipeline;
    private volatile @Nullable WorkflowExecution suite;
    private volatile @Nullable Duration taskTimeout;

    private TemporalSuiteRunner(WorkflowClient client, String taskQueue, String suiteId,
            Function<Task, String> agentNames, Function<Task, @Nullable String> definitions, boolean pipeline) {
        this.client = client;
        this.taskQueue = taskQueue;
        this.suiteId = suiteId;
        this.agentNames = agentNames;
        this.definitions = definitions;
        this.pipeline = pipeline;
    }

    /**
     * @param client a client using the workers' {@link TerminusDataConverter}
     * @param taskQueue the task queue of the workers running the suite and its agents
     * @param suiteId the suite workflow's id; the same id started again reuses the children it finished
     * @param agentNames the name, in the workers' {@link AgentRecipes}, of the agent that runs each task
     * @return a runner to give a benchmark ({@link Benchmark#withAttemptRunner}, {@link
     *     Benchmark.Builder#attemptRunner})
     */
    public static TemporalSuiteRunner of(WorkflowClient client, String taskQueue, String suiteId,
            Function<Task, String> agentNames) {
        return of(client, taskQueue, suiteId, agentNames, task -> null);
    }

    /**
     * As {@link #of(WorkflowClient, String, String, Function)}, for agents the workers build from documents (their
     * {@link AgentResolver}): each task's run carries its agent's document.
     *
     * @param client a client using the workers' {@link TerminusDataConverter}
     * @param taskQueue the task queue of the workers running the suite and its agents
     * @param suiteId the suite workflow's id; the same id started again reuses the children it finished
     * @param agentNames the name of the agent that runs each task
     * @param definitions the document defining each task's agent, or null for an agent registered by name
     * @return a runner to give a benchmark
     */
    public static TemporalSuiteRunner of(WorkflowClient client, String taskQueue, String suiteId,
            Function<Task, String> agentNames, Function<Task, @Nullable String> definitions) {
        return new TemporalSuiteRunner(Preconditions.notNull(client, "client"),
                Preconditions.notBlank(taskQueue, "taskQueue"), Preconditions.notBlank(suiteId, "suiteId"),
                Preconditions.notNull(agentNames, "agentNames"), Preconditions.notNull(definitions, "definitions"),
                false);
    }

    /**
     * A runner whose every task runs one pipeline, each attempt a {@link PipelineWorkflow} child with the task's
     * input. Workers of the task queue must have the pipeline ({@link PipelineWorkflows#register}, by its name or
     * through their {@link PipelineResolver}) and the agents of its stages.
     *
     * @param client a client using the workers' {@link TerminusDataConverter}
     * @param taskQueue the task queue of the workers running the suite, the pipeline and its stages' agents
     * @param suiteId the suite workflow's id; the same id started again reuses the children it finished
     * @param pipelineName the pipeline's name: registered by it, or the name of the defined one
     * @param definition the document the workers' {@link PipelineResolver} builds the pipeline from, or null for a
     *     pipeline registered by name
     * @return a runner to give a benchmark
     */
    public static TemporalSuiteRunner ofPipeline(WorkflowClient client, String taskQueue, String suiteId,
            String pipelineName, @Nullable String definition) {
        Preconditions.notBlank(pipelineName, "pipelineName");
        return new TemporalSuiteRunner(Preconditions.notNull(client, "client"),
                Preconditions.notBlank(taskQueue, "taskQueue"), Preconditions.notBlank(suiteId, "suiteId"),
                task -> pipelineName, task -> definition, true);
    }

    /**
     * Runs a benchmark's tasks as a suite on Temporal, streaming its rows to a JSON Lines report as their children
     * finish: {@code benchmark.withAttemptRunner(of(client, taskQueue, suiteId, agentNames)).run(report)}. The
     * benchmark's evaluator, capacity policy, retries, repeats, concurrency, task timeout and listeners apply; its
     * agent factory is not called.
     *
     * @param client a client using the workers' {@link TerminusDataConverter}
     * @param taskQueue the workers' task queue
     * @param suiteId the suite workflow's id
     * @param benchmark the tasks and how their runs are graded
     * @param agentNames the agent that runs each task
     * @param report the report, created or replaced
     * @return every row and their summary
     * @throws IOException when the report cannot be written
     * @throws IllegalStateException when the suite cannot be started
     */
    public static EvalReport run(WorkflowClient client, String taskQueue, String suiteId, Benchmark benchmark,
            Function<Task, String> agentNames, Path report) throws IOException {
        Preconditions.notNull(benchmark, "benchmark");
        return benchmark.withAttemptRunner(of(client, taskQueue, suiteId, agentNames)).run(report);
    }

    /**
     * Starts the suite workflow, or joins its start that is running. Each distinct document of an agent is in the
     * suite's input once, and its children refer to it (ADR 0044).
     *
     * @throws SuiteTooLargeException naming its size and the limit when a document, or the suite's whole input, is
     *     larger than a Temporal payload may be: nothing is started
     */
    @Override
    public void begin(Plan plan) {
        List<SuiteInput.Run> runs = new ArrayList<>(plan.runs().size());
        Map<String, Integer> documents = new LinkedHashMap<>();
        for (Run run : plan.runs()) {
            String agent = agentNames.apply(run.task());
            if (agent == null || agent.isBlank()) {
                throw new IllegalArgumentException("agentNames: no agent name for task \"" + run.task().id()
                        + "\", was " + (agent == null ? "null" : "\"" + agent + "\""));
            }
            String definition = definitions.apply(run.task());
            String task = run.task().id();
            if (pipeline) {
                runs.add(SuiteInput.Run.ofPipeline(task, run.repeat(), agent, run.task().input(), definition));
            } else if (definition == null) {
                runs.add(new SuiteInput.Run(task, run.repeat(), agent, run.task().input()));
            } else {
                int document = documents.computeIfAbsent(definition, d -> documents.size());
                runs.add(SuiteInput.Run.ofDocument(task, run.repeat(), agent, run.task().input(), document));
            }
        }
        SuiteInput input = new SuiteInput(runs, plan.retryPolicy(), plan.concurrency(), plan.taskTimeout(),
                List.copyOf(documents.keySet()), null);
        SuiteSizes.check(client.getOptions().getDataConverter(), input, pipeline);
        taskTimeout = plan.taskTimeout();
        SuiteWorkflow workflow = client.newWorkflowStub(SuiteWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(taskQueue).setWorkflowId(suiteId).build());
        try {
            suite = WorkflowClient.start(workflow::run, input);
        } catch (WorkflowExecutionAlreadyStarted e) { // a start of this suite runs: its children are the rows
            suite = e.getExecution();
        }
    }

    /** Waits for the attempt's child to end and hands back its run. */
    @Override
    public RunResult run(Task task, int repeat, int attempt) throws TimeoutException, InterruptedException {
        return attempt(task, repeat, attempt).run();
    }

    /** Waits for the attempt's child to end and hands back its run, and the stage that stopped its pipeline. */
    @Override
    public Attempt attempt(Task task, int repeat, int attempt) throws TimeoutException, InterruptedException {
        String id = SuiteWorkflows.childId(suiteId, task.id(), repeat, attempt);
        WorkflowExecution child = awaitChild(id);
        if (pipeline) {
            return pipelineRun(id, child);
        }
        return new Attempt(agentRun(id, child), null);
    }

    private RunResult agentRun(String id, WorkflowExecution child) throws TimeoutException {
        RunResult run;
        try {
            run = result(AgentWorkflows.output(client.newUntypedWorkflowStub(child, Optional.empty())));
        } catch (WorkflowFailedException e) {
            if (e.getCause() instanceof TimeoutFailure) {
                throw new TimeoutException("workflow " + id + " passed its task timeout");
            }
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("workflow " + id + " ended without an output: " + cause.getMessage(), e);
        }
        if (run.termination() instanceof Termination.Cancelled(String by) && AttemptTimedOut.REQUESTER.equals(by)) {
            throw new AttemptTimedOut("workflow " + id + " passed its task timeout", run);
        }
        return run;
    }

    /**
     * Waits for the attempt's pipeline child to end and hands back its pipeline as one run; a pipeline the suite
     * cancelled at the task timeout ended {@code Cancelled("workflow-cancelled")}: the attempt passed its timeout.
     */
    private Attempt pipelineRun(String id, WorkflowExecution child) throws TimeoutException {
        PipelineRunOutput output;
        try {
            output = PipelineWorkflows.output(client.newUntypedWorkflowStub(child, Optional.empty()));
        } catch (WorkflowFailedException e) {
            if (e.getCause() instanceof TimeoutFailure) {
                throw new TimeoutException("workflow " + id + " passed its task timeout");
            }
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("workflow " + id + " ended without an output: " + cause.getMessage(), e);
        }
        RunResult run = PipelineAttempts.asRun(client, output);
        if (taskTimeout != null && output.termination() instanceof Termination.Cancelled(String by)
                && PipelineWorkflow.CANCELLED_BY_WORKFLOW.equals(by)) {
            // the suite cancelled it at the task timeout: its row says so as a local attempt's does
            Termination.Cancelled timedOut = new Termination.Cancelled(AttemptTimedOut.REQUESTER);
            throw new AttemptTimedOut("workflow " + id + " passed its task timeout", run.toBuilder()
                    .termination(timedOut).outcome(timedOut.defaultOutcome()).build(), output.stoppedBy());
        }
        return new Attempt(run, output.stoppedBy());
    }

    /**
     * The child this start of the suite runs, or reuses, for the id: a child running, or one completed (whichever
     * start ran it), or one this start closed otherwise. A child that an earlier start closed otherwise runs again,
     * so it is waited past, as a child not started yet is.
     */
    private WorkflowExecution awaitChild(String id) throws InterruptedException {
        WorkflowExecution current = suite;
        if (current == null) {
            throw new IllegalStateException("the suite " + suiteId + " was not begun: call begin(plan) first");
        }
        Duration pause = FIRST_POLL;
        while (true) {
            WorkflowExecutionMetadata suiteNow = describe(current);
            boolean suiteClosed = suiteNow == null
                    || suiteNow.getStatus() != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING;
            WorkflowExecutionMetadata child = describe(WorkflowExecution.newBuilder().setWorkflowId(id).build());
            if (child != null && (child.getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING
                    || child.getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED
                    || child.getParentExecution().getRunId().equals(current.getRunId()))) {
                return child.getExecution();
            }
            if (suiteClosed) {
                throw new IllegalStateException("the suite " + suiteId + " closed "
                        + (suiteNow == null ? "and is gone" : suiteNow.getStatus()) + " before it ran " + id);
            }
            Thread.sleep(pause);
            pause = pause.multipliedBy(2).compareTo(LAST_POLL) > 0 ? LAST_POLL : pause.multipliedBy(2);
        }
    }

    /** @return the execution's description, or null when there is no such workflow */
    private @Nullable WorkflowExecutionMetadata describe(WorkflowExecution execution) {
        try {
            return client.newUntypedWorkflowStub(execution, Optional.empty()).describe();
        } catch (WorkflowNotFoundException e) {
            return null;
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return null;
            }
            throw e;
        }
    }

    /**
     * @param output a child's output
     * @return the run's result as far as the output has it: iteration records carry their numbers only
     */
    static RunResult result(AgentRunOutput output) {
        return output.toRunResult();
    }

    @Override
    public String toString() {
        return "TemporalSuiteRunner[suiteId=" + suiteId + ", taskQueue=" + taskQueue + "]";
    }
}
