package dev.terminus.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that does not start, with real child processes run by {@code sh} (always there, so these tests never
 * skip): what {@link McpServerStartException} says and carries. The start and request timeouts are left at 60 s, so
 * a failure that waited for a timeout would say it timed out; these say the process exited.
 */
@Timeout(60)
class McpServerStartExceptionTest {

    private static McpServerStartException startFailure(McpToolset.Builder builder) {
        return catchThrowableOfType(McpServerStartException.class, builder::start);
    }

    private static McpToolset.Builder sh(String name, String script) {
        return McpToolset.builder().server(McpServer.stdio(name, "sh", "-c", script));
    }

    private static List<ProcessHandle> children(String marker) {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains(marker)).filter(ProcessHandle::isAlive).toList();
    }

    @Test
    void aProcessThatExitsAsItStartsFailsTheStartWithItsExitStatusAndTheEndOfItsStderr() {
        // given: the commonest failure of an MCP server, a missing key noticed before the handshake
        McpToolset.Builder builder = sh("broken", "echo 'boom: missing API key' >&2; exit 3");

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure).hasMessage("MCP server \"broken\" exited with status 3 as it started; its stderr ended with:"
                + " boom: missing API key");
        assertThat(failure.server()).isEqualTo("broken");
        assertThat(failure.reason()).isEqualTo(McpServerStartException.Reason.EXITED);
        assertThat(failure.exitStatus()).hasValue(3);
        assertThat(failure.stderrTail()).containsExactly("boom: missing API key");
        assertThat(failure).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aProcessThatClosesItsInputAndExitsAMomentLaterIsToldByItsExitStatusNotByTheBrokenPipe() {
        // given: a server that closes its input at once (the handshake's write then breaks) and is reaped later
        McpToolset.Builder builder = sh("lingering", "exec 0<&-; echo 'boom: missing API key' >&2; sleep 0.5; exit 3");

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure).hasMessage("MCP server \"lingering\" exited with status 3 as it started; its stderr ended"
                + " with: boom: missing API key");
        assertThat(failure.reason()).isEqualTo(McpServerStartException.Reason.EXITED);
        assertThat(failure.exitStatus()).hasValue(3);
    }

    @Test
    void aLongStderrKeepsItsLast20LinesJoinedIntoOneLine() {
        // given
        McpToolset.Builder builder = sh("chatty", "i=1; while [ $i -le 30 ]; do echo \"line $i\" >&2; i=$((i+1)); done;"
                + " exit 4");

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure.stderrTail()).containsExactlyElementsOf(
                IntStream.rangeClosed(11, 30).mapToObj(i -> "line " + i).toList());
        assertThat(failure.getMessage()).doesNotContain("\n").doesNotContain("line 10 ")
                .endsWith("exited with status 4 as it started; its stderr ended with: line 11 | line 12 | line 13 |"
                        + " line 14 | line 15 | line 16 | line 17 | line 18 | line 19 | line 20 | line 21 | line 22 |"
                        + " line 23 | line 24 | line 25 | line 26 | line 27 | line 28 | line 29 | line 30");
    }

    @Test
    void aProcessThatExitsSilentlySaysItWroteNothing() {
        // given
        McpToolset.Builder builder = sh("quiet", "exit 7");

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure).hasMessage("MCP server \"quiet\" exited with status 7 as it started; it wrote nothing on"
                + " its stderr");
        assertThat(failure.stderrTail()).isEmpty();
    }

    @Test
    void aServerThatExitsAfterItsHandshakeFailsTheListingOfItsToolsWithItsExitStatus() {
        // given: it answers initialize, reads the notification and tools/list, and dies
        McpToolset.Builder builder = sh("half", """
                read -r line
                id=$(printf '%s' "$line" | sed -n 's/.*"id":\\("[^"]*"\\).*/\\1/p')
                printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},\
                "serverInfo":{"name":"half","version":"1"}}}\\n' "$id"
                read -r initialized
                read -r list
                echo 'tools: database unreachable' >&2
                exit 5
                """);

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure).hasMessage("MCP server \"half\" exited with status 5 as it started; its stderr ended with:"
                + " tools: database unreachable");
        assertThat(failure.exitStatus()).hasValue(5);
    }

    @Test
    void aServerThatNeverAnswersTimesOutNamingItsTimeoutAndIsStopped() {
        // given: a process that writes a line on its stderr, then reads nothing and answers nothing
        McpToolset.Builder builder = McpToolset.builder().startTimeout(Duration.ofMillis(500))
                .server(McpServer.stdio("mute", "sh", "-c", "echo 'waiting for a token' >&2; exec sleep 31"));

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure).hasMessage("MCP server \"mute\" did not answer its initialize request within 500 ms (its"
                + " startTimeout) and was stopped; its stderr ended with: waiting for a token");
        assertThat(failure.reason()).isEqualTo(McpServerStartException.Reason.TIMED_OUT);
        assertThat(failure.exitStatus()).isEmpty();
        assertThat(children("sleep 31")).as("server processes left").isEmpty();
    }

    @Test
    void aProgramThatCannotBeRunFailsTheStartNamingIt() {
        // given
        McpToolset.Builder builder = McpToolset.builder().server(McpServer.stdio("ghost", "/nonexistent/mcp-server"));

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure.getMessage()).startsWith("MCP server \"ghost\" did not start: ")
                .contains("/nonexistent/mcp-server").doesNotContain("\n");
        assertThat(failure.reason()).isEqualTo(McpServerStartException.Reason.FAILED);
        assertThat(failure.exitStatus()).isEmpty();
        assertThat(failure.stderrTail()).isEmpty();
    }

    @Test
    void anHttpEndpointThatRefusesConnectionsFailsTheStartNamingTheServer() throws IOException {
        // given: a loopback port nothing listens on
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        McpToolset.Builder builder = McpToolset.builder()
                .server(McpServer.http("remote", URI.create("http://127.0.0.1:" + port + "/mcp")));

        // when
        McpServerStartException failure = startFailure(builder);

        // then
        assertThat(failure.getMessage()).startsWith("MCP server \"remote\" did not start: ").doesNotContain("\n");
        assertThat(failure.reason()).isEqualTo(McpServerStartException.Reason.FAILED);
    }

    @Test
    void aVeryLongStderrTailIsCutFromItsStartInTheMessageButKeptWholeAsAValue() {
        // given
        List<String> tail = IntStream.rangeClosed(1, 20).mapToObj(i -> ("line " + i + " ").repeat(20)).toList();

        // when
        McpServerStartException failure = McpServerStartException.exited("wordy", 1, tail);

        // then
        assertThat(failure.stderrTail()).isEqualTo(tail);
        assertThat(failure.getMessage()).contains("its stderr ended with: ...").endsWith(tail.get(19))
                .hasSizeLessThan(2_200);
    }

    @Test
    void aTimeoutOfWholeSecondsIsToldInSeconds() {
        // when
        McpServerStartException failure = McpServerStartException.timedOut("slow", "tools/list", Duration.ofSeconds(60),
                "requestTimeout", List.of());

        // then
        assertThat(failure).hasMessage("MCP server \"slow\" did not answer its tools/list request within 60 s (its"
                + " requestTimeout) and was stopped");
    }
}
