package dev.terminus.langchain4j.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A loopback HTTP server that answers one endpoint with responses queued by a test, in order, and records every
 * request it received. When the queue is empty it answers the {@linkplain #always fallback} if one is set, else
 * {@code 418} with an error body that names the problem, so a test that queued too little fails clearly.
 */
public class FakeServer implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    /** A request as the server received it. */
    public record Received(String method, String path, Map<String, List<String>> headers, String body) {
        /** @return the body as a JSON tree */
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (JsonProcessingException e) {
                throw new AssertionError("the request body is not JSON: " + body, e);
            }
        }

        /** @return the first value of a header (case-insensitive name), or null */
        public String header(String name) {
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                if (header.getKey().equalsIgnoreCase(name) && !header.getValue().isEmpty()) {
                    return header.getValue().getFirst();
                }
            }
            return null;
        }
    }

    /**
     * A canned response.
     *
     * @param status the HTTP status
     * @param body the JSON body
     * @param delayMs how long to wait before answering
     */
    public record Canned(int status, String body, long delayMs) {
        /** @return the same response, sent after a delay */
        public Canned after(long millis) {
            return new Canned(status, body, millis);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Deque<Canned> queue = new ArrayDeque<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile Canned fallback;

    protected FakeServer(String path) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a loopback server", e);
        }
        server.createContext(path, this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** @return {@code http://127.0.0.1:PORT} */
    public String origin() {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort();
    }

    /** Queues responses, answered one per request in order. */
    public FakeServer enqueue(Canned... responses) {
        synchronized (queue) {
            queue.addAll(List.of(responses));
        }
        return this;
    }

    /** Answers every request the queue has no response for with this one. */
    public FakeServer always(Canned response) {
        fallback = response;
        return this;
    }

    /** @return the requests received so far, in order */
    public List<Received> requests() {
        return List.copyOf(received);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    Map.copyOf(exchange.getRequestHeaders()), new String(body, StandardCharsets.UTF_8)));
            Canned canned;
            synchronized (queue) {
                canned = queue.pollFirst();
            }
            if (canned == null) {
                canned = fallback != null ? fallback
                        : new Canned(418, "{\"error\":{\"message\":\"the fake server has no response queued\"}}", 0);
            }
            if (canned.delayMs() > 0) {
                try {
                    Thread.sleep(canned.delayMs());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            byte[] bytes = canned.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(canned.status(), bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /** @return the value as JSON text */
    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
