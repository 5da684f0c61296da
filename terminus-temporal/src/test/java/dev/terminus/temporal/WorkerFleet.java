package dev.terminus.temporal;

import dev.terminus.jackson.TerminusModule;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Temporal's in-process test server with time skipping, and workers on one task queue that start and die as worker
 * processes do: each worker has a factory of its own, so stopping one ({@link #kill}) leaves the others running.
 *
 * <p>Two things of the test server shape these workers. It never takes a workflow task back from the sticky queue of
 * a worker that is gone (a real server times it out after the sticky schedule-to-start timeout and forgets the sticky
 * queue of a worker that shut down): the workers here ask for no sticky execution, so every workflow task goes to the
 * shared queue and the worker that takes it replays the history. And it does not skip time while an activity is in
 * flight: the timeout of a call lost with its worker passes in real time, so the tests' calls have short timeouts.
 * The workers send a heartbeat at most every 50 ms, so a cancellation reaches a call quickly.
 */
final class WorkerFleet implements AutoCloseable {
    static final String TASK_QUEUE = "terminus-fleet";

    /** The fleet's workers' options: no sticky execution, frequent heartbeats, no eager activities. */
    static final WorkerOptions OPTIONS = WorkerOptions.newBuilder()
            // zero asks for no sticky execution: each workflow task carries the whole history
            .setStickyQueueScheduleToStartTimeout(Duration.ZERO)
            .setMaxHeartbeatThrottleInterval(Duration.ofMillis(50))
            .setDisableEagerExecution(true)
            .build();

    private final TestWorkflowEnvironment environment;
    private final Worker replayer;
    private final List<WorkerFactory> workers = new ArrayList<>();

    /** @param recipes the recipes the replaying worker builds its workflows with */
    WorkerFleet(AgentRecipes recipes) {
        environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                        .setDataConverter(TerminusDataConverter.of(new TerminusModule()))
                        .build())
                .setUseTimeskipping(true)
                .build());
        replayer = environment.newWorker(TASK_QUEUE + "-replay");
        AgentWorkflows.registerWorkflow(replayer, recipes, environment.getWorkflowClient());
        environment.start();
    }

    WorkflowClient client() {
        return environment.getWorkflowClient();
    }

    /** Starts a worker running the workflows and activities of the recipes, as a new process would. */
    WorkerFactory start(AgentRecipes recipes) {
        return start(recipes, WorkerFactoryOptions.getDefaultInstance(), OPTIONS);
    }

    /**
     * Starts a worker with options of its own (a workflow cache of another size, sticky execution).
     *
     * @param recipes the workflows and activities it runs
     * @param factoryOptions its factory's options
     * @param options its options
     */
    WorkerFactory start(AgentRecipes recipes, WorkerFactoryOptions factoryOptions, WorkerOptions options) {
        WorkerFactory factory = WorkerFactory.newInstance(client(), factoryOptions);
        AgentWorkflows.register(factory.newWorker(TASK_QUEUE, options), recipes, factory.getWorkflowClient());
        factory.start();
        workers.add(factory);
        return factory;
    }

    /**
     * Stops a worker at once: its pollers stop, its threads are interrupted, and what it has not reported yet is
     * never reported (a call that ignores the interrupt keeps its thread until the test ends, answering no one).
     */
    void kill(WorkerFactory worker) throws InterruptedException {
        worker.shutdownNow();
        worker.awaitTermination(1, TimeUnit.SECONDS);
    }

    /** @return a stub of a new workflow with the id, on the fleet's queue */
    AgentWorkflow workflow(String workflowId) {
        return client().newWorkflowStub(AgentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TASK_QUEUE)
                .setWorkflowId(workflowId)
                .setWorkflowRunTimeout(Duration.ofMinutes(30))
                .build());
    }

    /** @return the workflow's history so far */
    WorkflowExecutionHistory history(String workflowId) {
        return client().fetchHistory(workflowId);
    }

    /** @return the events of the workflow's history of the type */
    List<HistoryEvent> events(String workflowId, EventType type) {
        return history(workflowId).getEvents().stream().filter(event -> event.getEventType() == type).toList();
    }

    /**
     * Waits (real time, at most 20 s) until the workflow's history has an event the predicate accepts.
     *
     * @throws AssertionError naming the workflow when it never does
     */
    void awaitEvent(String workflowId, Predicate<HistoryEvent> wanted) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (history(workflowId).getEvents().stream().noneMatch(wanted)) {
            if (System.nanoTime() > giveUp) {
                throw new AssertionError("the history of " + workflowId + " never had the event awaited");
            }
            Thread.sleep(10);
        }
    }

    /**
     * Replays a finished workflow's history on a worker of its own.
     *
     * @throws Exception when the replayed run's decisions differ from the history's (non-determinism)
     */
    void replay(String workflowId) throws Exception {
        WorkflowReplayer.replayWorkflowExecution(history(workflowId), replayer);
    }

    @Override
    public void close() {
        workers.forEach(WorkerFactory::shutdownNow);
        environment.close();
    }
}
