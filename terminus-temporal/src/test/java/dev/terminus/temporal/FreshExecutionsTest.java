package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A run whose transcript grows past the payload limit goes on in fresh executions that refer to what the earlier ones
 * recorded (ADR 0042): each execution records only what it added, so neither the transcript nor the iteration records,
 * which grow with every iteration, ever have to fit in one input, and no event of the history passes the limit.
 */
@Timeout(120)
class FreshExecutionsTest {
    private static final int CONTINUE_AFTER = 100;
    private static final int PAYLOAD_LIMIT = 64 * 1024;
    /** The compacted run's iteration cap: its records (about 180 bytes each) make more than the payload limit. */
    private static final int COMPACTED_CAP = 600;
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
                                .config(AgentConfig.custom().maxIterations(COMPACTED_CAP).build())
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
    void aTranscriptLargerThanAPayloadGoesOnInFreshExecutionsToItsEnd() {
        // given: 500 tool results of 2 KB, about 1 MB of transcript, under a 64 KiB payload limit
        AgentWorkflow workflow = temporal.workflow("growing");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("growing", "read them all"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.toolCalls()).isEqualTo(500);
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        RunHistory history = RunHistory.read(temporal.client(), stub.getExecution().getWorkflowId(),
                stub.getExecution().getRunId());
        assertThat(history.executions()).isGreaterThan(1);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(PAYLOAD_LIMIT);
        AgentRunOutput read = AgentWorkflows.output(stub);
        assertThat(read.transcript()).hasSize(2 + 2 * output.toolCalls());
    }

    @Test
    void aCompactedRunsIterationRecordsGoOnInFreshExecutionsToItsIterationCap() {
        // given: a compacted run, whose transcript stays small while it keeps one record per iteration
        AgentWorkflow workflow = temporal.workflow("compacted");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("compacted", "count"));

        // then: its records went on in fresh executions, none of whose events passed the payload limit
        assertThat(output.termination()).isEqualTo(new Termination.MaxIterationsReached(COMPACTED_CAP, COMPACTED_CAP));
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        RunHistory history = RunHistory.read(temporal.client(), stub.getExecution().getWorkflowId(),
                stub.getExecution().getRunId());
        assertThat(history.executions()).isGreaterThan(1);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(PAYLOAD_LIMIT);
    }
}
