package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.CompactionStrategies;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunClock;
import dev.terminus.jackson.TerminusModule;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflowservice.v1.ListClosedWorkflowExecutionsRequest;
import io.temporal.client.WorkflowStub;
import java.util.List;
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



    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().maxIterations(ITERATIONS).build())
                .compaction(Compaction.custom().strategy(CompactionStrategies.dropOldestTurns())
                        .defaultContextWindow(600L).build())
                .build();
    }

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("long", CountingModel.upTo(Integer.MAX_VALUE), List.of(CountingModel.TOOL), AgentWorkflowLongRunTest::agent)
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
        RunResult local = agent(new AgentMaterials(CountingModel.upTo(Integer.MAX_VALUE), List.of(CountingModel.TOOL), RunClock.system())).run("count");
        AgentWorkflow workflow = temporal.workflow("long");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("long", "count"));

        // then
        assertThat(local.termination()).isEqualTo(new Termination.MaxIterationsReached(ITERATIONS, ITERATIONS));
        assertThat(output.termination()).isEqualTo(local.termination());
        assertThat(output.iterations()).isEqualTo(local.iterations().size());
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
