package dev.terminus.mcp.internal;

import dev.terminus.mcp.McpServer;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * One MCP client, connected to one server: its tools, its calls, and the server's end. A call waits for its result
 * interruptibly; an interrupted call is cancelled on the wire. A server that is gone (its process exited, its
 * endpoint refuses) fails the calls waiting on it at once, and every call after, with {@link ServerDown}.
 */
public final class ServerConnection implements AutoCloseable {
    /** How long closing waits for the client to say goodbye, and then for the process to die. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

    /** Reports a call's progress: how far, out of how much (or null), and what it is doing (or null). */
    @FunctionalInterface
    public interface ProgressListener {
        /**
         * @param progress how far the call got
         * @param total the progress at which it is done, or null
         * @param message what it is doing, or null
         */
        void progress(double progress, @Nullable Double total, @Nullable String message);
    }

    private final McpServer server;
    private final McpAsyncClient client;
    private final CancellingTransport transport;
    private final @Nullable ProcessHandle process;
    private final Duration requestTimeout;
    private final AtomicLong calls = new AtomicLong();
    /** The progress listener of each call in flight, by its progress token; the client's progress consumer reads it. */
    private final Map<Object, ProgressListener> listeners;
    private final Set<CompletableFuture<McpSchema.CallToolResult>> inFlight = ConcurrentHashMap.newKeySet();
    private volatile @Nullable String down;

    private ServerConnection(McpServer server, McpAsyncClient client, CancellingTransport transport,
            @Nullable ProcessHandle process, Duration requestTimeout, Map<Object, ProgressListener> listeners) {
        this.server = server;
        this.listeners = listeners;
        this.client = client;
        this.transport = transport;
        this.process = process;
        this.requestTimeout = requestTimeout;
    }

    /**
     * Starts the server's process (stdio) or reaches its endpoint (HTTP) and initializes the MCP session.
     *
     * @param server the server
     * @param requestTimeout how long any request may go unanswered before the server counts as gone
     * @param startTimeout how long starting and initializing may take
     * @return the connection
     * @throws IllegalStateException when the server cannot be started or reached, naming it and why
     */
    public static ServerConnection open(McpServer server, Duration requestTimeout, Duration startTimeout) {
        CancellingTransport transport = new CancellingTransport(Transports.of(server));
        Map<Object, ProgressListener> listeners = new ConcurrentHashMap<>();
        McpAsyncClient client = McpClient.async(transport)
                .clientInfo(new McpSchema.Implementation("terminus", "terminus-mcp"))
                .requestTimeout(requestTimeout)
                .initializationTimeout(startTimeout)
                .jsonSchemaValidator(new OutputSchemas())
                .progressConsumer(note -> Mono.fromRunnable(() -> {
                    ProgressListener listener = listeners.get(note.progressToken());
                    if (listener != null) {
                        listener.progress(note.progress(), note.total(), note.message());
                    }
                }))
                .build();
        ProcessHandle process;
        try {
            process = ChildProcesses.startedBy(server, () -> transport.unlessConnectFails(client.initialize()).block(startTimeout));
        } catch (RuntimeException e) {
            ChildProcesses.closeQuietly(client, null, CLOSE_WAIT);
            throw new IllegalStateException("MCP server \"" + server.name() + "\" did not start: " + Failures.describe(e), e);
        }
        ServerConnection connection = new ServerConnection(server, client, transport, process, requestTimeout,
                listeners);
        if (process != null) { // the calls in flight fail as soon as the server's process exits
            process.onExit().thenRun(() -> connection.goneBecause("its process exited"));
        }
        transport.onFailure(connection::transportFailed);
        return connection;
    }

    /** @return the server this connects to */
    public McpServer server() {
        return server;
    }

    /** @return the server's process, when it is one this JVM started */
    public Optional<ProcessHandle> process() {
        return Optional.ofNullable(process);
    }

    /** @return why the server counts as gone, or empty while it is up */
    public Optional<String> down() {
        return Optional.ofNullable(down);
    }

    /**
     * Lists every tool of the server, page by page.
     *
     * @return the tools
     * @throws IllegalStateException when the server does not answer, naming it
     */
    public List<McpSchema.Tool> listTools() {
        List<McpSchema.Tool> tools = new ArrayList<>();
        String cursor = null;
        try {
            do {
                McpSchema.ListToolsResult page = client.listTools(cursor).block(requestTimeout);
                if (page == null) {
                    break;
                }
                tools.addAll(page.tools());
                cursor = page.nextCursor();
            } while (cursor != null);
        } catch (RuntimeException e) {
            throw new IllegalStateException("MCP server \"" + server.name() + "\" did not list its tools: "
                    + Failures.describe(e), e);
        }
        return tools;
    }

    /**
     * Calls a tool and waits for its result. When the waiting thread is interrupted, the request is cancelled on the
     * wire ({@code notifications/cancelled}) and the interrupt thrown at once.
     *
     * @param tool the tool's name on the server
     * @param arguments its arguments
     * @param listener where the call's progress goes
     * @return the server's result
     * @throws InterruptedException when the waiting thread was interrupted
     * @throws ServerDown when the server is gone or never answered
     * @throws io.modelcontextprotocol.spec.McpError when the server answered with a JSON-RPC error
     */
    public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, ProgressListener listener)
            throws InterruptedException {
        String token = server.name() + "-" + calls.incrementAndGet();
        String gone = down;
        if (gone != null) {
            throw new ServerDown(server.name(), gone);
        }
        listeners.put(token, listener);
        McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder()
                .name(tool).arguments(arguments).progressToken(token).build();
        CompletableFuture<McpSchema.CallToolResult> result = client.callTool(request).toFuture();
        inFlight.add(result);
        try {
            gone = down; // the server may have gone between the check and the registration
            if (gone != null) {
                result.completeExceptionally(new ServerDown(server.name(), gone));
            }
            return result.get();
        } catch (InterruptedException e) {
            result.cancel(true);
            transport.cancel(token, "the caller stopped waiting (run cancelled or out of time)");
            throw e;
        } catch (ExecutionException e) {
            throw Failures.ofCall(server.name(), tool, e.getCause(), () -> transport.cancel(token,
                    "no answer within " + requestTimeout));
        } finally {
            inFlight.remove(result);
            listeners.remove(token);
            transport.ended(token);
        }
    }

    /**
     * A failure of the transport fails the calls in flight, whose answers can no longer come; the server is not
     * marked gone, as a later request may reach it again (or fail on its own). A session the server no longer knows
     * is the SDK's to renew.
     */
    private void transportFailed(Throwable failure) {
        if (failure instanceof McpTransportSessionNotFoundException) {
            return;
        }
        ServerDown down = new ServerDown(server.name(), "its transport failed: " + Failures.describe(failure));
        for (CompletableFuture<McpSchema.CallToolResult> call : inFlight) {
            call.completeExceptionally(down);
        }
    }

    private void goneBecause(String why) {
        down = why;
        for (CompletableFuture<McpSchema.CallToolResult> call : inFlight) {
            call.completeExceptionally(new ServerDown(server.name(), why));
        }
    }

    /** Ends the session, stops the server's process and every process it started, and fails calls in flight. */
    @Override
    public void close() {
        if (down == null) {
            goneBecause("its toolset was closed");
        }
        ChildProcesses.closeQuietly(client, process, CLOSE_WAIT);
    }

    @Override
    public String toString() {
        return "ServerConnection[" + server.name() + (down == null ? "" : ", down: " + down) + "]";
    }
}
