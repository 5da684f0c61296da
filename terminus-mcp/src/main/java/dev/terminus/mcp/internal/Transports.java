package dev.terminus.mcp.internal;

import dev.terminus.mcp.McpServer;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.net.URI;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The transport of a server: {@link StdioTransport} for a process, the SDK's Streamable HTTP for an endpoint. */
final class Transports {
    private Transports() {}

    static McpClientTransport of(McpServer server) {
        return switch (server) {
            case McpServer.Stdio stdio -> new StdioTransport(stdio);
            case McpServer.Http http -> http(http, System.getenv());
        };
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
