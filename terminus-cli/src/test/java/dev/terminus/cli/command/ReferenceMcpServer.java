package dev.terminus.cli.command;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The reference MCP server {@code @modelcontextprotocol/server-everything} that terminus-mcp's build installs (its
 * {@code src/test/node}, pinned there), found through the {@code terminus.mcp.testServers} system property the
 * surefire configuration sets. Without Node.js or the installed server the tests that need it are skipped, saying
 * why; on CI ({@code CI=true}) they fail.
 */
final class ReferenceMcpServer {
    private static final @Nullable String MODULES = System.getProperty("terminus.mcp.testServers");
    static final Path ENTRY = Path.of(MODULES == null ? "terminus.mcp.testServers-is-not-set" : MODULES,
            "@modelcontextprotocol", "server-everything", "dist", "index.js").toAbsolutePath();
    static final @Nullable String NODE = findNode();

    private ReferenceMcpServer() {}

    static void assumeInstalled() {
        String missing = NODE == null ? "Node.js (node) is not on the PATH"
                : MODULES == null ? "the system property terminus.mcp.testServers is not set (the surefire configuration sets it)"
                : !Files.isRegularFile(ENTRY) ? ENTRY + " is not installed (terminus-mcp's build installs it with npm ci)"
                : null;
        if (missing != null && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI must run the MCP end-to-end tests, but " + missing);
        }
        if (missing != null) {
            System.err.println("SKIPPED: " + missing + "; the MCP end-to-end tests of terminus-cli need it");
        }
        assumeTrue(missing == null, missing);
    }

    /** @return the {@code mcpServers} entry of a scenario that runs the server over stdio, named {@code everything} */
    static String entry() {
        return "{\"everything\": {\"command\": " + Cli.json(NODE) + ", \"args\": [" + Cli.json(ENTRY.toString())
                + ", \"stdio\"]}}";
    }

    /** @return the processes of this JVM still running the server */
    static List<ProcessHandle> running() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("server-everything"))
                .filter(ProcessHandle::isAlive)
                .toList();
    }

    private static @Nullable String findNode() {
        String path = System.getenv("PATH");
        for (String directory : path == null ? new String[0] : path.split(File.pathSeparator)) {
            Path node = Path.of(directory, "node");
            if (Files.isExecutable(node)) {
                return node.toString();
            }
        }
        return null;
    }
}
