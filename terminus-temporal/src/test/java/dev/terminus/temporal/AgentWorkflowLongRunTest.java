package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.CompactionStrategies;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.FunctionModel;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflowservice.v1.ListClosedWorkflowExecutionsRequest;
import io.temporal.client.WorkflowStub;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run of thousands of iterations goes on in fresh executions of its workflow (continue-as-new) as its history
 * grows, and ends as the same run in one process: the same termination, figures and transcript.
 */
@Timeout(240)
class AgentWorkflowLongRunTest {
    private static final int ITERATIONS = 3_000;
    private static final int CONTINUE_AFTER = 4_000;
    private static WorkflowHarness temporal;

    /** Calls the counter with the next number after the last result it read; stateless, so any worker answers. */
    private static FunctionModel counting() {
        return FunctionModel.of("counter", request -> {
            int next = 1;
            List<Message> messages = request.messages();
            for (int i = messages.size() - 1; i >= 0; i--) {
                if (messages.get(i) instanceof Message.ToolResult result) {
                    next = Integer.parseInt(result.content().substring("counted ".length())) + 1;
                    break;
                }
            }
            ToolCall call = new ToolCall("call-" + next, "count", Map.of("n", next));
            return new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(40, 5),
                    FinishReason.TOOL_CALLS);
        });
    }

    private static final Tool COUNT = Tools.of("count", "Counts", (arguments, run) -> "counted " + arguments.get("n"));

    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().maxIterations(ITERATIONS).build())
                .compaction(Compaction.custom().strategy(CompactionStrategies.dropOldestTurns())
                        .defaultContextWindow(600L).build())
                .build();
    }

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.custom()
                .agent("long", counting(), List.of(COUNT), AgentWorkflowLongRunTest::agent)
                .continueAsNewAfter(CONTINUE_AFTER)
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    @Test
    void aRunOfThreeThousandIterationsContinuesAsNewAndEndsAsTheRunInOneProcess() throws Exception {
        // given
        RunResult local = agent(new AgentMaterials(counting(), List.of(COUNT), RunClock.system())).run("count");
        AgentWorkflow workflow = temporal.workflow("long");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("long", "count"));

        // then
        assertThat(local.termination()).isEqualTo(new Termination.MaxIterationsReached(ITERATIONS, ITERATIONS));
        assertThat(output.termination()).isEqualTo(local.termination());
        assertThat(output.iterations()).isEqualTo(local.iterationCount());
        assertThat(output.toolCalls()).isEqualTo(local.toolCalls()).isEqualTo(ITERATIONS);
        assertThat(output.usage()).isEqualTo(local.usage());
        assertThat(output.transcript()).isEqualTo(local.transcript());
        String workflowId = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
        List<WorkflowExecution> executions = temporal.client().getWorkflowServiceStubs().blockingStub()
                .listClosedWorkflowExecutions(ListClosedWorkflowExecutionsRequest.newBuilder()
                        .setNamespace(temporal.client().getOptions().getNamespace()).build())
                .getExecutionsList().stream().map(info -> info.getExecution())
                .filter(execution -> execution.getWorkflowId().equals(workflowId)).toList();
        assertThat(executions).hasSizeGreaterThan(2);
        for (WorkflowExecution execution : executions) {
            assertThat(temporal.client().fetchHistory(workflowId, execution.getRunId()).getHistory().getEventsCount())
                    .isLessThanOrEqualTo(CONTINUE_AFTER + 20);
        }
    }
}
