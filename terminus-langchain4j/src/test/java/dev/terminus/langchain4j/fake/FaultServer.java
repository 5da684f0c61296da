package dev.terminus.langchain4j.fake;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A loopback HTTP/1.1 server on a raw socket that answers each request with the next {@link Fault} a test
 * scripted: a response of the provider's wire format ({@link FakeOpenAiServer} and {@link FakeAnthropicServer} make
 * the bodies, streamed as server-sent events to a request that asks for a stream), or a broken one: a connection
 * reset in the middle of the body, a body that stalls until the client gives up. It keeps connections alive as real providers do, and counts the connections open on its side, so a test
 * checks that the client released every one. A closed port, for a refused connection, is {@link #closedPort()}.
 */
public final class FaultServer implements AutoCloseable {
    private final ServerSocket socket;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Deque<Fault> script = new ArrayDeque<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Long> closes = new CopyOnWriteArrayList<>();
    private volatile Fault fallback = Fault.reply(418, "{\"error\":{\"message\":\"no fault scripted\"}}");

    /** A request as received, with the time it arrived ({@link System#nanoTime()}). */
    public record Request(String method, String path, String body, long receivedNanos) {
        /** @return whether the body asks for a stream of server-sent events ({@code "stream": true}) */
        public boolean streams() {
            try {
                return FakeServer.JSON.readTree(body).path("stream").asBoolean(false);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return false;
            }
        }
    }

    /** Opens the server on a free loopback port. */
    public FaultServer() {
        try {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a loopback server", e);
        }
        connections.execute(this::accept);
    }

    /** @return a loopback port nothing listens on: a connection to it is refused */
    public static int closedPort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("cannot find a free loopback port", e);
        }
    }

    /** @return {@code http://127.0.0.1:PORT} */
    public String origin() {
        return "http://" + socket.getInetAddress().getHostAddress() + ":" + socket.getLocalPort();
    }

    /** Scripts the next requests' faults, one each, in order. */
    public FaultServer then(Fault... faults) {
        synchronized (script) {
            script.addAll(List.of(faults));
        }
        return this;
    }

    /** Answers every request the script has no fault left for with this one. */
    public FaultServer always(Fault fault) {
        fallback = fault;
        return this;
    }

    /** @return the requests received so far, in order */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** @return how many connections are open on the server's side */
    public int openConnections() {
        return open.size();
    }

    /**
     * @return when each connection that ended ended on the server's side ({@link System#nanoTime()}), in order: the
     *     client closed it, or the server reset it
     */
    public List<Long> connectionsEndedNanos() {
        return List.copyOf(closes);
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                open.add(connection);
                connections.execute(() -> serve(connection));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket connection) {
        try (connection; InputStream in = connection.getInputStream(); OutputStream out = connection.getOutputStream()) {
            while (true) {
                Request request = read(in);
                if (request == null) {
                    return; // the client closed the connection
                }
                requests.add(request);
                Fault fault;
                synchronized (script) {
                    fault = script.isEmpty() ? fallback : script.removeFirst();
                }
                if (!fault.answer(request, connection, in, out)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client reset or closed the connection: nothing more to serve on it
        } finally {
            closes.add(System.nanoTime());
            open.remove(connection);
        }
    }

    /** Reads one request, or null at the end of the stream. */
    private static Request read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        String[] requestLine = lines[0].split(" ");
        int length = 0;
        for (String line : lines) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).strip());
            }
        }
        byte[] body = in.readNBytes(length);
        return new Request(requestLine[0], requestLine[1], new String(body, StandardCharsets.UTF_8), System.nanoTime());
    }

    /** Closes the server and every connection still open, and waits for its threads to end. */
    @Override
    public void close() {
        try {
            socket.close();
            for (Socket connection : open) {
                connection.close();
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot close the loopback server", e);
        }
        connections.shutdownNow();
        try {
            if (!connections.awaitTermination(5, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the loopback server's connections did not end within 5 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
