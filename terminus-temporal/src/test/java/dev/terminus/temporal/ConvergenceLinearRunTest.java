package dev.terminus.temporal;

import static dev.terminus.temporal.ConvergenceWorkflowTest.assertSameEnding;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceHandle;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.jackson.TerminusModule;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowStub;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A convergence run as a workflow keeps a linear history (ADR 0043) and still ends as the same engine's run in one
 * process: its turns heartbeat, so a cancellation reaches a running turn; a reply over the payload limit ends the run
 * {@code Failed} naming its size and the limit; a long run continues as new and ends as the uninterrupted run; an
 * output whose facts are too large for a payload refers to them, and they are read back.
 */
@Timeout(120)
class ConvergenceLinearRunTest {
    private static final int PAYLOAD_LIMIT = 64 * 1024;

    /** An agent whose turn blocks for a minute unless interrupted, and says when it starts and is interrupted. */
    static final class Blocking {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final List<ConvergenceAgent> agents = List.of(
                ConvergenceAgent.of("extractor", Trigger.always(), (context, cycle) ->
                        Reply.propose(Map.of("invoice.number", "INV-0042"))),
                ConvergenceAgent.of("blocking", Trigger.on("invoice.number"), (context, cycle) -> {
                    started.countDown();
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        throw e;
                    }
                    return Reply.nothing();
                }));
    }

    /** A counter that always runs and a checker that records each count: one new fact each a cycle. */
    private static final List<ConvergenceAgent> COUNTING = List.of(
            ConvergenceAgent.of("counter", Trigger.always(), (context, cycle) ->
                    Reply.propose(new ProposedFact("tick", cycle, 0.9))),
            ConvergenceAgent.of("checker", Trigger.on("tick"), (context, cycle) ->
                    Reply.propose(Map.of("checked." + cycle, String.valueOf(context.value("tick"))))));

    /** An agent that proposes a 2 KB fact each cycle, for 50 cycles: about 100 KB of facts. */
    private static final List<ConvergenceAgent> WRITING = List.of(ConvergenceAgent.of("writer", Trigger.always(),
            (context, cycle) -> Reply.propose(Map.of("note." + cycle, "n".repeat(2_000)))));

    private static final List<ConvergenceAgent> VERBOSE = List.of(ConvergenceAgent.of("verbose", Trigger.always(),
            (context, cycle) -> Reply.propose(Map.of("essay", "e".repeat(100_000)))));

    private static final Blocking CANCELLED = new Blocking();
    private static ConvergenceHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new ConvergenceHarness(ConvergenceRecipes.builder()
                .engine("cancellable", CANCELLED.agents, recipe("cancellable", 100))
                .engine("counting", COUNTING, recipe("counting", 40))
                .engine("writing", WRITING, recipe("writing", 50))
                .engine("verbose", VERBOSE, recipe("verbose", 100))
                .continueAsNewAfter(100)
                .payloadLimit(PAYLOAD_LIMIT)
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    private static ConvergenceRecipe recipe(String name, int maxCycles) {
        return materials -> ConvergenceEngine.builder().name(name).maxCycles(maxCycles)
                .agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock()).build();
    }

    private static ConvergenceResult locally(String name, int maxCycles, List<ConvergenceAgent> agents) {
        return recipe(name, maxCycles).build(new ConvergenceMaterials(agents, RunClock.system())).run(Context.empty());
    }

    @Test
    void cancellingTheWorkflowDuringATurnInterruptsTheTurnThroughItsHeartbeatAndEndsCancelledAsInOneProcess()
            throws Exception {
        // given
        Blocking inOneProcess = new Blocking();
        ConvergenceHandle handle = recipe("cancellable", 100)
                .build(new ConvergenceMaterials(inOneProcess.agents, RunClock.system())).start(Context.empty());
        assertThat(inOneProcess.started.await(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel(ConvergenceWorkflow.CANCELLED_BY_WORKFLOW);
        ConvergenceResult local = handle.await();
        ConvergenceWorkflow workflow = temporal.start(ConvergenceRunInput.of("cancellable", Context.empty()));
        assertThat(CANCELLED.started.await(20, TimeUnit.SECONDS)).as("the turn started").isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        stub.cancel();
        ConvergenceRunOutput output = ConvergenceWorkflows.output(stub);

        // then
        assertThat(output.termination())
                .isEqualTo(new Termination.Cancelled(ConvergenceWorkflow.CANCELLED_BY_WORKFLOW));
        assertSameEnding(output, local);
        assertThat(CANCELLED.interrupted.await(30, TimeUnit.SECONDS)).as("the turn's thread was interrupted")
                .isTrue();
        List<HistoryEvent> events = history(stub);
        assertThat(events).filteredOn(event -> event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .allSatisfy(event -> assertThat(event.getActivityTaskScheduledEventAttributes().getHeartbeatTimeout()
                        .getSeconds()).as("the turn's heartbeat timeout").isEqualTo(10));
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void aReplyOverThePayloadLimitEndsTheRunFailedNamingItsSizeAndTheLimit() throws Exception {
        // given
        ConvergenceWorkflow workflow = temporal.workflow("verbose");

        // when
        ConvergenceRunOutput output = workflow.run(ConvergenceRunInput.of("verbose", Context.empty()));

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().type()).isEqualTo("dev.terminus.temporal.PayloadTooLarge");
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.RESOURCE);
            assertThat(failed.error().message()).matches("the reply of agent \"verbose\" is 100\\d{3} bytes, over"
                    + " the 65536-byte limit of a Temporal payload \\(ConvergenceRecipes.payloadLimit\\)");
        });
        assertThat(output.stoppedBy()).isEqualTo("verbose");
        assertThat(output.facts()).isEmpty();
        assertThat(history(WorkflowStub.fromTyped(workflow))).allSatisfy(event ->
                assertThat(event.getSerializedSize()).isLessThan(PAYLOAD_LIMIT));
        assertThatCode(() -> temporal.replay(workflow)).as("the history replays").doesNotThrowAnyException();
    }

    @Test
    void aLongRunContinuesAsNewAndEndsAsTheUninterruptedRunInOneProcess() throws Exception {
        // given
        ConvergenceResult local = locally("counting", 40, COUNTING);
        ConvergenceWorkflow workflow = temporal.workflow("counting");

        // when
        ConvergenceRunOutput output = workflow.run(ConvergenceRunInput.of("counting", Context.empty()));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.MaxIterationsReached(40, 40));
        assertSameEnding(output, local);
        assertThat(output.facts()).hasSize(41);
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        RunHistory history = RunHistory.read(temporal.environment().getWorkflowClient(),
                stub.getExecution().getWorkflowId(), stub.getExecution().getRunId());
        assertThat(history.executions()).as("the run continued as new").isGreaterThan(1);
        assertThatCode(() -> temporal.replay(workflow)).as("the last execution's history replays")
                .doesNotThrowAnyException();
    }

    @Test
    void anOutputWhoseFactsAreOverThePayloadLimitRefersToThemAndTheyAreReadBack() throws Exception {
        // given
        ConvergenceResult local = locally("writing", 50, WRITING);
        ConvergenceWorkflow workflow = temporal.workflow("writing");

        // when
        ConvergenceRunOutput returned = workflow.run(ConvergenceRunInput.of("writing", Context.empty()));
        ConvergenceRunOutput read = ConvergenceWorkflows.output(WorkflowStub.fromTyped(workflow));

        // then
        assertThat(returned.omitted()).isNotNull();
        assertThat(returned.facts()).isEmpty();
        assertThat(read.omitted()).isNull();
        assertSameEnding(read, local);
        assertThat(read.facts()).hasSize(50);
        assertThat(history(WorkflowStub.fromTyped(workflow))).allSatisfy(event ->
                assertThat(event.getSerializedSize()).isLessThan(PAYLOAD_LIMIT));
    }

    private static List<HistoryEvent> history(WorkflowStub stub) {
        return temporal.environment().getWorkflowClient().fetchHistory(stub.getExecution().getWorkflowId())
                .getEvents();
    }
}
