package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code mcpServers} of scenario and suite files, end to end against the reference MCP server: {@code terminus
 * run} and {@code terminus eval} call its tools from the script, and leave no server process behind.
 */
class McpServersTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void runCallsTheEchoToolOfTheServerAndEndsNaturalCompletionWithTheEchoInItsOutput() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();
        Path scenario = write("echo.json", """
                {"task": "Say hello through the server.",
                 "mcpServers": %s,
                 "limits": {"maxConsecutiveMistakes": 1},
                 "script": [{"toolCalls": [{"name": "echo", "arguments": {"message": "hello from MCP"}}]},
                            {"text": "The server said hello."}]}
                """.formatted(ReferenceMcpServer.entry()));

        // when
        Cli.Result result = Cli.run("run", scenario.toString(), "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("\"$kind\": \"NaturalCompletion\"").contains("\"content\": \"Echo: hello from MCP\"");
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void evalOfTwoTasksCallingGetSumPassesBothWithTheServersStartedForTheSuite() throws IOException {
        // given: a failed call would end a run ConsecutiveMistakes, so passing needs the server's answers
        ReferenceMcpServer.assumeInstalled();
        Path suite = write("sums.json", """
                {"evaluator": {"type": "exact"},
                 "agent": {"mcpServers": %s, "limits": {"maxConsecutiveMistakes": 1}},
                 "tasks": [
                   {"id": "a", "input": "2 + 40?", "expected": "42",
                    "script": [{"toolCalls": [{"name": "get-sum", "arguments": {"a": 2, "b": 40}}]}, {"text": "42"}]},
                   {"id": "b", "input": "1 + 2?", "expected": "3",
                    "script": [{"toolCalls": [{"name": "get-sum", "arguments": {"a": 1, "b": 2}}]}, {"text": "3"}]}]}
                """.formatted(ReferenceMcpServer.entry()));

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", dir.resolve("out").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        String report = Files.readString(dir.resolve("out/report.jsonl"));
        assertThat(report.lines()).hasSize(2).allSatisfy(row -> assertThat(row).contains("\"passed\":true"));
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void aPipelineStageCallsTheEchoToolOfItsOwnServerAndPassesTheEchoToTheNextStage() throws IOException {
        // given: a failed call would end the stage ConsecutiveMistakes, stopping the pipeline; the second stage's
        // skip policy reads the first stage's answer
        ReferenceMcpServer.assumeInstalled();
        Path pipeline = write("echo-pipeline.json", """
                {"task": "Say hello through the server.",
                 "stages": [
                   {"name": "echo", "mcpServers": %s, "limits": {"maxConsecutiveMistakes": 1},
                    "script": [{"toolCalls": [{"name": "echo", "arguments": {"message": "hello from MCP"}}]},
                               {"text": "Echo: hello from MCP"}]},
                   {"name": "skipped", "skipWhen": {"answerContains": "hello from MCP"}, "script": [{"text": "x"}]},
                   {"name": "last", "script": [{"text": "done"}]}]}
                """.formatted(ReferenceMcpServer.entry()));

        // when
        Cli.Result result = Cli.run("run", pipeline.toString(), "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("\"$kind\": \"Completed\"")
                .contains("\"answer\": \"Echo: hello from MCP\"")
                .contains("\"skipReason\": \"the previous answer contains \\\"hello from MCP\\\"\"");
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void evalOfAPipelineSuiteCallsTheStagesServerForEveryTaskAndStopsItWhenDone() throws IOException {
        // given: a failed call would end the stage ConsecutiveMistakes, so passing needs the server's answer
        ReferenceMcpServer.assumeInstalled();
        Path suite = write("pipeline-sums.json", """
                {"evaluator": {"type": "regex", "pattern": "42"},
                 "agent": {"stages": [
                   {"name": "sum", "mcpServers": %s, "limits": {"maxConsecutiveMistakes": 1},
                    "script": [{"toolCalls": [{"name": "get-sum", "arguments": {"a": 2, "b": 40}}]},
                               {"text": "The sum is 42."}]},
                   {"name": "report", "script": [{"text": "Reported: 42"}]}]},
                 "tasks": [{"id": "a", "input": "2 + 40?"}, {"id": "b", "input": "40 + 2?"}]}
                """.formatted(ReferenceMcpServer.entry()));

        // when
        Cli.Result result = Cli.run("eval", suite.toString(), "--out", dir.resolve("out").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        String report = Files.readString(dir.resolve("out/report.jsonl"));
        assertThat(report.lines()).hasSize(2).allSatisfy(row -> assertThat(row).contains("\"passed\":true")
                .contains("\"termination\":{\"$kind\":\"Completed\""));
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void aScriptCallingAnMcpToolNamedLikeAScenarioToolIsRefusedNamingBoth() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();
        Path scenario = write("clash.json", """
                {"task": "t", "tools": [{"name": "echo"}], "mcpServers": %s, "script": [{"text": "done"}]}
                """.formatted(ReferenceMcpServer.entry()));

        // when
        Cli.Result result = Cli.run("run", scenario.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1);
        assertThat(result.err()).contains("mcpServers").contains("tools[0] \"echo\"").contains("everything/echo");
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void aBadServerEntryIsOneLineNamingTheFieldAndTheValueAndExit2() throws IOException {
        // given
        Path scenario = write("bad.json", """
                {"task": "t", "mcpServers": {"remote": {"url": "ftp://example.org/mcp"}}, "script": [{"text": "x"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", scenario.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: " + scenario
                + ": mcpServers.remote.url: \"ftp://example.org/mcp\" is not an http or https URL");
    }

    @Test
    void aServerThatCannotStartIsOneLineNamingItAndExit2() throws IOException {
        // given
        Path scenario = write("broken.json", """
                {"task": "t", "mcpServers": {"ghost": {"command": "/no/such/mcp-server"}}, "script": [{"text": "x"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", scenario.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1);
        assertThat(result.err()).startsWith("terminus: " + scenario
                + ": mcpServers.ghost: MCP server \"ghost\" did not start: ").contains("/no/such/mcp-server");
    }

    @Test
    void aServerThatExitsAsItStartsIsOneLineWithItsExitStatusAndTheEndOfItsStderrAndExit2() throws IOException {
        // given: the commonest failure of an MCP server; with the default 60 s start timeout, a failure that waited
        // for it would say the server did not answer
        Path scenario = write("exits.json", """
                {"task": "t",
                 "mcpServers": {"keyless": {"command": "sh",
                                            "args": ["-c", "echo 'boom: missing API key' >&2; exit 3"]}},
                 "script": [{"text": "x"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", scenario.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).containsExactly("terminus: " + scenario + ": mcpServers.keyless: MCP server"
                + " \"keyless\" exited with status 3 as it started; its stderr ended with: boom: missing API key");
    }
}
