package dev.terminus.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.scripted.ScriptedModel;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Starting, naming and closing a toolset, and what a server's death leaves behind. */
@Timeout(60)
class McpToolsetTest {

    /** The same server under another name. */
    private static McpServer other() {
        McpServer.Stdio everything = EverythingServer.stdio();
        return new McpServer.Stdio("other", everything.command(), everything.arguments(), Map.of(), null);
    }

    @BeforeEach
    void serverInstalled() {
        EverythingServer.assumeInstalled();
    }

    @Test
    void aToolsetThatDoesNotAnswerSamplingDoesNotDeclareItSoTheServerOffersNoSamplingTool() {
        // given
        try (McpToolset answering = McpToolset.start(EverythingServer.stdio());
                McpToolset silent = McpToolset.builder().server(EverythingServer.stdio()).sampling(false).start()) {
            // when
            List<String> withSampling = answering.tools().stream().map(t -> t.spec().name()).toList();
            List<String> without = silent.tools().stream().map(t -> t.spec().name()).toList();

            // then
            assertThat(withSampling).contains(McpRunsContract.SAMPLING);
            assertThat(without).contains("echo").doesNotContain(McpRunsContract.SAMPLING);
        }
    }

    @Test
    void aToolsetThatDoesNotPauseForElicitationDoesNotDeclareItSoTheServerOffersNoElicitationTool() {
        // given
        try (McpToolset pausing = McpToolset.start(EverythingServer.stdio());
                McpToolset silent = McpToolset.builder().server(EverythingServer.stdio()).elicitation(false).start()) {
            // when
            List<String> withElicitation = pausing.tools().stream().map(t -> t.spec().name()).toList();
            List<String> without = silent.tools().stream().map(t -> t.spec().name()).toList();

            // then
            assertThat(withElicitation).contains(McpRunsContract.ELICITATION);
            assertThat(without).contains("echo").doesNotContain(McpRunsContract.ELICITATION);
        }
    }

    @Test
    void eachToolKnowsTheServerItComesFromAndAToolOfNoServerIsRefused() {
        // given
        try (McpToolset toolset = McpToolset.start(EverythingServer.stdio())) {
            Tool echo = toolset.tools().stream().filter(t -> t.spec().name().equals("echo")).findFirst().orElseThrow();
            Tool foreign = dev.terminus.agent.Tools.of("echo", "not MCP", (arguments, run) -> "x");

            // when
            String server = toolset.serverOf(echo);

            // then
            assertThat(server).isEqualTo("everything");
            assertThatThrownBy(() -> toolset.serverOf(foreign)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("McpToolset.serverOf: Tool[echo] is not a tool of this toolset");
        }
    }

    @Test
    void theServersToolsAreOfferedWithTheirOwnNamesAndSchemas() {
        // given
        try (McpToolset toolset = McpToolset.start(EverythingServer.stdio())) {
            // when
            Tool sum = toolset.tools().stream().filter(t -> t.spec().name().equals("get-sum")).findFirst().orElseThrow();

            // then
            assertThat(toolset.tools()).extracting(t -> t.spec().name())
                    .contains("echo", "get-sum", "get-structured-content", "get-tiny-image",
                            McpRunsContract.LONG);
            assertThat(sum.spec().description()).isEqualTo("Returns the sum of two numbers");
            assertThat(sum.spec().parameters()).containsEntry("type", "object").containsKey("properties");
        }
    }

    @Test
    void twoServersWithTheSameToolIsACollisionRefusedWithPlainNames() {
        // given
        McpToolset.Builder builder = McpToolset.builder().naming(ToolNaming.PLAIN)
                .server(EverythingServer.stdio())
                .server(other());

        // when / then
        assertThatThrownBy(builder::start).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("MCP tool name collision: \"echo\"").hasMessageContaining("ToolNaming.PREFIXED");
    }

    @Test
    void prefixedNamesTellTwoServersToolsApart() {
        // given
        McpToolset.Builder builder = McpToolset.builder().naming(ToolNaming.PREFIXED)
                .server(EverythingServer.stdio())
                .server(other());

        // when
        try (McpToolset toolset = builder.start()) {
            // then
            assertThat(toolset.tools()).extracting(t -> t.spec().name()).contains("everything__echo", "other__echo");
        }
    }

    @Test
    void closingKillsTheServerProcess() throws Exception {
        // given
        McpToolset toolset = McpToolset.start(EverythingServer.stdio());
        ProcessHandle process = toolset.process("everything").orElseThrow();

        // when
        toolset.close();

        // then
        assertThat(process.isAlive()).isFalse();
    }

    @Test
    void aRunStartedAfterTheServerDiedEndsHaltedAndLeavesNoProcess() throws Exception {
        // given
        try (McpToolset toolset = McpToolset.start(EverythingServer.stdio())) {
            ProcessHandle process = toolset.process("everything").orElseThrow();
            process.destroyForcibly();
            process.onExit().get(10, TimeUnit.SECONDS);
            Agent agent = Agent.builder(ScriptedModel.builder().toolCall("echo", Map.of("message", "hi")).text("no")
                    .build()).config(AgentConfig.custom().name("late").build()).tools(toolset.tools()).build();

            // when
            RunResult result = agent.run("echo");

            // then
            assertThat(result.termination()).isEqualTo(new Termination.Halted("tool:echo",
                    "MCP server \"everything\" is down: its process exited"));
            assertThat(toolset.down("everything")).contains("its process exited");
            assertThat(process.isAlive()).isFalse();
        }
    }

    @Test
    void anHttpServerWhoseTokenVariableIsUnsetFailsTheStartNamingTheVariable() {
        // given
        McpToolset.Builder builder = McpToolset.builder().server(McpServer.http("remote",
                URI.create("http://127.0.0.1:9/mcp")).withTokenFrom("TERMINUS_TEST_UNSET_TOKEN"));

        // when / then
        assertThatThrownBy(builder::start).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("TERMINUS_TEST_UNSET_TOKEN").hasMessageContaining("is not set");
    }

    @Test
    void twoServersOfOneNameAreRefused() {
        // given
        McpToolset.Builder builder = McpToolset.builder().server(EverythingServer.stdio());

        // when / then
        assertThatThrownBy(() -> builder.server(EverythingServer.stdio())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("McpToolset.server: two servers are named \"everything\"");
    }
}
