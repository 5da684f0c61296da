package dev.terminus.mcp.internal;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The SDK's transport of one server, watched on its way out so that a tool call can be cancelled on the wire: the
 * SDK numbers its requests itself and forgets a request whose subscriber went away without telling the server. Each
 * {@code tools/call} carries a progress token of ours; the request id the SDK gave it is kept under that token while
 * the call runs, and {@link #cancel} sends the server {@code notifications/cancelled} for it.
 */
public final class CancellingTransport implements McpClientTransport {
    /** The MCP method of a cancellation, which the SDK's client does not send itself. */
    public static final String CANCELLED = "notifications/cancelled";

    private final McpClientTransport delegate;
    /** The request id of each call in flight, by its progress token. */
    private final Map<Object, Object> requestIds = new ConcurrentHashMap<>();
    private volatile Consumer<Throwable> failures = failure -> { };
    /** Completed, exceptionally, when connecting fails. */
    private final CompletableFuture<Object> connectFailure = new CompletableFuture<>();

    /** @param delegate the SDK's transport */
    public CancellingTransport(McpClientTransport delegate) {
        this.delegate = delegate;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return delegate.connect(handler).doOnError(connectFailure::completeExceptionally);
    }

    /**
     * The SDK's client connects its transport on its own and keeps a failure to connect (a program that cannot be
     * run) to itself: the request waiting on the connection would wait out its timeout. This fails it at once.
     *
     * @param work what waits on the connection
     * @param <T> its result
     * @return the work, failing as soon as the transport fails to connect
     */
    public <T> Mono<T> unlessConnectFails(Mono<T> work) {
        return Mono.firstWithSignal(work, Mono.fromFuture(connectFailure).flatMap(never -> Mono.<T>never()));
    }

    /**
     * Passes the client's handler of transport failures on, and tells {@link #onFailure} as well: a failure of the
     * stream a call's result was to come on (an HTTP server gone mid-call) fails no request of the SDK's by itself.
     */
    @Override
    public void setExceptionHandler(Consumer<Throwable> handler) {
        delegate.setExceptionHandler(failure -> {
            handler.accept(failure);
            failures.accept(failure);
        });
    }

    /** @param listener told of every failure of the transport */
    public void onFailure(Consumer<Throwable> listener) {
        this.failures = listener;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCRequest request
                && McpSchema.METHOD_TOOLS_CALL.equals(request.method())
                && request.params() instanceof McpSchema.CallToolRequest call && call.progressToken() != null) {
            requestIds.put(call.progressToken(), request.id());
        }
        return delegate.sendMessage(message);
    }

    /**
     * Sends the server {@code notifications/cancelled} for the call of this token, if its request went out.
     *
     * @param progressToken the call's token
     * @param reason why, for the server's logs
     * @return the request id cancelled, or null when the request never went out
     */
    public @Nullable Object cancel(Object progressToken, String reason) {
        Object id = requestIds.remove(progressToken);
        if (id != null) {
            delegate.sendMessage(new McpSchema.JSONRPCNotification(CANCELLED, Map.of("requestId", id, "reason", reason)))
                    .subscribe(ignored -> { }, failure -> { }); // a server gone cannot be told: nothing to do
        }
        return id;
    }

    /** @param progressToken a call's token, forgotten once the call ended */
    public void ended(Object progressToken) {
        requestIds.remove(progressToken);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return delegate.unmarshalFrom(data, typeRef);
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }
}
