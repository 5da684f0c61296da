package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import io.temporal.common.converter.DataConverter;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's history, over all its executions, grows with the content its run produces, not with the square of its
 * length: model and tool activities refer to the transcript the workflow holds instead of carrying it. Measured
 * through the history API on Temporal's test server in a process of its own, with a worker in this JVM.
 */
@Timeout(600)
class LinearHistoryTest {
    private static final String TASK_QUEUE = "terminus-linear-history";

    @TempDir
    static Path dir;

    private static TestServerProcess server;
    private static WorkerFactory worker;


    @BeforeAll
    static void startTheServerAndAWorker() throws Exception {
        server = TestServerProcess.start(dir.resolve("test-server.log"));
        worker = WorkerFactory.newInstance(server.client());
        AgentWorkflows.register(worker.newWorker(TASK_QUEUE), AgentRecipes.builder()
                .agent("sixty", FetchingModel.upTo(60), List.of(FetchingModel.tool(20_000)),
                        materials -> MeasuredRuns.agent(materials, 60))
                .agent("thousand", FetchingModel.upTo(1_000), List.of(FetchingModel.tool(2_000)),
                        materials -> MeasuredRuns.agent(materials, 1_000))
                .agent("huge", FetchingModel.upTo(1), List.of(FetchingModel.tool(3_000_000)),
                        materials -> MeasuredRuns.agent(materials, 1))
                .build(), worker.getWorkflowClient());
        worker.start();
    }

    @AfterAll
    static void stopThem() throws Exception {
        worker.shutdownNow();
        server.close();
    }

    @Test
    void sixtyDistinctTwentyKilobyteResultsCostAtMostThreeTimesTheTranscript() {
        // given
        WorkflowClient client = server.client();
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE, "sixty");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("sixty", "read them"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.toolCalls()).isEqualTo(60);
        RunHistory history = MeasuredRuns.history(client, workflow);
        long transcript = transcriptBytes(client.getOptions().getDataConverter(), output);
        System.out.printf("LinearHistoryTest: 60 iterations of 20 KB results: %d executions, %d events,"
                        + " %,d history bytes for a %,d-byte transcript (%.2fx), largest event %,d bytes%n",
                history.executions(), history.events().size(), history.bytes(), transcript,
                (double) history.bytes() / transcript, history.largestEvent());
        assertThat(history.bytes()).isLessThanOrEqualTo(3 * transcript);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(1_500_000L);
    }

    @Test
    void theLastHundredOfAThousandIterationsCostNoMoreThanHalfAgainTheFirstHundred() {
        // given
        WorkflowClient client = server.client();
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE, "thousand");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("thousand", "read them"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.toolCalls()).isEqualTo(1_000);
        RunHistory history = MeasuredRuns.history(client, workflow);
        long first = history.iterationBytes(0, 100);
        long last = history.iterationBytes(900, 1_000);
        long worst = 0;
        for (int from = 0; from < 1_000; from += 100) {
            worst = Math.max(worst, history.iterationBytes(from, from + 100));
        }
        System.out.printf("LinearHistoryTest: 1,000 iterations of 2 KB results: %d executions, %d events,"
                        + " %,d history bytes; iterations 1-100: %,d bytes, 901-1,000: %,d bytes (%.2fx),"
                        + " costliest hundred: %,d bytes (%.2fx); largest event %,d bytes%n",
                history.executions(), history.events().size(), history.bytes(), first, last, (double) last / first,
                worst, (double) worst / first, history.largestEvent());
        assertThat(last).isLessThanOrEqualTo(first * 3 / 2);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(AgentRecipes.DEFAULT_PAYLOAD_LIMIT);
        // the transcript (over 2 MB) is left out of the output, and read through the workflow's query
        assertThat(output.omitted()).isNotNull();
        assertThat(output.transcript()).isEmpty();
        AgentRunOutput read = AgentWorkflows.output(WorkflowStub.fromTyped(workflow));
        assertThat(read.omitted()).isNull();
        assertThat(read.transcript()).hasSize(output.omitted().size()).hasSize(2_002);
        assertThat(read.transcript().get(2_001)).isEqualTo(new Message.Assistant("Read 1000 documents.", List.of()));
    }

    @Test
    void aToolResultOverThePayloadLimitEndsTheRunHaltedNamingItsSizeAndTheLimit() {
        // given
        WorkflowClient client = server.client();
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE, "huge");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("huge", "read it"));

        // then
        assertThat(output.termination()).isInstanceOfSatisfying(Termination.Halted.class, halted -> {
            assertThat(halted.source()).isEqualTo("tool:fetch");
            assertThat(halted.reason()).matches("the result of tool \"fetch\" is 300\\d{4} bytes, over the 2097152-byte"
                    + " limit of a Temporal payload \\(AgentRecipes.payloadLimit\\)");
        });
        assertThat(MeasuredRuns.history(client, workflow).largestEvent()).isLessThan(100_000L);
    }



    /** @return the bytes of the run's transcript as one payload in the wire format */
    private static long transcriptBytes(DataConverter converter, AgentRunOutput output) {
        return converter.toPayload(output.transcript()).orElseThrow().getSerializedSize();
    }
}
