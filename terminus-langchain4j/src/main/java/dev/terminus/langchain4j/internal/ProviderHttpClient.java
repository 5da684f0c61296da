package dev.terminus.langchain4j.internal;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.CancellationUnsupportedHandle;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.http.client.sse.ServerSentEventContext;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * LangChain4j's HTTP client on a JDK {@link java.net.http.HttpClient} this module owns, for four things LangChain4j's
 * own JDK client does not do:
 *
 * <ul>
 *   <li>an error keeps the provider's {@code Retry-After} ({@link RetryAfter}): it is thrown as a
 *       {@link ProviderHttpException}, an {@link HttpException} LangChain4j maps as it maps its own;</li>
 *   <li>a call whose thread is interrupted (the run's deadline, a cancellation) is cancelled on the wire: the
 *       exchange is aborted and its connection closed, so a stalled body leaves no connection or thread waiting for
 *       the client's timeout; a streamed call is cancelled the same way when the loop closes its stream
 *       ({@link StreamedCall}), before its first event too;</li>
 *   <li>a streaming request that a server or gateway answered with a whole OpenAI answer (it ignored
 *       {@code "stream": true}) goes on as a stream of one piece ({@link UnstreamedAnswer}) instead of failing, or
 *       ending as an empty answer;</li>
 *   <li>{@link #close()} shuts the JDK client down: its pooled connections and its selector thread end with the
 *       model instead of when the client is garbage collected.</li>
 * </ul>
 */
public final class ProviderHttpClient implements HttpClient, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ProviderHttpClient.class.getName());
    /** How much of a body that cannot be read is quoted in the failure. */
    private static final int EXCERPT = 500;

    private final java.net.http.HttpClient client;
    private final Duration readTimeout;

    private ProviderHttpClient(Duration connectTimeout, Duration readTimeout) {
        this.client = java.net.http.HttpClient.newBuilder().connectTimeout(connectTimeout).build();
        this.readTimeout = readTimeout;
    }

    /**
     * @param timeout the connect and read timeout of the clients built, unless LangChain4j sets its own
     * @return a builder to hand to a LangChain4j chat model's {@code httpClientBuilder}
     */
    public static Builder builder(Duration timeout) {
        return new Builder(timeout);
    }

    /**
     * Sends the request and waits for the whole response.
     *
     * @throws ProviderHttpException for a status outside 2xx, with the body and the {@code Retry-After}
     * @throws TimeoutException when the response did not come within the read timeout
     * @throws RuntimeException around an {@link InterruptedException} (the thread's interrupt kept) when the call was
     *     interrupted, and around the {@link java.io.IOException} of a refused or broken connection
     */
    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        CompletableFuture<HttpResponse<byte[]>> exchange =
                client.sendAsync(jdkRequest(request), HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> response;
        try {
            response = exchange.get();
        } catch (InterruptedException e) {
            exchange.cancel(true); // aborts the exchange and closes its connection
            Thread.currentThread().interrupt();
            throw new RuntimeException(e);
        } catch (ExecutionException e) {
            throw failure(e.getCause());
        }
        if (response.statusCode() / 100 != 2) {
            throw error(response.statusCode(), response.headers(), new String(response.body(), StandardCharsets.UTF_8));
        }
        return SuccessfulHttpResponse.builder().statusCode(response.statusCode())
                .headers(response.headers().map()).body(response.body()).build();
    }

    /**
     * Sends the request and streams the response's events to the listener, from the client's own threads. When the
     * call is a {@link StreamedCall}'s, its exchange is registered with it, so a cancel aborts the exchange before the
     * response and closes its body (and connection) after; the call is told when the body ended. A listener that
     * throws on an event (LangChain4j's Anthropic client, on a chunk that is not JSON) ends the stream with that
     * failure instead of having it dropped. A 2xx whole OpenAI answer ({@code application/json}, from a server or
     * gateway that ignored {@code "stream": true}) is read once, whole, and handed on as the one event of a stream
     * that carries all of it ({@link UnstreamedAnswer}), a debug line noting that the provider did not stream; any
     * other JSON body is a failure that says so.
     */
    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        StreamedCall call = StreamedCall.starting();
        CompletableFuture<HttpResponse<InputStream>> exchange =
                client.sendAsync(jdkRequest(request), HttpResponse.BodyHandlers.ofInputStream());
        if (call != null) {
            call.onWire(() -> exchange.cancel(true)); // aborts the exchange and closes its connection
        }
        exchange.whenComplete((response, e) -> {
            try {
                if (e != null) {
                    listener.onError(failure(e instanceof java.util.concurrent.CompletionException ? e.getCause() : e));
                    return;
                }
                stream(response, parser, listener, call);
            } finally {
                if (call != null) {
                    call.bodyEnded();
                }
            }
        });
    }

    private static void stream(HttpResponse<InputStream> response, ServerSentEventParser parser,
            ServerSentEventListener listener, @Nullable StreamedCall call) {
        InputStream body = response.body();
        if (call != null) {
            call.onWire(body); // closed at once when the call was cancelled already
        }
        try (body) {
            if (response.statusCode() / 100 != 2) {
                listener.onError(error(response.statusCode(), response.headers(),
                        new String(body.readAllBytes(), StandardCharsets.UTF_8)));
                return;
            }
            String type = response.headers().firstValue("Content-Type").orElse("");
            List<String> unstreamed = null;
            if (type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
                String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                unstreamed = UnstreamedAnswer.asOpenAiEvents(text);
                if (unstreamed == null) {
                    listener.onError(new IllegalStateException("the provider answered a streaming request with "
                            + type + ", not an event stream (text/event-stream): " + excerpt(text)));
                    return;
                }
                LOG.log(System.Logger.Level.DEBUG, () -> "the provider did not stream: it answered the streaming "
                        + "request to " + response.uri() + " with a whole answer (" + type + "), read as one piece");
            }
            listener.onOpen(SuccessfulHttpResponse.builder().statusCode(response.statusCode())
                    .headers(response.headers().map()).build());
            FailingListener failing = new FailingListener(listener);
            if (unstreamed != null) {
                unstreamed.forEach(data -> failing.onEvent(new ServerSentEvent(null, data)));
            } else {
                parser.parse(body, failing);
            }
            if (!failing.failed) {
                listener.onClose();
            }
        } catch (java.io.IOException | RuntimeException failed) {
            listener.onError(failed);
        }
    }

    /** Hands a failure of the listener's own on an event to its {@code onError}, and stops reading the stream. */
    private static final class FailingListener implements ServerSentEventListener {
        private final ServerSentEventListener listener;
        private boolean failed;

        FailingListener(ServerSentEventListener listener) {
            this.listener = listener;
        }

        @Override
        public void onEvent(ServerSentEvent event, ServerSentEventContext context) {
            if (failed) {
                return;
            }
            try {
                listener.onEvent(event, context);
            } catch (RuntimeException e) {
                failed = true;
                try {
                    context.parsingHandle().cancel();
                } catch (RuntimeException unsupported) {
                    // a parser that cannot stop: what it reads next is dropped here
                }
                listener.onError(e);
            }
        }

        @Override
        public void onEvent(ServerSentEvent event) {
            onEvent(event, new ServerSentEventContext(new CancellationUnsupportedHandle()));
        }

        @Override
        public void onError(Throwable error) {
            if (!failed) {
                listener.onError(error);
            }
        }
    }

    /** Shuts the JDK client down at once: calls under way are aborted, pooled connections closed. */
    @Override
    public void close() {
        client.shutdownNow();
    }

    private java.net.http.HttpRequest jdkRequest(HttpRequest request) {
        if (!request.formDataFields().isEmpty() || !request.formDataFiles().isEmpty()) {
            throw new IllegalArgumentException("a multipart request to " + request.url()
                    + " cannot be sent: the chat models of LangChain4jModels send JSON only");
        }
        java.net.http.HttpRequest.Builder builder = java.net.http.HttpRequest.newBuilder(URI.create(request.url()))
                .timeout(readTimeout)
                .method(request.method().name(), request.body() == null
                        ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString(request.body()));
        request.headers().forEach((name, values) -> values.forEach(value -> builder.header(name, value)));
        return builder.build();
    }

    private static String excerpt(String text) {
        return text.length() <= EXCERPT ? text : text.substring(0, EXCERPT) + "...";
    }

    private static ProviderHttpException error(int status, java.net.http.HttpHeaders headers, String body) {
        return new ProviderHttpException(status, body, RetryAfter.of(headers.map(), Instant.now()));
    }

    private static RuntimeException failure(@Nullable Throwable cause) {
        if (cause instanceof HttpTimeoutException) {
            return new TimeoutException(cause);
        }
        if (cause instanceof CancellationException cancelled) {
            return cancelled;
        }
        return cause instanceof RuntimeException unchecked ? unchecked : new RuntimeException(cause);
    }

    /**
     * Builds {@link ProviderHttpClient}s for LangChain4j's chat model builders, and closes every one it built.
     */
    public static final class Builder implements HttpClientBuilder, AutoCloseable {
        private Duration connectTimeout;
        private Duration readTimeout;
        private final List<ProviderHttpClient> built = new CopyOnWriteArrayList<>();

        private Builder(Duration timeout) {
            this.connectTimeout = timeout;
            this.readTimeout = timeout;
        }

        @Override
        public Duration connectTimeout() {
            return connectTimeout;
        }

        @Override
        public Builder connectTimeout(@Nullable Duration timeout) {
            if (timeout != null) {
                this.connectTimeout = timeout;
            }
            return this;
        }

        @Override
        public Duration readTimeout() {
            return readTimeout;
        }

        @Override
        public Builder readTimeout(@Nullable Duration timeout) {
            if (timeout != null) {
                this.readTimeout = timeout;
            }
            return this;
        }

        /** @return a new client, closed with this builder */
        @Override
        public ProviderHttpClient build() {
            ProviderHttpClient client = new ProviderHttpClient(connectTimeout, readTimeout);
            built.add(client);
            return client;
        }

        /** Closes every client this builder built. */
        @Override
        public void close() {
            built.forEach(ProviderHttpClient::close);
        }
    }
}
