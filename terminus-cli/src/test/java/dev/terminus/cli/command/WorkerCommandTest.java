package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
        // server processes of other tests' commands that are still exiting are not this worker's
        java.util.Set<Long> before = ReferenceMcpServer.running().stream().map(ProcessHandle::pid)
                .collect(java.util.stream.Collectors.toSet());
        try (TemporalServer own = TemporalServer.start()) {
            for (int run = 0; run < 2; run++) {
                Cli.Result served = Cli.run("run", file.toString(), "--temporal", own.address(),
                        "--task-queue", TemporalServer.TASK_QUEUE);
                assertThat(served.out()).as(served.err()).contains("NaturalCompletion");
            }
            int whileServing = (int) ReferenceMcpServer.running().stream()
                    .filter(process -> !before.contains(process.pid())).count();

            // when
            Cli.Result worker = own.stopWorker();

            // then
            assertThat(worker.status()).isZero();
            assertThat(whileServing).as("the server of both runs' scenario").isEqualTo(1);
            // the worker closes its servers as it stops; each exits once its input is closed (at most 10 s each)
            for (ProcessHandle left : ReferenceMcpServer.running()) {
                if (!before.contains(left.pid())) {
                    left.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
                }
            }
            assertThat(ReferenceMcpServer.running()).as("server processes left")
                    .noneMatch(process -> !before.contains(process.pid()));
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

    @Test
    void withoutStickyExecutionARunWaitingAtAGateOfAStoppedWorkerGoesOnOnTheWorkerStartedAfterIt(@TempDir Path dir)
            throws Exception {
        // given: a run waits at its gate in a workflow of a worker without sticky execution, then that worker stops
        Path file = dir.resolve("refund.json");
        Files.writeString(file, """
                {"name": "refund", "task": "Refund order 42.", "tools": [{"name": "refund", "result": "refunded"}],
                 "approvals": ["refund"],
                 "script": [{"toolCalls": [{"name": "refund", "arguments": {"order": 42}}]},
                            {"text": "Order 42 was refunded."}]}
                """);
        try (TemporalServer own = TemporalServer.start("--sticky-timeout", "0")) {
            Cli.Result paused = Cli.run("run", file.toString(), "--temporal", own.address(),
                    "--task-queue", TemporalServer.TASK_QUEUE);
            Matcher waiting = Pattern.compile("terminus resume --temporal \\S+ (\\S+) --approve")
                    .matcher(paused.out());
            assertThat(waiting.find()).as("the run waits at its gate: %s", paused.out()).isTrue();
            own.restartWorker();

            // when
            Cli.Result resumed = Cli.run("resume", "--temporal", own.address(), waiting.group(1), "--approve");

            // then: the workflow's next task went to the task queue, not to the stopped worker's own
            assertThat(resumed.status()).isZero();
            assertThat(resumed.out()).contains("NaturalCompletion", "Order 42 was refunded.");
        }
    }

    @Test
    void aQueryTimeoutOutsideATenthOfASecondToTenMinutesIsRefusedInOneLineBeforeConnecting() {
        // when
        Cli.Result tooShort = Cli.run("worker", "--temporal", "localhost:1", "--query-timeout", "99");
        Cli.Result tooLong = Cli.run("worker", "--temporal", "localhost:1", "--query-timeout", "600001");

        // then
        assertThat(tooShort.status()).isEqualTo(2);
        assertThat(tooShort.errLines()).containsExactly(
                "terminus: --query-timeout: 99 is not from 100 to 600000 ms (ten minutes)");
        assertThat(tooLong.status()).isEqualTo(2);
        assertThat(tooLong.errLines()).containsExactly(
                "terminus: --query-timeout: 600001 is not from 100 to 600000 ms (ten minutes)");
    }

    @Test
    void aStickyTimeoutOutsideZeroToADayIsRefusedInOneLineBeforeConnecting() {
        // when
        Cli.Result negative = Cli.run("worker", "--temporal", "localhost:1", "--sticky-timeout", "-1");
        Cli.Result tooLong = Cli.run("worker", "--temporal", "localhost:1", "--sticky-timeout", "86400001");

        // then
        assertThat(negative.status()).isEqualTo(2);
        assertThat(negative.errLines()).containsExactly(
                "terminus: --sticky-timeout: -1 is not from 0 (no sticky execution) to 86400000 ms (a day)");
        assertThat(tooLong.status()).isEqualTo(2);
        assertThat(tooLong.errLines()).singleElement().asString().startsWith("terminus: --sticky-timeout: 86400001");
    }

    @Test
    void aWorkerWithABuildIdPollsAsThatBuildOfItsDeploymentAndHostsRuns(@TempDir Path dir) throws Exception {
        // given
        Path file = dir.resolve("hello.json");
        Files.writeString(file, "{\"task\": \"Say hello.\", \"script\": [{\"text\": \"Hello.\"}]}");
        try (TemporalServer own = TemporalServer.start("--build-id", "b42", "--deployment-name", "terminus-agents")) {
            // when
            Cli.Result served = Cli.run("run", file.toString(), "--temporal", own.address(),
                    "--task-queue", TemporalServer.TASK_QUEUE);
            Cli.Result worker = own.stopWorker();

            // then
            assertThat(served.out()).as(served.err()).contains("NaturalCompletion");
            assertThat(worker.status()).isZero();
            assertThat(worker.out()).startsWith("terminus worker: polling task queue " + TemporalServer.TASK_QUEUE)
                    .contains(" as build b42 of worker deployment terminus-agents; Ctrl-C stops it.");
        }
    }

    @Test
    void aBlankBuildIdADottedDeploymentNameOrADeploymentNameWithoutABuildIdIsRefusedInOneLine() {
        // when
        Cli.Result blank = Cli.run("worker", "--temporal", "localhost:1", "--build-id", " ");
        Cli.Result dotted = Cli.run("worker", "--temporal", "localhost:1", "--build-id", "b42",
                "--deployment-name", "agents.eu");
        Cli.Result alone = Cli.run("worker", "--temporal", "localhost:1", "--deployment-name", "agents");

        // then
        assertThat(blank.status()).isEqualTo(2);
        assertThat(blank.errLines()).containsExactly("terminus: --build-id: the build id is blank");
        assertThat(dotted.status()).isEqualTo(2);
        assertThat(dotted.errLines()).containsExactly("terminus: --deployment-name: \"agents.eu\" is not a worker"
                + " deployment's name: give a non-blank name without a dot (the server joins it to the build id with"
                + " one)");
        assertThat(alone.status()).isEqualTo(2);
        assertThat(alone.errLines()).containsExactly("terminus: --deployment-name: \"agents\" names the deployment"
                + " of --build-id, which is not given");
    }

    private static String withoutDuration(String out) {
        return out.replaceAll("Duration +\\d+ ms", "Duration");
    }
}
