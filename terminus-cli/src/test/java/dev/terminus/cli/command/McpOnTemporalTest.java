package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.cli.output.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario with {@code mcpServers} runs on Temporal, against the reference MCP server: the worker starts the server,
 * a tool call through it ends as in one process, an elicitation makes the workflow wait for input that {@code terminus
 * resume --temporal ... --answer} gives (the server echoes it) or {@code --reject} declines, and a server that exits as
 * it starts ends the run {@code Failed} with its exit status and the end of its stderr.
 */
@Timeout(180)
class McpOnTemporalTest {
    private static final Pattern WAITING = Pattern.compile("It waits in workflow (\\S+)\\.");
    @RegisterExtension
    static final TemporalServer temporal = new TemporalServer();

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private Path echo() throws IOException {
        return write("echo.json", """
                {"name": "echo", "task": "Say hello through the server.",
                 "mcpServers": %s,
                 "limits": {"maxConsecutiveMistakes": 1},
                 "script": [{"toolCalls": [{"name": "echo", "arguments": {"message": "hello from MCP"}}]},
                            {"text": "The server said hello."}]}
                """.formatted(ReferenceMcpServer.entry()));
    }

    private Path ask() throws IOException {
        return write("ask.json", """
                {"name": "ask", "task": "Register the user.",
                 "mcpServers": %s,
                 "script": [{"toolCalls": [{"name": "trigger-elicitation-request", "arguments": {}}]},
                            {"text": "Registered."}]}
                """.formatted(ReferenceMcpServer.entry()));
    }

    private Path exits() throws IOException {
        return write("exits.json", """
                {"name": "exits", "task": "t",
                 "mcpServers": {"keyless": {"command": "sh",
                                            "args": ["-c", "echo 'boom: missing API key' >&2; exit 3"]}},
                 "script": [{"text": "x"}]}
                """);
    }

    private static Cli.Result onWorker(Path scenario, String... more) {
        List<String> args = new ArrayList<>(List.of("run", scenario.toString(), "--temporal", temporal.address(),
                "--task-queue", TemporalServer.TASK_QUEUE));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private static Cli.Result resume(String workflowId, String... decision) {
        List<String> args = new ArrayList<>(List.of("resume", "--temporal", temporal.address(), workflowId));
        args.addAll(List.of(decision));
        return Cli.run(args.toArray(String[]::new));
    }

    /** Runs the asking scenario on the worker, which waits for input, and returns its workflow's id. */
    private String waitingForInput() throws IOException {
        Cli.Result paused = onWorker(ask());
        assertThat(paused.status()).as(paused.err()).isZero();
        Matcher matcher = WAITING.matcher(paused.out());
        assertThat(matcher.find()).as(paused.out()).isTrue();
        return matcher.group(1);
    }

    private static String termination(Cli.Result result) {
        return result.out().lines().filter(line -> line.strip().startsWith("Termination")).findFirst()
                .orElseThrow(() -> new AssertionError("no termination in: " + result.out()));
    }

    @Test
    void aToolCallThroughTheServerOnAWorkerEndsAsItDoesInOneProcess() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();
        Path scenario = echo();

        // when
        Cli.Result local = Cli.run("run", scenario.toString(), "--json");
        Cli.Result worker = onWorker(scenario, "--json");

        // then
        assertThat(worker.status()).as(worker.err()).isZero();
        assertThat(worker.out()).contains("\"$kind\": \"NaturalCompletion\"")
                .contains("\"content\": \"Echo: hello from MCP\"").contains("\"toolCalls\": 1");
        assertThat(Wire.MAPPER.readTree(worker.out()).get("transcript"))
                .isEqualTo(Wire.MAPPER.readTree(local.out()).get("transcript"));
    }

    @Test
    void withTemporalEmbeddedTheCommandsOwnWorkerStartsTheServerAndStopsItWhenItEnds() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();

        // when
        Cli.Result result = Cli.run("run", echo().toString(), "--temporal", "embedded", "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("\"$kind\": \"NaturalCompletion\"")
                .contains("\"content\": \"Echo: hello from MCP\"");
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void anElicitationMakesTheWorkflowWaitAndSaysTheQuestionTheSchemaAndHowToAnswer() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();

        // when
        Cli.Result paused = onWorker(ask());

