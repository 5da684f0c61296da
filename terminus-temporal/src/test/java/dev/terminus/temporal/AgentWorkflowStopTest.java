package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.CanceledFailure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A workflow's run is stopped by workflow time and by the workflow's cancellation, while a tool's activity is still
 * running, and the workflow still returns the run's result.
 */
@Timeout(60)
class AgentWorkflowStopTest {
    private static final Duration BUDGET = Duration.ofSeconds(1);

    /** A tool that signals it has started and waits to be released (at most 5 s of real time). */
    static final class WaitingTool {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch released = new CountDownLatch(1);
        final Tool tool = Tools.of("wait", "Waits for the world", (arguments, run) -> {
            started.countDown();
            released.await(5, TimeUnit.SECONDS);
            return "waited";
        });
    }

    private static final WaitingTool FOR_THE_BUDGET = new WaitingTool();
    private static final WaitingTool FOR_THE_CANCELLATION = new WaitingTool();
    private static final WaitingTool FOR_THE_STOP = new WaitingTool();
    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("budgeted", model(), List.of(FOR_THE_BUDGET.tool), recipe(BUDGET))
                .agent("cancellable", model(), List.of(FOR_THE_CANCELLATION.tool), recipe(null))
                .agent("stoppable", model(), List.of(FOR_THE_STOP.tool), recipe(null))
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        FOR_THE_BUDGET.released.countDown();
        FOR_THE_CANCELLATION.released.countDown();
        FOR_THE_STOP.released.countDown();
        temporal.close();
    }

    private static ScriptedModel model() {
        return ScriptedModel.builder().toolCall("wait", Map.of()).text("unreachable").build();
    }

    private static AgentRecipe recipe(@Nullable Duration budget) {
        return materials -> {
            AgentBuilder agent = Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock());
            return (budget == null ? agent : agent.timeBudget(budget)).build();
        };
    }

    @Test
    void aToolActivityThatOutlivesTheBudgetEndsTheRunTimeBudgetExhaustedAtTheBudget() {
        // given
        AgentWorkflow workflow = temporal.workflow("budgeted");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("budgeted", "go"));
        FOR_THE_BUDGET.released.countDown();

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.TimeBudgetExhausted.class, spent -> {
            assertThat(spent.limitMs()).isEqualTo(BUDGET.toMillis());
            assertThat(spent.elapsedMs()).isGreaterThanOrEqualTo(BUDGET.toMillis());
        });
        assertThat(output.duration()).isGreaterThanOrEqualTo(BUDGET);
        assertThat(output.finalAnswer()).isNull();
        assertThat(output.transcript().getLast()).isInstanceOf(Message.ToolResult.class);
        assertThatCode(() -> temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId()))
                .as("the history replays to the same decisions").doesNotThrowAnyException();
    }

    @Test
    void cancellingTheWorkflowDuringAToolCallEndsTheRunCancelledAndItsOutputGoesWithTheCancellation() throws Exception {
        // given
        AgentWorkflow workflow = temporal.workflow("cancellable");
        WorkflowClient.start(workflow::run, new AgentRunInput("cancellable", "go"));
        assertThat(FOR_THE_CANCELLATION.started.await(10, TimeUnit.SECONDS)).isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        stub.cancel();
        AgentRunOutput output = AgentWorkflows.output(stub);
        FOR_THE_CANCELLATION.released.countDown();

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW));
        assertThat(output.iterations()).isEqualTo(1);
        assertThat(output.transcript().getLast()).isInstanceOf(Message.ToolResult.class);
        assertThatThrownBy(() -> stub.getResult(AgentRunOutput.class)).isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOf(CanceledFailure.class);
        assertThatCode(() -> temporal.replay(stub.getExecution().getWorkflowId()))
                .as("the history replays to the same decisions").doesNotThrowAnyException();
    }

    @Test
    void aStopSignalDuringAToolCallEndsTheRunCancelledByItsRequesterAndTheWorkflowCompletesWithIt() throws Exception {
        // given
        AgentWorkflow workflow = temporal.workflow("stoppable");
        WorkflowClient.start(workflow::run, new AgentRunInput("stoppable", "go"));
        assertThat(FOR_THE_STOP.started.await(10, TimeUnit.SECONDS)).isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        workflow.stop("task-timeout");
        AgentRunOutput output = stub.getResult(AgentRunOutput.class);
        FOR_THE_STOP.released.countDown();

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Cancelled("task-timeout"));
        assertThat(output.iterations()).isEqualTo(1);
        assertThat(output.transcript().getLast()).isInstanceOf(Message.ToolResult.class);
        assertThatCode(() -> temporal.replay(stub.getExecution().getWorkflowId()))
                .as("the history replays to the same decisions").doesNotThrowAnyException();
    }
}
