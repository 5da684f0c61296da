package dev.terminus.mcp.internal;

import dev.terminus.mcp.McpServer;
import io.modelcontextprotocol.client.McpAsyncClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The processes of stdio servers. The SDK's stdio transport starts its process without showing it; it is found
 * among this JVM's children as the one that appeared while the transport connected (starts are serialized here, so
 * two servers starting at once cannot be mistaken for each other), and killed with everything it started on close.
 */
final class ChildProcesses {
    private static final Object STARTING = new Object();

    private ChildProcesses() {}

    /**
     * Runs the start of a server's session, and finds the process it started.
     *
     * @return the server's process, or null for a server that is not a process (or not one found)
     */
    static @Nullable ProcessHandle startedBy(McpServer server, Runnable start) {
        if (!(server instanceof McpServer.Stdio stdio)) {
            start.run();
            return null;
        }
        synchronized (STARTING) {
            Set<Long> before = ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
            try {
                start.run();
            } catch (RuntimeException e) {
                // a server that started but did not answer must not outlive the failed start
                ProcessHandle.current().children().filter(child -> !before.contains(child.pid()))
                        .forEach(child -> kill(child, Duration.ofSeconds(2)));
                throw e;
            }
            List<ProcessHandle> started = ProcessHandle.current().children()
                    .filter(child -> !before.contains(child.pid())).toList();
            if (started.size() == 1) {
                return started.get(0);
            }
            String program = Path.of(stdio.command()).getFileName().toString();
            return started.stream()
                    .filter(child -> child.info().command().map(c -> Path.of(c).getFileName().toString().equals(program))
                            .orElse(false))
                    .findFirst().orElse(null);
        }
    }

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