        // then
        assertThat(paused.status()).as(paused.err()).isZero();
        assertThat(paused.flatOut()).contains("Termination HitlGatePending")
                .contains("Paused for input: Please provide inputs for the following fields: (asked by"
                        + " mcp:everything in a call to trigger-elicitation-request, gate gate-")
                .contains("The answer is a JSON object of this schema: {\"type\":\"object\",\"properties\":")
                .contains("2. Answer gate gate-")
                .containsPattern("Continue it: terminus resume --temporal " + Pattern.quote(temporal.address())
                        + " terminus-run-ask-\\S+ --answer '\\{...}' \\(or --reject \"why\" to decline\\)");
    }

    @Test
    void anAnswerResumesTheWorkflowAndTheServerGetsIt() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();
        String workflowId = waitingForInput();

        // when
        Cli.Result resumed = resume(workflowId, "--answer", "{\"name\": \"Ada\", \"check\": true}", "--json");

        // then
        assertThat(resumed.status()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("\"$kind\": \"NaturalCompletion\"")
                .contains("User provided the requested information").contains("- Name: Ada");
    }

    @Test
    void aRejectionDeclinesTheRequestAndTheServerSaysSo() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();
        String workflowId = waitingForInput();

        // when
        Cli.Result resumed = resume(workflowId, "--reject", "not now", "--json");

        // then
        assertThat(resumed.status()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("User declined to provide the requested information");
    }

    @Test
    void aBadAnswerIsOneLineAndStatusTwoAndTheGateStillWaits() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();
        String workflowId = waitingForInput();

        // when
        Cli.Result mismatch = resume(workflowId, "--answer", "{\"name\": 7}");
        Cli.Result notAnObject = resume(workflowId, "--answer", "[1, 2]");
        Cli.Result approved = resume(workflowId, "--approve");
        Cli.Result answered = resume(workflowId, "--answer", "{\"name\": \"Ada\"}");

        // then
        assertThat(mismatch.status()).isEqualTo(2);
        assertThat(mismatch.errLines()).hasSize(1).first().asString()
                .startsWith("terminus: workflow " + workflowId + ": the answer to gate \"gate-")
                .contains("does not match the schema it asked for: argument \"name\" must be of type string");
        assertThat(notAnObject.status()).isEqualTo(2);
        assertThat(notAnObject.errLines()).containsExactly("terminus: --answer: expected a JSON object, got array"
                + " [1,2]");
        assertThat(approved.status()).isEqualTo(2);
        assertThat(approved.errLines()).hasSize(1).first().asString()
                .contains("waits for a person's input (\"Please provide inputs for the following fields:\")");
        assertThat(answered.status()).as(answered.err()).isZero();
        assertThat(termination(answered)).contains("NaturalCompletion");
    }

    @Test
    void aServerThatExitsAsItStartsEndsTheRunOnAWorkerFailedWithItsStatusAndStderr() throws IOException {
        // when
        Cli.Result result = onWorker(exits());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(termination(result)).contains("Failed");
        assertThat(result.flatOut()).contains("message mcpServers.keyless: MCP server \"keyless\" exited with status 3"
                + " as it started; its stderr ended with: boom: missing API key category CONFIGURATION");
    }

    @Test
    void aServerThatExitsAsItStartsEndsTheRunWithTemporalEmbeddedTheSameWay() throws IOException {
        // when
        Cli.Result result = Cli.run("run", exits().toString(), "--temporal", "embedded");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(termination(result)).contains("Failed");
        Cli.Result json = Cli.run("run", exits().toString(), "--temporal", "embedded", "--json");
        assertThat(Wire.MAPPER.readTree(json.out()).at("/termination/error/message").asText())
                .isEqualTo("mcpServers.keyless: MCP server \"keyless\" exited with status 3 as it started; its stderr"
                        + " ended with: boom: missing API key");
    }

    @Test
    void aWrongServerEntryIsOneLineAndStatusTwoBeforeAnythingIsSent() throws IOException {
        // given
        Path scenario = write("wrong.json", """
                {"task": "t", "mcpServers": {"s": {"command": "node", "url": "http://h/mcp"}}, "script": [{"text": "x"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", scenario.toString(), "--temporal", "embedded");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: " + scenario + ": mcpServers.s: needs exactly one of"
                + " \"command\" (stdio) and \"url\" (HTTP), got both");
    }
}
