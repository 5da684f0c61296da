package dev.terminus.mcp;

import org.junit.jupiter.api.AfterEach;

/** {@link McpRunsContract} over Streamable HTTP: the server listens on a loopback port, killed with {@code SIGKILL}. */
class HttpRunsTest extends McpRunsContract {
    private EverythingServer.Http running;

    @Override
    McpServer server() throws Exception {
        running = EverythingServer.http();
        return running.server();
    }

    @Override
    void kill() {
        running.process().destroyForcibly();
    }

    @AfterEach
    void stopServer() throws InterruptedException {
        if (running != null) {
            running.close();
        }
    }
}
