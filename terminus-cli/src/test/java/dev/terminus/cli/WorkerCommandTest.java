package dev.terminus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus worker} hosts the runs that {@code terminus run --temporal HOST:PORT} starts on a Temporal server:
 * any scenario file a client sends, printed as the run in one process prints it; the MCP servers of the scenarios it
 * hosts are its own, started once per scenario and stopped with it.
 */
@Timeout(120)
class WorkerCommandTest {
    @RegisterExtension
    static final TemporalServer temporal = new TemporalServer();

    @Test
    void aScenarioRunOnTheWorkerPrintsWhatTheRunInOneProcessPrints(@TempDir Path dir) throws Exception {
        // given
        Path file = dir.resolve("refund.json");
        Files.writeString(file, """
                {"name": "lookup", "task": "Look order 42 up.",
                 "tools": [{"name": "lookup_order", "results": ["order 42: paid", "order 42: shipped"]}],
                 "script": [{"toolCalls": [{"name": "lookup_order", "arguments": {"order": 42}}]},
                            {"delayMs": 20, "toolCalls": [{"name": "lookup_order", "arguments": {"order": 42}}]},
                            {"text": "Order 42 was shipped."}]}
                """);
        Cli.Result local = Cli.run("run", file.toString());

        // when
        Cli.Result onTemporal = Cli.run("run", file.toString(), "--temporal", temporal.address(),
                "--task-queue", TemporalServer.TASK_QUEUE);

        // then
        assertThat(onTemporal.status()).isZero();
        assertThat(withoutDuration(onTemporal.out())).isEqualTo(withoutDuration(local.out()));
        assertThat(onTemporal.out()).contains("Order 42 was shipped.");
    }

    @Test
    void theWorkerStopsWithStatusZeroWhenItIsStopped(@TempDir Path dir) throws Exception {
        // given
        Path file = dir.resolve("hello.json");
        Files.writeString(file, "{\"task\": \"Say hello.\", \"script\": [{\"text\": \"Hello.\"}]}");
        try (TemporalServer own = TemporalServer.start()) {
            Cli.Result served = Cli.run("run", file.toString(), "--temporal", own.address(),
                    "--task-queue", TemporalServer.TASK_QUEUE);
            assertThat(served.out()).contains("NaturalCompletion");

            // when
            Cli.Result worker = own.stopWorker();

            // then
            assertThat(worker.status()).isZero();
            assertThat(worker.out()).startsWith("terminus worker: polling task queue " + TemporalServer.TASK_QUEUE);
        }
    }

    @Test
    void theWorkerStartsAScenariosMcpServerOnceForItsRunsAndStopsItWhenItStops(@TempDir Path dir) throws Exception {
        // given
        ReferenceMcpServer.assumeInstalled();
        Path file = dir.resolve("echo.json");
        Files.writeString(file, """
                {"task": "Say hello through the server.", "mcpServers": %s,
                 "script": [{"toolCalls": [{"name": "echo", "arguments": {"message": "hi"}}]}, {"text": "Done."}]}
                """.formatted(ReferenceMcpServer.entry()));
        try (TemporalServer own = TemporalServer.start()) {
            for (int run = 0; run < 2; run++) {
                Cli.Result served = Cli.run("run", file.toString(), "--temporal", own.address(),
                        "--task-queue", TemporalServer.TASK_QUEUE);
                assertThat(served.out()).as(served.err()).contains("NaturalCompletion");
            }
            int whileServing = ReferenceMcpServer.running().size();

            // when
            Cli.Result worker = own.stopWorker();

            // then
            assertThat(worker.status()).isZero();
            assertThat(whileServing).as("the server of both runs' scenario").isEqualTo(1);
            assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
        }
    }

    @Test
    void aWorkerOfTheEmbeddedServerIsRefusedNamingTheOption() {
        // when
        Cli.Result result = Cli.run("worker", "--temporal", "embedded");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: --temporal: a worker of embedded");
    }

    private static String withoutDuration(String out) {
        return out.replaceAll("Duration +\\d+ ms", "Duration");
    }
}
