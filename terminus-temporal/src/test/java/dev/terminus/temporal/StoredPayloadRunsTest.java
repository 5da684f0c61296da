package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.jackson.TerminusModule;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * With a payload store ({@link DirectoryPayloadStore}) in the data converter of the workers and the client, a run's
 * large payloads are kept in the store and its history holds their keys: a continue-as-new carries a reference to
 * the transcript instead of the transcript, and a result over the server's payload limit works. Measured through the
 * history API on Temporal's test server in a process of its own.
 */
@Timeout(600)
class StoredPayloadRunsTest {
    private static final String TASK_QUEUE = "terminus-stored-payloads";
    private static final int THRESHOLD = 64 * 1024;

    @TempDir
    static Path dir;

    private static TestServerProcess server;
    private static WorkflowClient client;
    private static WorkerFactory worker;


    @BeforeAll
    static void startTheServerAndAWorkerWithAStore() throws Exception {
        server = TestServerProcess.start(dir.resolve("test-server.log"));
        client = WorkflowClient.newInstance(server.client().getWorkflowServiceStubs(), WorkflowClientOptions
                .newBuilder().setDataConverter(TerminusDataConverter.of(new TerminusModule(),
                        DirectoryPayloadStore.of(dir.resolve("payloads")), THRESHOLD)).build());
        worker = WorkerFactory.newInstance(client);
        AgentWorkflows.register(worker.newWorker(TASK_QUEUE), AgentRecipes.builder()
                .agent("thousand", FetchingModel.upTo(1_000), List.of(FetchingModel.tool(2_000)),
                        materials -> MeasuredRuns.agent(materials, 1_000))
                .agent("huge", FetchingModel.upTo(1), List.of(FetchingModel.tool(3_000_000)),
                        materials -> MeasuredRuns.agent(materials, 1))
                .payloadLimit(Integer.MAX_VALUE)
                .build(), client);
        worker.start();
    }

    @AfterAll
    static void stopThem() throws Exception {
        worker.shutdownNow();
        server.close();
    }

    @Test
    void aContinueAsNewCarriesAReferenceSoEveryHundredIterationsCostsAboutTheSame() {
        // given
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE, "thousand");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("thousand", "read them"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.transcript()).hasSize(2_002);
        RunHistory history = MeasuredRuns.history(client, workflow);
        long first = history.iterationBytes(0, 100);
        long worst = 0;
        for (int from = 0; from < 1_000; from += 100) {
            worst = Math.max(worst, history.iterationBytes(from, from + 100));
        }
        System.out.printf("StoredPayloadRunsTest: 1,000 iterations of 2 KB results, payloads over %,d bytes in the"
                        + " store: %d executions, %d events, %,d history bytes; iterations 1-100: %,d bytes,"
                        + " costliest hundred: %,d bytes (%.2fx); largest event %,d bytes%n", THRESHOLD,
                history.executions(), history.events().size(), history.bytes(), first, worst, (double) worst / first,
                history.largestEvent());
        assertThat(history.executions()).isGreaterThan(1);
        assertThat(worst).isLessThanOrEqualTo(first * 3 / 2);
        assertThat(history.largestEvent()).isLessThanOrEqualTo(THRESHOLD + 1_024);
    }

    @Test
    void aResultOverTheServersPayloadLimitWorks() throws Exception {
        // given
        AgentWorkflow workflow = MeasuredRuns.workflow(client, TASK_QUEUE, "huge");

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput("huge", "read it"));

        // then
        assertThat(output.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.transcript()).anySatisfy(message -> assertThat(message)
                .isEqualTo(new Message.ToolResult("call-1", "fetch",
                        FetchingModel.document(1, 3_000_000), false)));
        assertThat(MeasuredRuns.history(client, workflow).largestEvent()).isLessThan(THRESHOLD + 1_024L);
        try (Stream<Path> blobs = Files.list(dir.resolve("payloads"))) {
            assertThat(blobs.filter(blob -> blob.toFile().length() > 3_000_000)).isNotEmpty();
        }
    }


}
