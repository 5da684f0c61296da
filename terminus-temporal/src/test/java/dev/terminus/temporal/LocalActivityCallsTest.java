package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs whose model and tool calls are local activities end as in one process, are stopped by the time budget and by
 * the workflow's cancellation during a call, and write at most six history events per tool-round iteration.
 */
@Timeout(60)
class LocalActivityCallsTest {
    private static final int ROUNDS = 9;
    private static final RetryPolicy QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(5), Duration.ofMillis(10), 0.5);
    private static final CountDownLatch RELEASE = new CountDownLatch(1);
    private static final CountDownLatch HOLDING = new CountDownLatch(1);
    private static final CountDownLatch LET_GO = new CountDownLatch(1);
    private static final List<Tool> TOOLS = List.of(
            CountingModel.TOOL,
            Tools.of("broken", "Always fails", (arguments, run) -> {
                throw new IllegalStateException("disk full");
            }),
            Tools.of("stop", "Halts the run", (arguments, run) -> {
                throw new HaltException("the operator said stop");
            }),
            Tools.of("wait", "Waits for the world", (arguments, run) -> {
                RELEASE.await(10, TimeUnit.SECONDS);
                return "waited";
            }),
            Tools.of("hold", "Holds until let go", (arguments, run) -> {
                HOLDING.countDown();
                LET_GO.await(10, TimeUnit.SECONDS);
                return "held";
            }));
    private static WorkflowHarness temporal;

    /** One agent of the test: its model (new for each run) and settings. */
    record Case(String name, Supplier<Model> model, UnaryOperator<AgentConfig.Builder> config) {
        AgentRecipe recipe() {
            return materials -> Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                    .config(config.apply(AgentConfig.custom()).build()).build();
        }

        RunResult runLocally() {
            return recipe().build(new AgentMaterials(model.get(), TOOLS, RunClock.system())).run("go");
        }
    }


    private static final Case COUNTER = new Case("counter", () -> CountingModel.upTo(ROUNDS), c -> c);
    private static final Case RETRIED = new Case("retried",
            () -> ScriptedModel.builder().serverError(503).serverError(503).text("Answered.").build(),
            c -> c.retryPolicy(QUICK_RETRIES));
    private static final Case AUTH = new Case("auth", () -> ScriptedModel.builder().authFailure(401).build(), c -> c);
    private static final Case BROKEN = new Case("broken",
            () -> ScriptedModel.builder().toolCall("broken", Map.of()).text("The tool is broken.").build(), c -> c);
    private static final Case HALTING = new Case("halting",
            () -> ScriptedModel.builder().toolCall("stop", Map.of()).text("unreachable").build(), c -> c);
    private static final Case BUDGETED = new Case("budgeted",
            () -> ScriptedModel.builder().toolCall("wait", Map.of()).text("unreachable").build(),
            c -> c.timeBudget(Duration.ofMillis(300)));
    private static final Case CANCELLED = new Case("cancelled",
            () -> ScriptedModel.builder().toolCall("hold", Map.of()).text("unreachable").build(), c -> c);

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes.Builder recipes = AgentRecipes.builder()
                .calls(CallMode.LOCAL_ACTIVITY, CallMode.LOCAL_ACTIVITY);
        for (Case each : List.of(COUNTER, RETRIED, AUTH, BROKEN, HALTING, BUDGETED, CANCELLED)) {
            recipes.agent(each.name(), each.model().get(), TOOLS, each.recipe());
        }
        temporal = new WorkflowHarness(recipes.build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        RELEASE.countDown();
        LET_GO.countDown();
        temporal.close();
    }

    private static AgentRunOutput runAndReplay(Case each) throws Exception {
        AgentWorkflow workflow = temporal.workflow(each.name());
        AgentRunOutput output = workflow.run(new AgentRunInput(each.name(), "go"));
        temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId());
        return output;
    }

    @Test
    void scriptedRunsEndAsInOneProcess() throws Exception {
        for (Case each : List.of(COUNTER, RETRIED, AUTH, BROKEN, HALTING)) {
            // given
            RunResult local = each.runLocally();

            // when
            AgentRunOutput output = runAndReplay(each);

            // then
            assertThat(output.termination()).as(each.name()).isEqualTo(local.termination());
            assertThat(output.transcript()).as(each.name()).isEqualTo(local.transcript());
            assertThat(output.usage()).as(each.name()).isEqualTo(local.usage());
        }
    }

    @Test
    void aToolRoundIterationWritesAtMostSixHistoryEvents() {
        // given
        AgentWorkflow workflow = temporal.workflow(COUNTER.name());

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput(COUNTER.name(), "go"));
        List<HistoryEvent> events = temporal.client()
                .fetchHistory(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId()).getEvents();

        // then: the execution's start and end, and its first workflow task, are not the iterations'
        assertThat(output.iterations()).isEqualTo(ROUNDS + 1);
        long perRun = events.stream().filter(event -> event.getEventType() != EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED
                && event.getEventType() != EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED).count() - 3;
        assertThat(perRun).isLessThanOrEqualTo(6L * output.iterations());
        // a marker for each call, and one for the loop's gated change (ADR 0024)
        assertThat(events).filteredOn(event -> event.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED)
                .extracting(event -> event.getMarkerRecordedEventAttributes().getMarkerName())
                .containsOnly("LocalActivity", "Version")
                .filteredOn("LocalActivity"::equals).hasSize(2 * ROUNDS + 1);
    }

    @Test
    void aLocalToolCallThatOutlivesTheBudgetEndsTheRunTimeBudgetExhausted() throws Exception {
        // when
        AgentRunOutput output = runAndReplay(BUDGETED);

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class,
                spent -> assertThat(spent.limitMs()).isEqualTo(300));
        assertThat(output.transcript().getLast()).isInstanceOf(Message.ToolResult.class);
    }

    @Test
    void cancellingTheWorkflowDuringALocalToolCallEndsTheRunCancelled() throws Exception {
        // given
        AgentWorkflow workflow = temporal.workflow(CANCELLED.name());
        WorkflowClient.start(workflow::run, new AgentRunInput(CANCELLED.name(), "go"));
        assertThat(HOLDING.await(10, TimeUnit.SECONDS)).isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when: the cancellation reaches the workflow when the local call ends (its workflow task is held till then)
        stub.cancel();
        LET_GO.countDown();
        AgentRunOutput output = AgentWorkflows.output(stub);

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW));
        assertThat(output.iterations()).isEqualTo(1);
        assertThat(output.finalAnswer()).isNull();
    }

    @Test
    void aLongRunOfLocalCallsContinuesAsNewBeforeItsHistoryPassesTheBound() throws Exception {
        // given: 120 tool rounds and an answer, under a history bound of 100 events
        Case longRun = new Case("long", () -> CountingModel.upTo(120), c -> c.maxIterations(200));
        try (WorkflowHarness small = new WorkflowHarness(AgentRecipes.builder()
                .calls(CallMode.LOCAL_ACTIVITY, CallMode.LOCAL_ACTIVITY).continueAsNewAfter(100)
                .agent(longRun.name(), longRun.model().get(), TOOLS, longRun.recipe())
                .build(), new TerminusModule())) {
            RunResult local = longRun.runLocally();
            AgentWorkflow workflow = small.workflow(longRun.name());

            // when
            AgentRunOutput output = workflow.run(new AgentRunInput(longRun.name(), "go"));
            WorkflowExecution first = WorkflowStub.fromTyped(workflow).getExecution();
            List<HistoryEvent> firstHistory = small.client()
                    .fetchHistory(first.getWorkflowId(), first.getRunId()).getEvents();

            // then
            assertThat(output.termination()).isEqualTo(local.termination());
            assertThat(output.transcript()).isEqualTo(local.transcript());
            assertThat(output.iterations()).isEqualTo(121);
            assertThat(firstHistory.getLast().getEventType())
                    .isEqualTo(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
            assertThat(firstHistory).hasSizeLessThanOrEqualTo(110);
        }
    }
}
