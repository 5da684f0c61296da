package dev.terminus.mcp;

import dev.terminus.agent.Tool;
import dev.terminus.mcp.internal.McpTool;
import dev.terminus.mcp.internal.ServerConnection;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The tools of MCP servers, for an agent: one MCP client per server, started once by {@link #start()}, and closed
 * (sessions ended, server processes and everything they started killed) by {@link #close()}. Give
 * {@link #tools()} to {@code Agent.builder(...).tools(...)}; close the toolset when the agent is done.
 *
 * {@snippet :
 * import java.net.URI;
 *
 * try (McpToolset mcp = McpToolset.builder()
 *         .server(McpServer.stdio("files", "npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"))
 *         .server(McpServer.http("search", URI.create("http://localhost:3001/mcp")).withTokenFrom("SEARCH_TOKEN"))
 *         .naming(ToolNaming.PREFIXED)
 *         .start()) {
 *     Agent agent = Agent.builder(model).tools(mcp.tools()).build();
 *     RunResult result = agent.run("List the files in /tmp and search the web for each name.");
 * }
 * }
 *
 * <p>A server that does not start fails {@link Builder#start()} with a {@link McpServerStartException}: a process
 * that exits as it starts (a missing API key, a bad argument) does so at once, with its exit status and the last
 * lines of its stderr. What a server's failure does to a run is in ADR 0021: a server that is gone (its process exited, its endpoint
 * refuses, its transport broke) or that leaves a call unanswered past {@link Builder#requestTimeout} ends the run
 * {@code Halted}; a cancelled run, or one out of time, cancels the call in flight on the wire and ends at once.
 * Thread-safe: runs of one agent may call the same servers concurrently.
 *
 * <p>A server that asks the client's model for a message ({@code sampling/createMessage}) during a tool call is
 * answered by the model of the run making that call, which pays for it: its tokens and cost count in the run's usage
 * and budgets, so a token budget can end the run because of it (see {@link Builder#sampling(boolean)}). A server
 * that asks a person for input ({@code elicitation/create}) pauses the run at a human gate, answered later, maybe in
 * another process (see {@link Builder#elicitation(boolean)}).
 */
public final class McpToolset implements AutoCloseable {
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final List<ServerConnection> connections;
    private final List<Tool> tools;

    private McpToolset(List<ServerConnection> connections, List<Tool> tools) {
        this.connections = connections;
        this.tools = tools;
    }

    /**
     * Starts these servers with the defaults ({@link ToolNaming#PLAIN}, 60 s request and start timeouts).
     *
     * @param servers the servers
     * @return the started toolset
     * @throws McpServerStartException when a server does not start, naming it and why (see {@link Builder#start()})
     * @throws IllegalStateException when two tools collide, naming them
     */
    public static McpToolset start(McpServer... servers) {
        Builder builder = builder();
        for (McpServer server : servers) {
            builder.server(server);
        }
        return builder.start();
    }

    /** @return a builder with no servers and the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the servers' tools, in the servers' order and each server's own */
    public List<Tool> tools() {
        return tools;
    }

    /**
     * @param tool one of {@link #tools()}
     * @return the name of the server the tool comes from
     * @throws IllegalArgumentException when the tool is not one of this toolset's, naming it
     */
    public String serverOf(Tool tool) {
        if (tool instanceof McpTool mcp && tools.contains(mcp)) {
            return mcp.server();
        }
        throw new IllegalArgumentException("McpToolset.serverOf: " + tool + " is not a tool of this toolset");
    }

    /**
     * @param server a server's name
     * @return the process of that stdio server, while this toolset is open (for monitoring); empty for an HTTP
     *     server
     * @throws IllegalArgumentException when no server has that name
     */
    public Optional<ProcessHandle> process(String server) {
        return connection(server).process();
    }

    /**
     * @param server a server's name
     * @return why the server counts as gone, or empty while it is up
     * @throws IllegalArgumentException when no server has that name
     */
    public Optional<String> down(String server) {
        return connection(server).down();
    }

    private ServerConnection connection(String server) {
        for (ServerConnection connection : connections) {
            if (connection.server().name().equals(server)) {
                return connection;
            }
        }
        throw new IllegalArgumentException("McpToolset has no server named \"" + server + "\"");
    }

    /** Ends every session and kills every server process; calls still in flight fail with the server down. */
    @Override
    public void close() {
        connections.forEach(ServerConnection::close);
    }

    @Override
    public String toString() {
        return "McpToolset" + connections;
    }

    /** Configures and starts a toolset. */
    public static final class Builder {
        private final List<McpServer> servers = new ArrayList<>();
        private ToolNaming naming = ToolNaming.PLAIN;
        private Duration requestTimeout = Duration.ofSeconds(60);
        private Duration startTimeout = Duration.ofSeconds(60);
        private boolean sampling = true;
        private boolean elicitation = true;

        private Builder() {}

        /**
         * @param server a server to connect to; names must be unique
         * @return this
         */
        public Builder server(McpServer server) {
            for (McpServer known : servers) {
                if (known.name().equals(server.name())) {
                    throw new IllegalArgumentException("McpToolset.server: two servers are named \"" + server.name() + "\"");
                }
            }
            servers.add(server);
            return this;
        }

        /**
         * @param naming how the servers' tools are named among the agent's tools
         * @return this
         */
        public Builder naming(ToolNaming naming) {
            if (naming == null) {
                throw new IllegalArgumentException("McpToolset.naming must not be null");
            }
            this.naming = naming;
            return this;
        }

        /**
         * @param timeout how long a server may leave a request unanswered before it counts as gone (and the run
         *     ends {@code Halted}); the agent's per-tool timeout and time budget, when shorter, come first
         * @return this
         */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "requestTimeout");
            return this;
        }

        /**
         * @param timeout how long a server may take to answer its MCP handshake ({@code initialize}); a server
         *     process that exits sooner fails the start at once
         * @return this
         */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = positive(timeout, "startTimeout");
            return this;
        }

        /**
         * Whether the servers may ask for sampling ({@code sampling/createMessage}): the client then declares the
         * capability and answers with the model of the run whose tool call is in flight on that server, its tokens
         * and cost counted in that run's usage and budgets ({@code RunContext.askModel}). On by default; off, the
         * capability is not declared and servers cannot ask.
         *
         * @param answer whether to answer sampling requests
         * @return this
         */
        public Builder sampling(boolean answer) {
            this.sampling = answer;
            return this;
        }

        /**
         * Whether the servers may ask a person for input during a tool call ({@code elicitation/create}, form mode):
         * the client then declares the capability, and a call that asks pauses its run at a human gate
         * ({@code HitlGatePending}, the server's message as its summary) whose checkpoint keeps the message and the
         * requested schema. A person answers with {@code GateDecision.answer} (checked against the schema) or
         * declines with {@code GateDecision.reject}; the resumed run makes the call again and the server's same
         * request is answered at once. On by default; off, servers cannot ask (and some offer fewer tools).
         *
         * @param pause whether a server's request for input pauses the run for a person
         * @return this
         */
        public Builder elicitation(boolean pause) {
            this.elicitation = pause;
            return this;
        }

        private static Duration positive(Duration timeout, String setting) {
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("McpToolset." + setting + " must be positive, was " + timeout);
            }
            return timeout;
        }

        /**
         * Starts every server, lists its tools and names them.
         *
         * @return the toolset, whose servers are running
         * @throws McpServerStartException when a server does not start or list its tools, in one line naming it:
         *     its process exited as it started (told at once, with its exit status and the last lines of its
         *     stderr, not when the timeout passes), it did not answer within {@link #startTimeout} ({@code
         *     initialize}) or {@link #requestTimeout} ({@code tools/list}), or it could not be run or reached (the
         *     servers started are closed first)
         * @throws IllegalStateException when two tools get one name, or an HTTP server's token variable is not set
         */
        public McpToolset start() {
            List<ServerConnection> started = new ArrayList<>();
            try {
                Map<String, McpTool> tools = new LinkedHashMap<>();
                for (McpServer server : servers) {
                    ServerConnection connection = ServerConnection.open(server, requestTimeout, startTimeout,
                            sampling, elicitation);
                    started.add(connection);
                    for (McpSchema.Tool listed : connection.listTools()) {
                        add(tools, new McpTool(checked(server, listed), listed, connection));
                    }
                }
                return new McpToolset(List.copyOf(started), List.copyOf(tools.values()));
            } catch (RuntimeException e) {
                started.forEach(ServerConnection::close);
                throw e;
            }
        }

        private String checked(McpServer server, McpSchema.Tool listed) {
            String name = naming.name(server.name(), listed.name());
            if (!TOOL_NAME.matcher(name).matches()) {
                throw new IllegalStateException("MCP server \"" + server.name() + "\": its tool \"" + listed.name()
                        + "\" would be named \"" + name + "\", longer than the 64 characters a tool's name may have");
            }
            return name;
        }

        private static void add(Map<String, McpTool> tools, McpTool tool) {
            McpTool before = tools.putIfAbsent(tool.spec().name(), tool);
            if (before != null) {
                throw new IllegalStateException("MCP tool name collision: \"" + tool.spec().name() + "\" is "
                        + before + " and " + tool + "; use ToolNaming.PREFIXED or rename a server");
            }
        }
    }
}
