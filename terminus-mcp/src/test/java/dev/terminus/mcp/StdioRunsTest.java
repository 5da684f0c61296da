package dev.terminus.mcp;

/** {@link McpRunsContract} over stdio: the server is a child process, killed with {@code SIGKILL}. */
class StdioRunsTest extends McpRunsContract {

    @Override
    McpServer server() {
        return EverythingServer.stdio();
    }

    @Override
    void kill() {
        toolset.process("everything").orElseThrow().destroyForcibly();
    }
}
