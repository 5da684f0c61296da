package dev.terminus.mcp.internal;

import dev.terminus.mcp.McpServer;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The SDK's transport for a server: stdio for a process, Streamable HTTP for an endpoint. */
final class Transports {
    private static final System.Logger LOG = System.getLogger(Transports.class.getName());

    private Transports() {}

    static McpClientTransport of(McpServer server) {
        return switch (server) {
            case McpServer.Stdio stdio -> stdio(stdio);
            case McpServer.Http http -> http(http, System.getenv());
        };
    }

    private static McpClientTransport stdio(McpServer.Stdio server) {
        ServerParameters parameters = ServerParameters.builder(server.command())
                .args(server.arguments())
                .env(server.environment())
                .build();
        Path directory = server.workingDirectory();
        StdioClientTransport transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper()) {
            @Override
            protected ProcessBuilder getProcessBuilder() {
                ProcessBuilder builder = new ProcessBuilder();
                return directory == null ? builder : builder.directory(directory.toFile());
            }
        };
        // the server's own diagnostics: kept out of the run, for the application's logs
        transport.setStdErrorHandler(line -> LOG.log(System.Logger.Level.DEBUG, () -> server.name() + " stderr: " + line));
        return transport;
    }

    /**
     * @param environment where the token's variable is read
     * @throws IllegalStateException when the token's variable is not set, naming the variable (never a value)
     */
    static McpClientTransport http(McpServer.Http server, Map<String, String> environment) {
        URI url = server.url();
        String base = url.getScheme() + "://" + url.getRawAuthority();
        String endpoint = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        if (url.getRawQuery() != null) {
            endpoint += "?" + url.getRawQuery();
        }
        @Nullable String token = null;
        if (server.tokenVariable() != null) {
            token = environment.get(server.tokenVariable());
            if (token == null || token.isBlank()) {
                throw new IllegalStateException("MCP server \"" + server.name() + "\": the environment variable "
                        + server.tokenVariable() + " (its tokenVariable) is not set");
            }
        }
        String authorization = token == null ? null : "Bearer " + token;
        Map<String, String> headers = server.headers();
        return HttpClientStreamableHttpTransport.builder(base)
                .endpoint(endpoint)
                .httpRequestCustomizer((request, method, uri, body, context) -> {
                    headers.forEach(request::setHeader);
                    if (authorization != null) {
                        request.setHeader("Authorization", authorization);
                    }
                })
                .build();
    }
}
