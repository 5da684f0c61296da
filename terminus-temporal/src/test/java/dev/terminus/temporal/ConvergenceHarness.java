package dev.terminus.temporal;

import dev.terminus.jackson.TerminusModule;
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
 * Temporal's in-process test server with time skipping, a worker running the convergence engines of some recipes,
 * and a worker that replays a finished workflow's history and fails when the replayed run decides otherwise.
 */
final class ConvergenceHarness implements AutoCloseable {
    static final String TASK_QUEUE = "terminus-converge";

    private final TestWorkflowEnvironment environment;
    private final AtomicInteger runs = new AtomicInteger();
    private final Worker replayer;

    ConvergenceHarness(ConvergenceRecipes recipes, TerminusModule module) {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(module)).build())
                .setUseTimeskipping(true)
                .build());
        ConvergenceWorkflows.register(environment.newWorker(TASK_QUEUE), recipes);
        replayer = environment.newWorker(TASK_QUEUE + "-replay");
        ConvergenceWorkflows.registerWorkflow(replayer, recipes);
        environment.start();
    }

    TestWorkflowEnvironment environment() {
        return environment;
    }

    /** @return a stub of a new workflow whose id is the engine's name and a number */
    ConvergenceWorkflow workflow(String engineName) {
        return environment.getWorkflowClient().newWorkflowStub(ConvergenceWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TASK_QUEUE)
                .setWorkflowId(engineName + "-" + runs.incrementAndGet())
                .build());
    }

    /** Starts a workflow without waiting for it. */
    ConvergenceWorkflow start(ConvergenceRunInput input) {
        ConvergenceWorkflow workflow = workflow(input.engineName());
        WorkflowClient.start(workflow::run, input);
        return workflow;
    }

    /** Polls the workflow's pending gate until it has one (at most 10 s of real time). */
    static ConvergenceGate awaitGate(ConvergenceWorkflow workflow) throws InterruptedException {
        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        ConvergenceGate gate = workflow.pendingGate();
        while (gate == null && System.nanoTime() < giveUp) {
            Thread.sleep(20);
            gate = workflow.pendingGate();
        }
        if (gate == null) {
            throw new AssertionError("the workflow did not pause at a gate within 10 s");
        }
        return gate;
    }

    /**
     * Replays a finished workflow's history on a worker of its own.
     *
     * @throws Exception when the replayed run's decisions differ from the history's (non-determinism)
     */
    void replay(ConvergenceWorkflow workflow) throws Exception {
        String id = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
        WorkflowReplayer.replayWorkflowExecution(environment.getWorkflowClient().fetchHistory(id), replayer);
    }

    @Override
    public void close() {
        environment.close();
    }
}
