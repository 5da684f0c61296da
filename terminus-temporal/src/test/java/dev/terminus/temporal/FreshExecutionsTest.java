package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.CompactionStrategies;
import dev.terminus.jackson.TerminusModule;
import io.temporal.client.WorkflowStub;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run whose transcript grew past the payload limit cannot carry it into a fresh execution: it goes on where it is
 * until its history nears what a server accepts, then ends {@code Failed} ({@code RESOURCE}) naming the sizes, with
 * its figures and its transcript (read back through the workflow's query), never terminated by the server without an
 * output.
 */
@Timeout(120)
class FreshExecutionsTest {
    private static final int CONTINUE_AFTER = 100;
    private static final int PAYLOAD_LIMIT = 64 * 1024;
    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent("growing", FetchingModel.upTo(500), List.of(FetchingModel.tool(2_000)),
                        materials -> Agent.builder(materials.model()).tools(materials.tools())
                                .clock(materials.clock())
                                .config(AgentConfig.custom().maxIterations(1_000).build()).build())
                .agent("compacted", CountingModel.upTo(Integer.MAX_VALUE), List.of(CountingModel.TOOL),
                        materials -> Agent.builder(materials.model()).tools(materials.tools())
                                .clock(materials.clock())
                                .config(AgentConfig.custom().maxIterations(2_000).build())
                                .compaction(Compaction.custom().strategy(CompactionStrategies.dropOldestTurns())
                                        .defaultContextWindow(600L).build())
                                .build())
                .continueAsNewAfter(CONTINUE_AFTER)
                .payloadLimit(PAYLOAD_LIMIT)
                .build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    @Test
    void aTranscriptTooLargeToCarryEndsTheRunFailedBeforeTheHistoryOutgrowsTheServer() {
        // given
        AgentWorkflow workflow = temporal.workflow("growing");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("growing", "read them all"));

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.RESOURCE);
            assertThat(failed.error().type()).isEqualTo("dev.terminus.temporal.HistoryFull");
            assertThat(failed.error().message()).matches("the run's history reached \\d+ events \\(\\d+ bytes\\) and"
                    + " its transcript \\(\\d+ bytes\\) with its iteration records \\(\\d+ bytes\\) is over the"
                    + " 65536-byte payload limit, too large to go on in a"
                    + " fresh execution: compact the transcript \\(AgentBuilder.compaction\\), or raise"
                    + " AgentRecipes.payloadLimit with the server's limit.blobSize.error");
        });
        assertThat(output.toolCalls()).isBetween(20, 499);
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        RunHistory history = RunHistory.read(temporal.client(), stub.getExecution().getWorkflowId(),
                stub.getExecution().getRunId());
        assertThat(history.executions()).isGreaterThan(1);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(PAYLOAD_LIMIT);
        AgentRunOutput read = AgentWorkflows.output(stub);
        assertThat(read.transcript()).hasSize(1 + 2 * output.toolCalls());
    }

    @Test
    void theContinueAsNewSizeCheckCountsTheIterationRecordsThatGrowWithEveryIteration() {
        // given: a compacted run, whose transcript stays small while it keeps one record per iteration
        AgentWorkflow workflow = temporal.workflow("compacted");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("compacted", "count"));

        // then: its records outgrew the payload limit, so it stopped carrying them instead of sending a larger input
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().type()).isEqualTo("dev.terminus.temporal.HistoryFull");
            assertThat(failed.error().message()).matches("the run's history reached \\d+ events \\(\\d+ bytes\\) and"
                    + " its transcript \\(\\d{1,4} bytes\\) with its iteration records \\(\\d+ bytes\\) is over the"
                    + " 65536-byte payload limit, .*");
        });
        assertThat(output.iterations()).isBetween(100, 1_999);
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        RunHistory history = RunHistory.read(temporal.client(), stub.getExecution().getWorkflowId(),
                stub.getExecution().getRunId());
        assertThat(history.executions()).isGreaterThan(1);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(PAYLOAD_LIMIT);
    }
}
