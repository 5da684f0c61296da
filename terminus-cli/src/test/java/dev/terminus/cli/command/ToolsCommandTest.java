package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.cli.output.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code terminus tools}: every tool a scenario offers, its own and its MCP servers', with their schemas. */
class ToolsCommandTest {

    @TempDir
    Path dir;

    @Test
    void listsTheScenarioToolsAndTheServersToolsWithTheirSchemas() throws IOException {
        // given
        ReferenceMcpServer.assumeInstalled();
        Path scenario = Files.writeString(dir.resolve("tools.json"), """
                {"task": "t", "tools": [{"name": "lookup", "description": "Looks a word up",
                  "parameters": {"type": "object", "properties": {"word": {"type": "string"}}}}],
                 "mcpServers": %s}
                """.formatted(ReferenceMcpServer.entry()));

        // when
        Cli.Result text = Cli.run("tools", scenario.toString());
        Cli.Result json = Cli.run("tools", scenario.toString(), "--json");

        // then
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).contains("lookup (scenario): Looks a word up").contains("echo (mcp:everything): ")
                .contains("\"message\"");
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode tools = Wire.MAPPER.readTree(json.out());
        assertThat(tools.get(0).get("name").asText()).isEqualTo("lookup");
        JsonNode echo = null;
        for (JsonNode tool : tools) {
            if (tool.get("name").asText().equals("echo")) {
                echo = tool;
            }
        }
        assertThat(echo).as("echo in %s", json.out()).isNotNull();
        assertThat(echo.get("source").asText()).isEqualTo("mcp:everything");
        assertThat(echo.get("parameters").get("type").asText()).isEqualTo("object");
        assertThat(echo.get("parameters").get("properties").get("message").get("type").asText()).isEqualTo("string");
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void aToolThatRunsANamedAgentIsListedAsTheAgentsWithItsTaskSchema() throws IOException {
        // given
        Path scenario = Files.writeString(dir.resolve("agents.json"), dev.terminus.cli.scenario.ScenarioReader
                .demoText("child-iteration-cap"));

        // when
        Cli.Result json = Cli.run("tools", scenario.toString(), "--json");

        // then
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode research = Wire.MAPPER.readTree(json.out()).get(0);
        assertThat(research.get("name").asText()).isEqualTo("research");
        assertThat(research.get("source").asText()).isEqualTo("agent:researcher");
        assertThat(research.get("description").asText()).isEqualTo("Asks the researcher to find facts");
        assertThat(research.get("parameters").get("required").toString()).isEqualTo("[\"task\"]");
    }

    @Test
    void aScenarioWithoutServersListsItsOwnToolsWithNoParametersAsAnEmptyObjectSchema() throws IOException {
        // given
        Path scenario = Files.writeString(dir.resolve("plain.json"), """
                {"task": "t", "tools": [{"name": "ping"}]}
                """);

        // when
        Cli.Result result = Cli.run("tools", scenario.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).startsWith("1 tool in " + scenario).contains("ping (scenario): ping")
                .contains("\"type\": \"object\"");
    }

    @Test
    void aBadNamingChoiceIsOneLineNamingTheFieldAndExit2() throws IOException {
        // given
        Path scenario = Files.writeString(dir.resolve("naming.json"), """
                {"task": "t", "mcpNaming": "short"}
                """);

        // when
        Cli.Result result = Cli.run("tools", scenario.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: " + scenario
                + ": mcpNaming: \"short\" is not one of plain, prefixed");
    }

    @Test
    void aServerThatExitsAsItStartsIsOneLineWithItsExitStatusAndTheEndOfItsStderrAndExit2() throws IOException {
        // given: a server that dies before its handshake, saying why on two lines of its stderr
        Path scenario = Files.writeString(dir.resolve("exits.json"), """
                {"task": "t", "tools": [{"name": "ping"}],
                 "mcpServers": {"keyless": {"command": "sh", "args": ["-c",
                   "echo 'Error: boom' >&2; echo 'missing API key: set SEARCH_KEY' >&2; exit 3"]}}}
                """);

        // when
        Cli.Result text = Cli.run("tools", scenario.toString());
        Cli.Result json = Cli.run("tools", scenario.toString(), "--json");

        // then
        String line = "terminus: " + scenario + ": mcpServers.keyless: MCP server \"keyless\" exited with status 3 as"
                + " it started; its stderr ended with: Error: boom | missing API key: set SEARCH_KEY";
        assertThat(text.status()).isEqualTo(2);
        assertThat(text.out()).isEmpty();
        assertThat(text.errLines()).containsExactly(line);
        assertThat(json.status()).isEqualTo(2);
        assertThat(json.out()).isEmpty();
        assertThat(json.errLines()).containsExactly(line);
    }
}
