package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.jackson.TerminusModule;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stream its run stops while the model activity reads it (the deadline, the workflow's cancellation, a stop signal):
 * the activity answers its cancellation with the text that arrived, and the workflow's run ends with that text in its
 * transcript, marked incomplete, as the same run stopped in one process does (ADR 0041); a text over the payload
 * limit stays in the activity. Workflow time is real time
 * here (the deadline is a real second) and the worker's heartbeats are not throttled, so a cancellation reaches the
 * activity at once.
 */
@Timeout(60)
class StoppedStreamWorkflowTest {
    private static final Duration BUDGET = Duration.ofSeconds(1);

    /** A model each of whose streams gives its text, then nothing until its reader is interrupted; each stall told. */
    static final class HalfThenStall implements StreamingModel {
        final Semaphore stalled = new Semaphore(0);
        private final String text;

        HalfThenStall(String text) {
            this.text = text;
        }

        @Override
        public ModelStream stream(ModelRequest request) {
            CountDownLatch closed = new CountDownLatch(1);
            return new ModelStream() {
                private boolean gave;

                @Override
                public StreamPart next(long timeoutNanos) throws InterruptedException {
                    if (!gave) {
                        gave = true;
                        return new StreamPart.TextDelta(text);
                    }
                    stalled.release(); // "half" was taken: the reader waits here
                    closed.await();
                    throw new IllegalStateException("the stream is closed");
                }

                @Override
                public void close() {
                    closed.countDown();
                }
            };
        }

        @Override
        public String name() {
            return "half-then-stall";
        }

        @Override
        public String provider() {
            return "acme-ai";
        }
    }

    /** An agent whose model streams a text then stalls: one model in this process, another in the worker. */
    record Stalling(String name, @Nullable Duration budget, HalfThenStall local, HalfThenStall worker) {
        static Stalling of(String name, @Nullable Duration budget) {
            return of(name, budget, "half");
        }

        static Stalling of(String name, @Nullable Duration budget, String text) {
            return new Stalling(name, budget, new HalfThenStall(text), new HalfThenStall(text));
        }

        AgentRecipe recipe() {
            return materials -> {
                AgentBuilder builder = Agent.builder(materials.model()).tools(materials.tools())
                        .clock(materials.clock());
                return (budget == null ? builder : builder.timeBudget(budget)).build();
            };
        }

        Agent localAgent() {
            return recipe().build(new AgentMaterials(local, List.of(), RunClock.system()));
        }
    }

    private static final Stalling AT_THE_DEADLINE = Stalling.of("stalled-at-the-deadline", BUDGET);
    private static final Stalling CANCELLED = Stalling.of("stalled-then-cancelled", null);
    private static final Stalling STOPPED = Stalling.of("stalled-then-stopped", null);
    private static final int PAYLOAD_LIMIT = 64 * 1024;
    private static final Stalling OVER_THE_LIMIT = Stalling.of("stalled-over-the-limit", null,
            "x".repeat(PAYLOAD_LIMIT + 1));

    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes.Builder recipes = AgentRecipes.builder();
        for (Stalling agent : List.of(AT_THE_DEADLINE, CANCELLED, STOPPED, OVER_THE_LIMIT)) {
            recipes.agent(agent.name(), agent.worker(), List.of(), agent.recipe());
        }
        temporal = new WorkflowHarness(recipes.payloadLimit(PAYLOAD_LIMIT).build(), new TerminusModule(),
                WorkerFactoryOptions.getDefaultInstance(),
                WorkerOptions.newBuilder().setMaxHeartbeatThrottleInterval(Duration.ofMillis(50)).build(), false);
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    @Test
    void aStreamCutByTheDeadlineInItsActivityLeavesTheTextThatArrivedAsInOneProcess() throws Exception {
        // when
        RunResult local = AT_THE_DEADLINE.localAgent().run("go");
        AgentWorkflow workflow = temporal.workflow(AT_THE_DEADLINE.name());
        AgentRunOutput output = workflow.run(new AgentRunInput(AT_THE_DEADLINE.name(), "go"));

        // then: the same end (its elapsed time apart) and the same transcript, the text kept incomplete
        assertThat(local.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class,
                spent -> assertThat(spent.limitMs()).isEqualTo(BUDGET.toMillis()));
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class,
                spent -> assertThat(spent.limitMs()).isEqualTo(BUDGET.toMillis()));
        assertThat(output.transcript()).isEqualTo(local.transcript())
                .containsExactly(new Message.User("go"), Message.Assistant.incomplete("half"));
        assertThat(output.toRunResult().incompleteAnswer()).contains("half").isEqualTo(local.incompleteAnswer());
        temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId());
    }

    @Test
    void cancellingTheWorkflowMidStreamLeavesTheTextThatArrivedAsCancellingTheRunInOneProcess() throws Exception {
        // given
        RunHandle handle = CANCELLED.localAgent().start("go");
        assertThat(CANCELLED.local().stalled.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        AgentWorkflow workflow = temporal.workflow(CANCELLED.name());
        WorkflowClient.start(workflow::run, new AgentRunInput(CANCELLED.name(), "go"));
        assertThat(CANCELLED.worker().stalled.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        handle.cancel(AgentWorkflow.CANCELLED_BY_WORKFLOW);
        RunResult local = handle.await();
        stub.cancel();
        AgentRunOutput output = AgentWorkflows.output(stub);

        // then
        assertThat(output.termination()).isEqualTo(local.termination())
                .isEqualTo(new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW));
        assertThat(output.transcript()).isEqualTo(local.transcript())
                .containsExactly(new Message.User("go"), Message.Assistant.incomplete("half"));
        assertThat(output.toRunResult().incompleteAnswer()).contains("half").isEqualTo(local.incompleteAnswer());
        temporal.replay(stub.getExecution().getWorkflowId());
    }

    @Test
    void aStopSignalMidStreamLeavesTheTextThatArrivedAsCancellingTheRunInOneProcess() throws Exception {
        // given
        RunHandle handle = STOPPED.localAgent().start("go");
        assertThat(STOPPED.local().stalled.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        AgentWorkflow workflow = temporal.workflow(STOPPED.name());
        WorkflowClient.start(workflow::run, new AgentRunInput(STOPPED.name(), "go"));
        assertThat(STOPPED.worker().stalled.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        handle.cancel("task-timeout");
        RunResult local = handle.await();
        workflow.stop("task-timeout");
        AgentRunOutput output = stub.getResult(AgentRunOutput.class);

        // then
        assertThat(output.termination()).isEqualTo(local.termination())
                .isEqualTo(new Termination.Cancelled("task-timeout"));
        assertThat(output.transcript()).isEqualTo(local.transcript())
                .containsExactly(new Message.User("go"), Message.Assistant.incomplete("half"));
        assertThat(output.toRunResult().incompleteAnswer()).contains("half").isEqualTo(local.incompleteAnswer());
        temporal.replay(stub.getExecution().getWorkflowId());
    }

    @Test
    void aStoppedStreamsTextOverThePayloadLimitStaysInItsActivityAndTheRunEndsAsStoppedWithoutIt() throws Exception {
        // given
        AgentWorkflow workflow = temporal.workflow(OVER_THE_LIMIT.name());
        WorkflowClient.start(workflow::run, new AgentRunInput(OVER_THE_LIMIT.name(), "go"));
        assertThat(OVER_THE_LIMIT.worker().stalled.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        workflow.stop("task-timeout");
        AgentRunOutput output = stub.getResult(AgentRunOutput.class);

        // then: the cancellation was answered (as cancelled: a failure that large the server would refuse)
        assertThat(output.termination()).isEqualTo(new Termination.Cancelled("task-timeout"));
        assertThat(output.transcript()).containsExactly(new Message.User("go"));
        assertThat(output.toRunResult().incompleteAnswer()).isEmpty();
        temporal.replay(stub.getExecution().getWorkflowId());
    }
}
