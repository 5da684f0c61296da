package dev.terminus.springai.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedOutputStream;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * OpenAI's chat completions API on a loopback HTTP/1.1 server of raw sockets, for Spring AI's real OpenAI client:
 * each request is answered with the next {@link Reply} a test queued (a JSON body with its status, or server-sent
 * events), and recorded. One request per connection ({@code Connection: close}). A stream that {@linkplain
 * Reply#stalled stalls} keeps its connection open after its events and counts {@link #disconnected()} down when the
 * client closes it, so a test sees a call cancelled on the wire. When nothing is queued the answer is {@code 418} with
 * a body that says so, and a test that queued too little fails clearly.
 */
public final class LoopbackOpenAi implements AutoCloseable {
    /** The path Spring AI's OpenAI client posts to under the base URL {@link #baseUrl()}. */
    public static final String PATH = "/v1/chat/completions";
    static final ObjectMapper JSON = new ObjectMapper();

    /** A request as received: its path, headers (lower-case names) and body. */
    public record Received(String path, Map<String, String> headers, String body) {
        /** @return the body as a JSON tree */
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (JsonProcessingException e) {
                throw new AssertionError("the request body is not JSON: " + body, e);
            }
        }
    }

    /**
     * An answer.
     *
     * @param status the HTTP status
     * @param body a JSON body, when {@code events} is null
     * @param events the {@code data:} payloads of a stream of server-sent events, when not null
     * @param stalls whether the stream stays open after its events until the client closes it
     */
    public record Reply(int status, String body, List<String> events, boolean stalls) {
        /** @return this stream, kept open after its events until the client closes it */
        public Reply stalled() {
            return new Reply(status, body, events, true);
        }
    }

    private final ServerSocket socket;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final Deque<Reply> queue = new ArrayDeque<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final CountDownLatch disconnected = new CountDownLatch(1);

    /** Opens the server on a free loopback port. */
    public LoopbackOpenAi() {
        try {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a loopback server", e);
        }
        connections.execute(this::accept);
    }

    /** @return the base URL to give the client: {@code http://127.0.0.1:PORT/v1} */
    public String baseUrl() {
        return "http://" + socket.getInetAddress().getHostAddress() + ":" + socket.getLocalPort() + "/v1";
    }

    /** Queues answers, one per request, in order. */
    public LoopbackOpenAi enqueue(Reply... replies) {
        synchronized (queue) {
            queue.addAll(List.of(replies));
        }
        return this;
    }

    /** @return the requests received so far, in order */
    public List<Received> requests() {
        return List.copyOf(received);
    }

    /** @return counted down when a client closes a {@linkplain Reply#stalled stalled} stream */
    public CountDownLatch disconnected() {
        return disconnected;
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                connections.execute(() -> serve(connection));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket connection) {
        try (connection; InputStream in = connection.getInputStream();
                OutputStream out = new BufferedOutputStream(connection.getOutputStream())) {
            String requestLine = line(in);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).strip().toLowerCase(Locale.ROOT), header.substring(colon + 1).strip());
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            received.add(new Received(requestLine.split(" ")[1], Map.copyOf(headers), body));
            Reply reply;
            synchronized (queue) {
                reply = queue.pollFirst();
            }
            if (reply == null) {
                reply = OpenAiReplies.error(418, "the loopback server has no answer queued", "test", "none");
            }
            answer(reply, in, out);
        } catch (IOException e) {
            // the client went away: nothing to answer
        }
    }

    private void answer(Reply reply, InputStream in, OutputStream out) throws IOException {
        if (reply.events() == null) {
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            out.write(head(reply.status(), "application/json", "Content-Length: " + bytes.length));
            out.write(bytes);
            out.flush();
            return;
        }
        out.write(head(reply.status(), "text/event-stream", "Cache-Control: no-cache"));
        for (String event : reply.events()) {
            out.write(("data: " + event + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        if (reply.stalls()) {
            while (in.read() >= 0) {
                // nothing more comes from a client whose request was read: wait for it to close the connection
            }
            disconnected.countDown();
        }
    }

    private static byte[] head(int status, String contentType, String header) {
        return ("HTTP/1.1 " + status + " Status\r\nContent-Type: " + contentType + "\r\n" + header
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection closed in the middle of a request");
            }
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing to do
        }
        connections.shutdownNow();
    }
}
