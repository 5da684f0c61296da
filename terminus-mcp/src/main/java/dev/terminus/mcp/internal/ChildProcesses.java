package dev.terminus.mcp.internal;

import io.modelcontextprotocol.client.McpAsyncClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The processes of stdio servers ({@link StdioTransport} starts them), killed with everything they started when their
 * connection closes or their start fails.
 */
final class ChildProcesses {
    private ChildProcesses() {}

    /**
     * Closes a client, then kills its server's process and the processes it started, waiting for them to end.
     *
     * @param wait how long each step may take
     */
    static void closeQuietly(McpAsyncClient client, @Nullable ProcessHandle process, Duration wait) {
        List<ProcessHandle> descendants = process == null ? List.of() : process.descendants().toList();
        try {
            client.closeGracefully().block(wait);
        } catch (RuntimeException e) {
            // a session that cannot end politely is ended below
        }
        // those it started, as they were before the close (a child of a process killed is another's child after)
        descendants.forEach(ProcessHandle::destroyForcibly);
        if (process != null) {
            kill(process, wait);
        }
    }

    /** Kills a process and everything it started, waiting for it to end. */
    private static void kill(ProcessHandle process, Duration wait) {
        List<ProcessHandle> descendants = process.descendants().toList();
        descendants.forEach(ProcessHandle::destroyForcibly);
        if (!process.isAlive()) {
            return;
        }
        process.destroyForcibly();
        try {
            process.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // it did not die in time: nothing more a JVM can do
        }
    }
}
