package dev.terminus.mcp.internal;

import dev.terminus.agent.HumanInputNeeded;
import dev.terminus.agent.RunContext;
import dev.terminus.mcp.McpServer;
import dev.terminus.mcp.McpServerStartException;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    private final @Nullable StdioTransport stdio;
    private final @Nullable ProcessHandle process;
    private final Duration requestTimeout;
    private final AtomicLong calls = new AtomicLong();
    /** The progress listener of each call in flight, by its progress token; the client's progress consumer reads it. */
    private final Map<Object, ProgressListener> listeners;
    /** The calls in flight: failed when the server goes; their runs answer the server's sampling and elicitation. */
    private final InFlightCalls inFlight;
    private volatile @Nullable String down;

    private ServerConnection(McpServer server, McpAsyncClient client, CancellingTransport transport,
            @Nullable StdioTransport stdio, Duration requestTimeout, Map<Object, ProgressListener> listeners,
            InFlightCalls inFlight) {
        this.server = server;
        this.listeners = listeners;
        this.inFlight = inFlight;
        this.client = client;
        this.transport = transport;
        this.stdio = stdio;
        this.process = processOf(stdio);
        this.requestTimeout = requestTimeout;
    }

    /**
     * Starts the server's process (stdio) or reaches its endpoint (HTTP) and initializes the MCP session.
     *
     * @param server the server
     * @param requestTimeout how long any request may go unanswered before the server counts as gone
     * @param startTimeout how long starting and initializing may take
     * @param answerSampling whether the client declares the sampling capability, answering the server's
     *     {@code sampling/createMessage} with the model of the run whose call is in flight
     * @param answerElicitation whether the client declares the elicitation capability (form mode), pausing the run
     *     whose call is in flight at a human gate when the server asks for input ({@link Elicitation})
     * @return the connection
     * @throws McpServerStartException when the server's process exits as it starts (at once, with its exit status and
     *     the end of its stderr), it does not answer within {@code startTimeout}, or it cannot be run or reached
     * @throws IllegalStateException when the token of an HTTP server is not set, naming its variable
     */
    public static ServerConnection open(McpServer server, Duration requestTimeout, Duration startTimeout,
            boolean answerSampling, boolean answerElicitation) {
        McpClientTransport wire = Transports.of(server);
        StdioTransport stdio = wire instanceof StdioTransport process ? process : null;
        CancellingTransport transport = new CancellingTransport(wire);
        Map<Object, ProgressListener> listeners = new ConcurrentHashMap<>();
        InFlightCalls inFlight = new InFlightCalls(server.name());
        McpSchema.ClientCapabilities.Builder capabilities = McpSchema.ClientCapabilities.builder();
        if (answerSampling) {
            capabilities.sampling();
        }
        if (answerElicitation) {
            capabilities.elicitation(true, false);
        }
        McpClient.AsyncSpec spec = McpClient.async(transport).capabilities(capabilities.build());
        if (answerSampling) {
            spec.sampling(new Sampling(inFlight)::answer);
        }
        if (answerElicitation) {
            spec.elicitation(new Elicitation(server.name(), inFlight)::answer);
        }
        McpAsyncClient client = spec
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
        try {
            Starts.await(server.name(), transport.unlessConnectFails(client.initialize()),
                    new Starts.Step("initialize", startTimeout, "startTimeout", "did not start"), stdio);
        } catch (RuntimeException e) {
            // a server that started but did not answer must not outlive the failed start
            ChildProcesses.closeQuietly(client, processOf(stdio), CLOSE_WAIT);
            throw e;
        }
        ServerConnection connection = new ServerConnection(server, client, transport, stdio, requestTimeout,
                listeners, inFlight);
        ProcessHandle process = connection.process;
        if (process != null) { // the calls in flight fail as soon as the server's process exits
            process.onExit().thenRun(() -> connection.goneBecause("its process exited"));
        }
        transport.onFailure(connection::transportFailed);
        return connection;
    }

    private static @Nullable ProcessHandle processOf(@Nullable StdioTransport stdio) {
        Process process = stdio == null ? null : stdio.process();
        return process == null ? null : process.toHandle();
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
     * @throws McpServerStartException when the server's process exits before it answers (at once), it does not
     *     answer within the request timeout, or it answers with an error
     */
    public List<McpSchema.Tool> listTools() {
        List<McpSchema.Tool> tools = new ArrayList<>();
        String cursor = null;
        Starts.Step step = new Starts.Step("tools/list", requestTimeout, "requestTimeout", "did not list its tools");
        do {
            McpSchema.ListToolsResult page = Starts.await(server.name(), client.listTools(cursor), step, stdio);
            if (page == null) {
                break;
            }
            tools.addAll(page.tools());
            cursor = page.nextCursor();
        } while (cursor != null);
        return tools;
    }

    /**
     * Calls a tool and waits for its result. When the waiting thread is interrupted, the request is cancelled on the
     * wire ({@code notifications/cancelled}) and the interrupt thrown at once.
     *
     * @param tool the tool's name on the server
     * @param arguments its arguments
     * @param run the run making the call, whose model answers the server's sampling requests while it is in flight
     *     and whose person answers its elicitation
     * @param listener where the call's progress goes
     * @return the server's result
     * @throws InterruptedException when the waiting thread was interrupted
     * @throws HumanInputNeeded when the server asked for input the run has no answer to: the request is cancelled
     *     on the wire and the run pauses
     * @throws ServerDown when the server is gone or never answered
     * @throws io.modelcontextprotocol.spec.McpError when the server answered with a JSON-RPC error
     */
    public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, RunContext run,
            ProgressListener listener) throws InterruptedException, HumanInputNeeded {
        String token = server.name() + "-" + calls.incrementAndGet();
        String gone = down;
        if (gone != null) {
            throw new ServerDown(server.name(), gone);
        }
        listeners.put(token, listener);
        McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder()
                .name(tool).arguments(arguments).progressToken(token).build();
        CompletableFuture<McpSchema.CallToolResult> result = new CompletableFuture<>();
        inFlight.started(token, new InFlightCalls.Call(run, result));
        reactor.core.Disposable subscription = client.callTool(request)
                .subscribe(result::complete, result::completeExceptionally);
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
            if (e.getCause() instanceof HumanInputNeeded needed) {
                transport.cancel(token, "the run paused for a person's input");
                throw needed;
            }
            throw Failures.ofCall(server.name(), tool, e.getCause(), () -> transport.cancel(token,
                    "no answer within " + requestTimeout));
        } finally {
            subscription.dispose(); // a call abandoned before its answer stops waiting for it
            inFlight.ended(token);
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
        for (InFlightCalls.Call call : inFlight.all()) {
            call.result().completeExceptionally(down);
        }
    }

    private void goneBecause(String why) {
        down = why;
        for (InFlightCalls.Call call : inFlight.all()) {
            call.result().completeExceptionally(new ServerDown(server.name(), why));
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
