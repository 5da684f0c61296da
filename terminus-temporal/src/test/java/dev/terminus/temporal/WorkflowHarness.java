package dev.terminus.temporal;

import dev.terminus.jackson.TerminusModule;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Temporal's in-process test server with time skipping, a worker running the agents of some recipes, and a worker
 * that replays a finished workflow's history (as a worker that did not run it would, after a crash) and fails when
 * the replayed run does not make the same decisions.
 */
final class WorkflowHarness implements AutoCloseable {
    static final String TASK_QUEUE = "terminus-agents";

    private final TestWorkflowEnvironment environment;
    private final AtomicInteger runs = new AtomicInteger();
    private final Worker replayer;

    WorkflowHarness(AgentRecipes recipes, TerminusModule module) {
        this(recipes, module, WorkerFactoryOptions.getDefaultInstance());
    }

    /**
     * @param factory the workers' options: a workflow cache of 0, say, makes every workflow task replay the history
     */
    WorkflowHarness(AgentRecipes recipes, TerminusModule module, WorkerFactoryOptions factory) {
        this(recipes, module, factory, WorkerOptions.getDefaultInstance(), true);
    }

    /**
     * @param worker the agents' worker's options: a short heartbeat throttle makes a cancellation reach a call's
     *     activity at once
     * @param timeSkipping whether the server skips time while nothing runs; without it, workflow time is real time
     */
    WorkflowHarness(AgentRecipes recipes, TerminusModule module, WorkerFactoryOptions factory, WorkerOptions worker,
            boolean timeSkipping) {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(module))
                        .build())
                .setWorkerFactoryOptions(factory)
                .setUseTimeskipping(timeSkipping)
                .build());
        AgentWorkflows.register(environment.newWorker(TASK_QUEUE, worker), recipes, environment.getWorkflowClient());
        replayer = environment.newWorker(TASK_QUEUE + "-replay");
        AgentWorkflows.registerWorkflow(replayer, recipes, environment.getWorkflowClient());
        environment.start();
    }

    WorkflowClient client() {
        return environment.getWorkflowClient();
    }

    /** @return a stub of a new workflow whose id is the agent's name and a number */
    AgentWorkflow workflow(String agentName) {
        return workflow(agentName, Duration.ofMinutes(5));
    }

    /** @return a stub of a new workflow whose id is the agent's name and a number, closed after {@code runTimeout} */
    AgentWorkflow workflow(String agentName, Duration runTimeout) {
        return client().newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TASK_QUEUE)
                .setWorkflowId(agentName + "-" + runs.incrementAndGet())
                .setWorkflowRunTimeout(runTimeout)
                .build());
    }

    /** Runs the agent's task as a workflow and waits for its output. */
    AgentRunOutput run(String agentName, String task) {
        return workflow(agentName).run(new AgentRunInput(agentName, task));
    }

    /**
     * Replays a finished workflow's history on a worker of its own.
     *
     * @throws Exception when the replayed run's decisions differ from the history's (non-determinism)
     */
    void replay(String workflowId) throws Exception {
        WorkflowReplayer.replayWorkflowExecution(client().fetchHistory(workflowId), replayer);
    }

    /**
     * Replays every execution of a finished workflow (each continued as new into the next) on a worker of its own.
     *
     * @return how many executions were replayed
     * @throws Exception when a replayed execution's decisions differ from its history's
     */
    int replayEveryExecution(String workflowId, String firstRunId) throws Exception {
        int executions = 0;
        String runId = firstRunId;
        while (runId != null) {
            WorkflowExecutionHistory history = client().fetchHistory(workflowId, runId);
            WorkflowReplayer.replayWorkflowExecution(history, replayer);
            executions++;
            HistoryEvent last = history.getLastEvent();
            runId = last.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
                    ? last.getWorkflowExecutionContinuedAsNewEventAttributes().getNewExecutionRunId()
                    : null;
        }
        return executions;
    }

    /**
     * Moves the server's time on, firing the timers due on the way.
     *
     * @param duration how far
     */
    void skip(Duration duration) {
        environment.sleep(duration);
    }

    /** @return the server's time, in milliseconds since the epoch */
    long currentTimeMillis() {
        return environment.currentTimeMillis();
    }

    @Override
    public void close() {
        environment.close();
    }
}
