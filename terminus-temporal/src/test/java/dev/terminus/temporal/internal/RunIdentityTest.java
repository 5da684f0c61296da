package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a listener's context of a run does at a continue-as-new: handed to the next execution without the transcript,
 * claimed by it on this worker, dropped when nobody claims it in time on the runs' clock.
 */
@Timeout(30)
class RunIdentityTest {
    private static final String TASK_QUEUE = "run-identity";
    private static final Object LISTENER = new Object();
    /** What the two executions of the test's workflow saw, for the test to compare. */
    private static final AtomicReference<RunContext> FIRST = new AtomicReference<>();
    /** The first execution's context read just after it was handed over: its transcript and iteration. */
    private static final AtomicReference<List<Message>> HANDED_TRANSCRIPT = new AtomicReference<>();
    private static final AtomicReference<Integer> HANDED_ITERATION = new AtomicReference<>();
    private static final AtomicReference<RunContext> SECOND = new AtomicReference<>();
    /** The runs' clock: the workflow's time in production, driven by hand here. */
    private static final ManualClock CLOCK = new ManualClock();

    private TestWorkflowEnvironment environment;

    /** A loop's context: one message of transcript, the iteration it is at. */
    record Loop(int iteration) implements RunContext {
        @Override public String agentName() { return "agent"; }
        @Override public int toolCallCount() { return 0; }
        @Override public Usage usage() { return Usage.ZERO; }
        @Override public BigDecimal costUsd() { return BigDecimal.ZERO; }
        @Override public Duration elapsed() { return Duration.ZERO; }
        @Override public List<Message> transcript() { return List.of(new Message.User("go")); }
    }

    /** A workflow that takes a context for {@link #LISTENER}, continues as new, and maybe takes one again. */
    @WorkflowInterface
    public interface Continuing {
        /**
         * @param execution 1 for the first execution, 2 for the one it continues as
         * @param claim whether the second execution takes a context
         */
        @WorkflowMethod
        void run(int execution, boolean claim);
    }

    /** The workflow. */
    public static final class ContinuingImpl implements Continuing {
        @Override
        public void run(int execution, boolean claim) {
            if (execution == 1) {
                FIRST.set(RunIdentity.of(LISTENER, new Loop(1)));
                RunIdentity.continuingAsNew(CLOCK);
                HANDED_TRANSCRIPT.set(FIRST.get().transcript());
                HANDED_ITERATION.set(FIRST.get().iteration());
                Workflow.continueAsNew(2, claim);
            }
            if (claim) {
                SECOND.set(RunIdentity.of(LISTENER, new Loop(2)));
            }
        }
    }

    @BeforeEach
    void startTheWorker() {
        FIRST.set(null);
        HANDED_TRANSCRIPT.set(null);
        HANDED_ITERATION.set(null);
        SECOND.set(null);
        environment = TestWorkflowEnvironment.newInstance();
        Worker worker = environment.newWorker(TASK_QUEUE);
        worker.registerWorkflowImplementationFactory(Continuing.class, ContinuingImpl::new);
        environment.start();
    }

    @AfterEach
    void stopTheWorker() {
        environment.close();
    }

    private void run(String workflowId, boolean claim) {
        Continuing workflow = environment.getWorkflowClient().newWorkflowStub(Continuing.class,
                WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).setWorkflowId(workflowId).build());
        WorkflowClient.execute(workflow::run, 1, claim).join();
    }

    @Test
    void theNextExecutionOnThisWorkerTakesTheContextItsPredecessorHandedOverWithoutTheTranscript() {
        // given
        int waitingBefore = RunIdentity.handOversWaiting();

        // when
        run("claimed", true);

        // then
        assertThat(SECOND.get()).isSameAs(FIRST.get());
        assertThat(SECOND.get().iteration()).isEqualTo(2);
        assertThat(HANDED_TRANSCRIPT.get()).as("while handed over").isEmpty();
        assertThat(HANDED_ITERATION.get()).as("while handed over").isEqualTo(1);
        assertThat(RunIdentity.handOversWaiting()).isEqualTo(waitingBefore);
    }

    @Test
    void aHandOverExpiresWhenTheRunsClockPassesItsDeadline() {
        // given: a hand-over the next execution does not claim, as one running on another worker
        int waitingBefore = RunIdentity.handOversWaiting();
        run("unclaimed", false);
        int waiting = RunIdentity.handOversWaiting();

        // when: another execution continues as new a nanosecond before the hand-over's time on the runs' clock, then
        // one at that time (both claimed by their next executions, so only the first hand-over can be left)
        CLOCK.advance(Duration.ofNanos(RunIdentity.HAND_OVER_NANOS - 1));
        run("just-before", true);
        int waitingJustBefore = RunIdentity.handOversWaiting();
        CLOCK.advance(Duration.ofNanos(1));
        run("at-its-time", true);

        // then: kept until the runs' clock passes its time, whatever the machine's clock says
        assertThat(waiting).isEqualTo(waitingBefore + 1);
        assertThat(waitingJustBefore).isEqualTo(waitingBefore + 1);
        assertThat(RunIdentity.handOversWaiting()).isEqualTo(waitingBefore);
    }
}
