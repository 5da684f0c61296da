package dev.terminus.cli.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link ScenarioServers}: what a scenario's {@code mcpServers} entry may say, each mistake named by its field and
 * value before anything starts. Starting real servers is proved end to end by the command tests.
 */
class ScenarioServersTest {

    private static Scenario scenario(String mcp) throws ScenarioException {
        return ScenarioReader.read(("{\"task\": \"t\", " + mcp + "}").getBytes(StandardCharsets.UTF_8), "s.json");
    }

    @Test
    void aScenarioWithoutServersStartsNoneAndOffersNoMcpTools() throws ScenarioException {
        // given
        Scenario scenario = scenario("\"tools\": [{\"name\": \"ping\"}]");

        // when
        try (ScenarioServers servers = ScenarioServers.start(scenario)) {
            // then
            assertThat(servers.tools()).isEmpty();
        }
    }

    @Test
    void anEntryWithBothACommandAndAUrlIsRefusedNamingTheServer() throws ScenarioException {
        // given
        Scenario scenario = scenario("\"mcpServers\": {\"s\": {\"command\": \"node\", \"url\": \"http://h/mcp\"}}");

        // when / then
        assertThatThrownBy(() -> ScenarioServers.start(scenario)).isInstanceOf(ScenarioException.class)
                .hasMessage("mcpServers.s: needs exactly one of \"command\" (stdio) and \"url\" (HTTP), got both");
    }

    @Test
    void anEntryWithNeitherACommandNorAUrlIsRefusedNamingTheServer() throws ScenarioException {
        // given
        Scenario scenario = scenario("\"mcpServers\": {\"s\": {\"args\": [\"x\"]}}");

        // when / then
        assertThatThrownBy(() -> ScenarioServers.start(scenario)).isInstanceOf(ScenarioException.class)
                .hasMessage("mcpServers.s: needs exactly one of \"command\" (stdio) and \"url\" (HTTP), got neither");
    }

    @Test
    void aFieldOfTheOtherTransportIsRefusedNamingIt() throws ScenarioException {
        // given
        Scenario stdio = scenario("\"mcpServers\": {\"s\": {\"command\": \"node\", \"tokenEnv\": \"TOKEN\"}}");
        Scenario http = scenario("\"mcpServers\": {\"h\": {\"url\": \"http://h/mcp\", \"cwd\": \"/tmp\"}}");

        // when / then
        assertThatThrownBy(() -> ScenarioServers.start(stdio))
                .hasMessage("mcpServers.s.tokenEnv: only a server with a \"url\" takes it");
        assertThatThrownBy(() -> ScenarioServers.start(http))
                .hasMessage("mcpServers.h.cwd: only a server with a \"command\" takes it");
    }

    @Test
    void aServerNameTheToolsetRefusesIsReportedWithItsValue() throws ScenarioException {
        // given
        Scenario scenario = scenario("\"mcpServers\": {\"bad name\": {\"command\": \"node\"}}");

        // when / then
        assertThatThrownBy(() -> ScenarioServers.start(scenario))
                .hasMessage("mcpServers.bad name: McpServer.name must match [A-Za-z0-9_-]{1,32}, was \"bad name\"");
    }

    @Test
    void aNonHttpUrlIsRefusedWithItsValue() throws ScenarioException {
        // given
        Scenario scenario = scenario("\"mcpServers\": {\"h\": {\"url\": \"file:///etc/passwd\"}}");

        // when / then
        assertThatThrownBy(() -> ScenarioServers.start(scenario))
                .hasMessage("mcpServers.h.url: \"file:///etc/passwd\" is not an http or https URL");
    }

    @Test
    void anUnknownFieldOfAnEntryIsRefusedByTheReaderWithTheFieldsKnown() {
        // given
        byte[] json = "{\"task\": \"t\", \"mcpServers\": {\"s\": {\"commmand\": \"node\"}}}"
                .getBytes(StandardCharsets.UTF_8);

        // when / then
        assertThatThrownBy(() -> ScenarioReader.read(json, "s.json")).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("mcpServers.s.commmand: unknown field \"commmand\"")
                .hasMessageContaining("command, cwd, env, headers, tokenEnv, url");
    }

    @Test
    void aScenarioWithServersIsRefusedWhereServersAreNotStarted() throws ScenarioException {
        // given
        Scenario scenario = scenario("\"mcpServers\": {\"s\": {\"command\": \"node\"}}, \"script\": [{\"text\": \"x\"}]");

        // when / then
        assertThatThrownBy(() -> ScenarioAgent.of(scenario)).isInstanceOf(ScenarioException.class)
                .hasMessage("mcpServers: this command does not start MCP servers (terminus run, resume and tools"
                        + " do, and eval without --temporal)");
    }

    @Test
    void checkingEntriesStartsNothingAndSaysWhetherTheScenarioHasServers() throws ScenarioException {
        // given: a command no machine has, which a start would fail on
        Scenario servers = scenario("\"mcpServers\": {\"s\": {\"command\": \"/no/such/mcp-server\"}}");
        Scenario none = scenario("\"tools\": [{\"name\": \"ping\"}]");

        // when / then
        assertThat(ScenarioServers.check(servers)).isTrue();
        assertThat(ScenarioServers.check(none)).isFalse();
        assertThatThrownBy(() -> ScenarioServers.check(scenario("\"mcpServers\": {\"s\": {\"args\": []}}")))
                .hasMessage("mcpServers.s: needs exactly one of \"command\" (stdio) and \"url\" (HTTP), got neither");
        assertThatThrownBy(() -> ScenarioServers.check(scenario("\"mcpNaming\": \"fancy\"")))
                .hasMessage("mcpNaming: \"fancy\" is not one of plain, prefixed");
    }

    @Test
    void theMcpToolsAScenariosApprovalsNameGetStandInsWhereTheServersDoNotStart() throws ScenarioException {
        // given
        Scenario scenario = scenario("\"mcpServers\": {\"s\": {\"command\": \"node\"}},"
                + " \"tools\": [{\"name\": \"ping\"}], \"approvals\": [\"ping\", \"delete_file\"],"
                + " \"script\": [{\"text\": \"x\"}]");

        // when
        ScenarioAgent agent = ScenarioAgent.of(scenario, 0, java.util.List.of(), ScenarioServers.standIns(scenario));

        // then
        assertThat(ScenarioServers.standIns(scenario)).extracting(tool -> tool.spec().name())
                .containsExactly("delete_file");
        assertThat(agent.agent().tools()).containsKeys("ping", "delete_file");
    }
}
