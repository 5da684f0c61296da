package dev.terminus.temporal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunClock;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Temporal's in-process test server, with time skipping unless told otherwise, a worker running some pipelines, suites of them and the
 * agents of their stages, and a worker that replays a finished pipeline's history and fails when the replay makes other decisions.
 * The same pipelines run in this process too ({@link #runLocally}), their agent stages calling the agents directly.
 */
final class PipelineHarness implements AutoCloseable {
    static final String TASK_QUEUE = "terminus-pipelines";

    private final TestWorkflowEnvironment environment;
    private final AgentRecipes agents;
    private final PipelineRecipes pipelines;
    private final Worker replayer;
    private final AtomicInteger runs = new AtomicInteger();

    PipelineHarness(AgentRecipes agents, PipelineRecipes pipelines) {
        this(agents, pipelines, true);
    }

    /**
     * @param timeSkipping whether the server skips time while every workflow waits; without it, timers take real time
     *     (a test whose timer must be seen to fire before a run timeout the server may give a child)
     */
    PipelineHarness(AgentRecipes agents, PipelineRecipes pipelines, boolean timeSkipping) {
        this.agents = agents;
        this.pipelines = pipelines;
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(new TerminusModule()))
                        .build())
                .setUseTimeskipping(timeSkipping)
                .build());
        Worker worker = environment.newWorker(TASK_QUEUE);
        AgentWorkflows.register(worker, agents, environment.getWorkflowClient());
        PipelineWorkflows.register(worker, pipelines);
        SuiteWorkflows.register(worker); // suites of these pipelines
        replayer = environment.newWorker(TASK_QUEUE + "-replay");
        PipelineWorkflows.register(replayer, pipelines);
        SuiteWorkflows.registerWorkflow(replayer);
        environment.start();
    }

    WorkflowClient client() {
        return environment.getWorkflowClient();
    }

    /** @return a stub of a new pipeline workflow whose id is the pipeline's name and a number */
    PipelineWorkflow workflow(String pipelineName) {
        return client().newWorkflowStub(PipelineWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TASK_QUEUE)
                .setWorkflowId(pipelineName + "-" + runs.incrementAndGet())
                .setWorkflowRunTimeout(Duration.ofDays(30))
                .build());
    }

    /** Starts the pipeline and waits for its output. */
    Run run(String pipelineName, String input) {
        return run(workflow(pipelineName), pipelineName, input);
    }

    /** Starts the pipeline under the workflow id and waits for its output. */
    Run run(String workflowId, String pipelineName, String input) {
        return run(client().newWorkflowStub(PipelineWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TASK_QUEUE).setWorkflowId(workflowId).build()), pipelineName, input);
    }

    private Run run(PipelineWorkflow workflow, String pipelineName, String input) {
        WorkflowClient.start(workflow::run, new PipelineRunInput(pipelineName, input));
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        return new Run(stub.getExecution().getWorkflowId(), PipelineWorkflows.output(stub));
    }

    /** A pipeline's workflow id and output. */
    record Run(String workflowId, PipelineRunOutput output) {}

    /**
     * Runs a registered pipeline in this process: the same recipe, on the system clock, each agent stage's attempt a
     * run of the agent its recipe builds on its real model and tools.
     */
    PipelineResult runLocally(String pipelineName, String input) {
        Pipeline pipeline = pipelines.recipe(new PipelineRunInput(pipelineName, input))
                .build(new PipelineMaterials(RunClock.system(), attempts -> call -> {
                    AgentRecipes.Registered registered = agents.registered(attempts.input(call, null).agentName());
                    Agent agent = registered.recipe().build(new AgentMaterials(registered.model(),
                            registered.tools(), RunClock.system()));
                    RunResult run = agent.run(call.task());
                    return run;
                }));
        return pipeline.run(input);
    }

    /** @return the output of a child agent workflow */
    AgentRunOutput child(String workflowId) {
        return AgentWorkflows.output(client().newUntypedWorkflowStub(workflowId));
    }

    /** @return the status of a workflow */
    WorkflowExecutionStatus status(String workflowId) {
        return client().newUntypedWorkflowStub(workflowId).describe().getStatus();
    }

    /**
     * Replays a finished pipeline's (or suite's) history on a worker of its own.
     *
     * @throws Exception when the replay's decisions differ from the history's
     */
    void replay(String workflowId) throws Exception {
        WorkflowReplayer.replayWorkflowExecution(client().fetchHistory(workflowId), replayer);
    }

    @Override
    public void close() {
        environment.close();
    }
}
