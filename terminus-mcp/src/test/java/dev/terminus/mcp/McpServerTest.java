package dev.terminus.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class McpServerTest {

    @Test
    void aStdioServerKeepsItsCommandArgumentsEnvironmentAndDirectory() {
        // given
        McpServer.Stdio server = McpServer.stdio("files", "npx", "-y", "server")
                .withEnvironment(Map.of("A", "1")).withWorkingDirectory(Path.of("/tmp"));

        // when / then
        assertThat(server).isEqualTo(new McpServer.Stdio("files", "npx", List.of("-y", "server"), Map.of("A", "1"),
                Path.of("/tmp")));
    }

    @Test
    void aBadNameIsRefusedNamingTheSettingAndTheValue() {
        // when / then
        assertThatThrownBy(() -> McpServer.stdio("my server", "npx"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("McpServer.name must match [A-Za-z0-9_-]{1,32}, was \"my server\"");
    }

    @Test
    void aBlankCommandIsRefused() {
        // when / then
        assertThatThrownBy(() -> McpServer.stdio("files", " "))
                .hasMessage("McpServer.Stdio.command of \"files\" must not be blank, was \" \"");
    }

    @Test
    void anHttpServerNeedsAnHttpUrl() {
        // when / then
        assertThatThrownBy(() -> McpServer.http("remote", URI.create("ftp://host/mcp")))
                .hasMessage("McpServer.Http.url of \"remote\" must be an http or https URL, was ftp://host/mcp");
    }

    @Test
    void secretsAreNeverInTheTextOfAServer() {
        // given
        McpServer.Http http = McpServer.http("remote", URI.create("https://host/mcp"))
                .withHeaders(Map.of("X-Api-Key", "secret-1")).withTokenFrom("REMOTE_TOKEN");
        McpServer.Stdio stdio = McpServer.stdio("files", "server").withEnvironment(Map.of("API_KEY", "secret-2"));

        // when
        String text = http + " " + stdio;

        // then
        assertThat(text).doesNotContain("secret-1", "secret-2").contains("X-Api-Key", "API_KEY", "REMOTE_TOKEN");
    }
}
