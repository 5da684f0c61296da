package dev.terminus.mcp.internal;

import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.ToolSpec;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One tool of an MCP server as a Terminus tool. Its JSON Schema is the server's input schema, so the loop checks
 * the arguments before the server sees them. The call waits interruptibly (the loop's deadline and cancellation
 * reach it on the run's thread, and the request is cancelled on the wire); progress notifications go to the run's
 * listeners; a result with {@code isError} is a failure of the tool, hence a mistake, as when a Java tool throws.
 */
public final class McpTool implements Tool {
    private final ToolSpec spec;
    private final String remoteName;
    private final ServerConnection connection;

    /**
     * @param name the tool's name among the agent's tools
     * @param tool the tool as the server lists it
     * @param connection the server's connection
     */
    public McpTool(String name, McpSchema.Tool tool, ServerConnection connection) {
        String description = tool.description() != null ? tool.description()
                : tool.title() != null ? tool.title() : tool.name();
        this.spec = new ToolSpec(name, description, schema(tool.inputSchema()));
        this.remoteName = tool.name();
        this.connection = connection;
    }

    /** The server's schema; one without a type is taken as the object schema MCP requires. */
    private static Map<String, @Nullable Object> schema(@Nullable Map<String, Object> input) {
        Map<String, @Nullable Object> schema = new HashMap<>(input == null ? Map.of() : input);
        schema.putIfAbsent("type", "object");
        return schema;
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    /** @return the name of the server the tool comes from */
    public String server() {
        return connection.server().name();
    }

    /** @return the tool's name on its server */
    public String remoteName() {
        return remoteName;
    }

    @Override
    public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
        String name = spec.name();
        @SuppressWarnings("NullAway") // JSON null values are sent as null
        Map<String, Object> sent = new HashMap<>(arguments);
        McpSchema.CallToolResult result = connection.call(remoteName, sent, context,
                (progress, total, message) -> context.reportProgress(name, progress, total, message));
        String text = Results.text(result);
        if (Boolean.TRUE.equals(result.isError())) {
            throw new ToolFailed(connection.server().name(), text);
        }
        return text;
    }

    @Override
    public String toString() {
        return "McpTool[" + spec.name() + " = " + connection.server().name() + "/" + remoteName + "]";
    }

    /** A result the server marked {@code isError}: the tool failed; the model reads the server's text. */
    static final class ToolFailed extends Exception {
        private static final long serialVersionUID = 1L;

        ToolFailed(String server, String text) {
            super("the MCP server \"" + server + "\" reported an error: " + text);
        }
    }
}
