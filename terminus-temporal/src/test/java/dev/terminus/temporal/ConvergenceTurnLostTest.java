package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.jackson.TerminusModule;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A turn whose worker dies is known lost at its heartbeat timeout (10 s), not at the turn timeout (10 minutes): the
 * run then ends {@code Failed} naming the lost turn, on the worker still alive. Workers as {@link WorkerFleet}'s are:
 * a factory each, no sticky execution, so the worker alive replays the run; the test server does not skip time while
 * an activity is in flight, so the heartbeat timeout passes in real time (the test's minute could not hold the turn
 * timeout's ten).
 */
@Timeout(60)
class ConvergenceTurnLostTest {
    private final TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
            .newBuilder()
            .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                    .setDataConverter(TerminusDataConverter.of(new TerminusModule())).build())
            .setUseTimeskipping(true)
            .build());
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch over = new CountDownLatch(1);

    @AfterEach
    void stopTheServer() {
        over.countDown();
        environment.close();
    }

    /** The engine of one worker: on worker A, an agent whose turn never answers, as a process killed in it. */
    private ConvergenceRecipes recipes(boolean dying) {
        ConvergenceAgent agent = ConvergenceAgent.of("reader", Trigger.always(), (context, cycle) -> {
            if (dying) {
                reached.countDown();
                while (true) {
                    try {
                        over.await();
                        throw new IllegalStateException("the test is over");
                    } catch (InterruptedException e) {
                        // a dead worker does not report an interrupted turn either
                    }
                }
            }
            return Reply.propose(Map.of("read", true));
        });
        return ConvergenceRecipes.builder().engine("reading", List.of(agent), materials -> ConvergenceEngine.builder()
                .name("reading").agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock())
                .build()).build();
    }

    private WorkerFactory start(ConvergenceRecipes recipes) {
        WorkerFactory factory = WorkerFactory.newInstance(environment.getWorkflowClient());
        ConvergenceWorkflows.register(factory.newWorker(WorkerFleet.TASK_QUEUE, WorkerFleet.OPTIONS), recipes);
        factory.start();
        return factory;
    }

    @Test
    void aTurnLostWithItsWorkerIsKnownAtTheHeartbeatTimeoutAndEndsTheRunFailedNamingIt() throws Exception {
        // given
        environment.start();
        WorkerFactory first = start(recipes(true));
        ConvergenceWorkflow workflow = environment.getWorkflowClient().newWorkflowStub(ConvergenceWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(WorkerFleet.TASK_QUEUE).setWorkflowId("lost-turn").build());
        WorkflowClient.start(workflow::run, ConvergenceRunInput.of("reading", Context.empty()));
        assertThat(reached.await(20, TimeUnit.SECONDS)).as("the turn started on worker A").isTrue();

        // when: worker A dies in the turn, and worker B starts
        first.shutdownNow();
        first.awaitTermination(1, TimeUnit.SECONDS);
        start(recipes(false));
        ConvergenceRunOutput output = ConvergenceWorkflows.output(WorkflowStub.fromTyped(workflow));

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed ->
                assertThat(failed.error().message()).contains("the agent's turn was lost: its worker sent no"
                        + " heartbeat in time"));
        assertThat(output.stoppedBy()).isEqualTo("reader");
        List<HistoryEvent> timedOut = environment.getWorkflowClient().fetchHistory("lost-turn").getEvents().stream()
                .filter(event -> event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT).toList();
        assertThat(timedOut).singleElement().satisfies(event -> assertThat(event
                .getActivityTaskTimedOutEventAttributes().getFailure().getTimeoutFailureInfo().getTimeoutType())
                .isEqualTo(TimeoutType.TIMEOUT_TYPE_HEARTBEAT));
    }
}
