package dev.terminus.mcp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The reference MCP server {@code @modelcontextprotocol/server-everything}, as installed by the build ({@code npm ci}
 * in {@code src/test/node}, version pinned by its package-lock.json). Tests that need it call {@link #assumeInstalled()}:
 * without Node.js or the installed server they are skipped, and say why (on CI, where {@code CI=true}, they fail).
 */
final class EverythingServer {
    static final Path ENTRY = Path.of("src/test/node/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
            .toAbsolutePath();
    private static final @Nullable String NODE = findNode();

    private EverythingServer() {}

    static void assumeInstalled() {
        if ("true".equals(System.getenv("CI")) && (NODE == null || !Files.isRegularFile(ENTRY))) {
            throw new IllegalStateException("CI must run the MCP end-to-end tests, but " + (NODE == null
                    ? "Node.js (node) is not on the PATH" : ENTRY + " is not installed (npm ci in src/test/node)"));
        }
        if (NODE == null) {
            System.err.println("SKIPPED: Node.js (node) is not on the PATH; the MCP end-to-end tests need it");
        } else if (!Files.isRegularFile(ENTRY)) {
            System.err.println("SKIPPED: " + ENTRY + " is not installed; the build installs it with npm ci when npm is"
                    + " on the PATH");
        }
        assumeTrue(NODE != null, "Node.js (node) is not on the PATH; the MCP end-to-end tests need it");
        assumeTrue(Files.isRegularFile(ENTRY), "the MCP test server is not installed (npm ci in src/test/node)");
    }

    /** @return the server over stdio, named {@code everything} */
    static McpServer.Stdio stdio() {
        return McpServer.stdio("everything", NODE, ENTRY.toString(), "stdio");
    }

    /**
     * @param log the file every line the server reads is copied to
     * @return the server over stdio behind {@code tee}, so a test sees what reached the server
     */
    static McpServer.Stdio stdioRecordingTo(Path log) {
        return McpServer.stdio("everything", "bash", "-c",
                "tee -a '" + log + "' | exec '" + NODE + "' '" + ENTRY + "' stdio");
    }

    /**
     * Starts the server in Streamable HTTP mode on a free loopback port and waits until it listens.
     *
     * @return the running server; close it to stop it
     */
    static Http http() throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(NODE, ENTRY.toString(), "streamableHttp");
        builder.environment().put("PORT", Integer.toString(port));
        builder.redirectErrorStream(true);
        Process process = builder.start();
        CompletableFuture<Boolean> listening = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.contains("listening on port")) {
                        listening.complete(true);
                    }
                }
            } catch (IOException e) {
                // the server ended
            }
            listening.complete(false);
        });
        try {
            if (!listening.get(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the MCP test server did not start on port " + port);
            }
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            process.destroyForcibly();
            throw new IllegalStateException("the MCP test server did not start on port " + port, e);
        }
        return new Http(process, McpServer.http("everything", URI.create("http://127.0.0.1:" + port + "/mcp")));
    }

    /** A server running in Streamable HTTP mode. */
    record Http(Process process, McpServer.Http server) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static @Nullable String findNode() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String directory : path.split(java.io.File.pathSeparator)) {
            Path node = Path.of(directory, "node");
            if (Files.isExecutable(node)) {
                return node.toString();
            }
        }
        return null;
    }
}
