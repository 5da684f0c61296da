package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
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
 * A tool's activity heartbeats while the tool runs, and a tool still running when its call is over is interrupted: when
 * the workflow is cancelled, and when the call outlives the agent's per-tool timeout, which ends the call as it does
 * in one process. (The server does not skip time while an activity is in flight: the per-tool timeout passes in real
 * time.)
 */
@Timeout(60)
class ToolActivityStopTest {
    private static final Duration TOOL_TIMEOUT = Duration.ofMillis(300);

    /** A tool that blocks for a minute unless interrupted, and says when it starts and when it is interrupted. */
    static final class BlockingTool {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final Tool tool = Tools.of("block", "Blocks for a minute", (arguments, run) -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
            return "unblocked";
        });
    }

    private static final BlockingTool CANCELLED = new BlockingTool();
    private static final BlockingTool LATE = new BlockingTool();
    private static WorkerFleet fleet;

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes recipes = AgentRecipes.builder()
                .agent("cancellable", model(), List.of(CANCELLED.tool), recipe(null))
                .agent("late", model(), List.of(LATE.tool), recipe(TOOL_TIMEOUT))
                .build();
        fleet = new WorkerFleet(recipes);
        fleet.start(recipes);
    }

    @AfterAll
    static void stopTheWorker() {
        fleet.close();
    }

    private static ScriptedModel model() {
        return ScriptedModel.builder().toolCall("block", Map.of()).text("The tool gave up.").build();
    }

    private static AgentRecipe recipe(@Nullable Duration toolTimeout) {
        return materials -> {
            AgentBuilder agent = Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock());
            return (toolTimeout == null ? agent : agent.toolTimeout(toolTimeout)).build();
        };
    }

    @Test
    void cancellingTheWorkflowWhileAToolBlocksEndsTheRunCancelledAndInterruptsTheTool() throws Exception {
        // given
        AgentWorkflow workflow = fleet.workflow("cancelled-tool");
        WorkflowClient.start(workflow::run, new AgentRunInput("cancellable", "go"));
        assertThat(CANCELLED.started.await(20, TimeUnit.SECONDS)).as("the tool started").isTrue();
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);

        // when
        stub.cancel();
        AgentRunOutput output = AgentWorkflows.output(stub);

        // then
        assertThat(output.termination()).isEqualTo(new Termination.Cancelled(AgentWorkflow.CANCELLED_BY_WORKFLOW));
        assertThat(CANCELLED.interrupted.await(20, TimeUnit.SECONDS)).as("the tool's thread was interrupted")
                .isTrue();
        assertThat(fleet.events("cancelled-tool", EventType.EVENT_TYPE_ACTIVITY_TASK_CANCEL_REQUESTED))
                .as("the cancellation of the tool's activity was sent to the server").hasSize(1);
        assertThatCode(() -> fleet.replay("cancelled-tool")).as("the history replays to the same decisions")
                .doesNotThrowAnyException();
    }

    @Test
    void aToolThatOutlivesThePerToolTimeoutIsAnsweredAsInOneProcessAndInterrupted() throws Exception {
        // given
        BlockingTool local = new BlockingTool();
        RunResult inOneProcess = recipe(TOOL_TIMEOUT)
                .build(new AgentMaterials(model(), List.of(local.tool), RunClock.system())).run("go");

        // when
        AgentRunOutput output = fleet.workflow("late-tool").run(new AgentRunInput("late", "go"));

        // then
        assertThat(output.termination()).isEqualTo(inOneProcess.termination());
        assertThat(output.finalAnswer()).isEqualTo("The tool gave up.");
        assertThat(output.transcript()).isEqualTo(inOneProcess.transcript());
        assertThat(output.transcript()).filteredOn(Message.ToolResult.class::isInstance).singleElement()
                .isEqualTo(new Message.ToolResult("call_1", "block", "Error: the tool did not answer within "
                        + TOOL_TIMEOUT.toMillis() + " ms", true));
        assertThat(LATE.interrupted.await(20, TimeUnit.SECONDS)).as("the late tool's thread was interrupted")
                .isTrue();
        assertThatCode(() -> fleet.replay("late-tool")).as("the history replays to the same decisions")
                .doesNotThrowAnyException();
    }
}
