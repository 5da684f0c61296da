package dev.terminus.langchain4j.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.langchain4j.fake.FakeServer.Canned;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the {@link FaultServer} does with one request. A request that asks for a stream ({@code "stream": true}) gets
 * a 2xx JSON answer as the provider streams it ({@link Sse#of}), in server-sent events: whole, cut by a reset after
 * half its events, or stalling after half its events; error statuses and other bodies are answered as they are.
 */
public sealed interface Fault {

    /**
     * Answers the request.
     *
     * @param request the request, read
     * @return whether the connection stays open for the next request
     * @throws IOException when the client went away
     */
    boolean answer(FaultServer.Request request, Socket connection, InputStream in, OutputStream out) throws IOException;

    /**
     * A whole response; the connection is kept alive.
     *
     * @param status the HTTP status
     * @param contentType the body's media type
     * @param headers more headers
     * @param body the body
     */
    record Reply(int status, String contentType, Map<String, String> headers, String body) implements Fault {
        /** @return the same response with one more header */
        public Reply header(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Reply(status, contentType, more, body);
        }

        @Override
        public boolean answer(FaultServer.Request request, Socket connection, InputStream in, OutputStream out)
                throws IOException {
            if (streamsTo(request)) {
                return streamed(request).answer(request, connection, in, out);
            }
            return send(out);
        }

        /** Sends the response as it is; the connection is kept alive. */
        boolean send(OutputStream out) throws IOException {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            out.write(head(status, contentType, headers, bytes.length));
            out.write(bytes);
            out.flush();
            return true;
        }

        /** @return whether the request asks for a stream and this is an answer to stream */
        boolean streamsTo(FaultServer.Request request) {
            return request.streams() && status / 100 == 2 && contentType.equals("application/json");
        }

        /** @return this answer as the provider streams it to the request */
        Streamed streamed(FaultServer.Request request) {
            return stream(Sse.of(request.path(), body));
        }
    }

    /**
     * The status line, the headers and half the body, then a TCP reset (linger 0): the connection breaks mid-body.
     *
     * @param reply the response cut short
     */
    record ResetMidBody(Reply reply) implements Fault {
        @Override
        public boolean answer(FaultServer.Request request, Socket connection, InputStream in, OutputStream out)
                throws IOException {
            if (reply.streamsTo(request)) {
                Streamed streamed = reply.streamed(request);
                return streamed.resetAfter(streamed.events().size() / 2).answer(request, connection, in, out);
            }
            halfOf(reply, out);
            connection.setSoLinger(true, 0);
            connection.close();
            return false;
        }
    }

    /**
     * The status line, the headers and half the body, then nothing until the client gives up and closes the
     * connection (or the server closes).
     *
     * @param reply the response that stalls
     */
    record StallMidBody(Reply reply) implements Fault {
        @Override
        public boolean answer(FaultServer.Request request, Socket connection, InputStream in, OutputStream out)
                throws IOException {
            if (reply.streamsTo(request)) {
                Streamed streamed = reply.streamed(request);
                return streamed.stallAfter(streamed.events().size() / 2).answer(request, connection, in, out);
            }
            halfOf(reply, out);
            while (in.read() >= 0) {
                // the client sends nothing more on this connection; wait for it to close
            }
            return false;
        }
    }

    /**
     * A 200 streaming server-sent events ({@code text/event-stream}, chunked), one chunk each, flushed one by one; then
     * the end of the body, or a cut.
     *
     * @param events the events, each with its blank line
     * @param sent how many are sent before the cut; all of them when there is none
     * @param cut what happens after them
     */
    record Streamed(List<String> events, int sent, Cut cut) implements Fault {
        /** What ends a stream. */
        public enum Cut {
            /** The body's end: the connection is kept alive. */
            NONE,
            /** Nothing more, the connection open, until the client closes it. */
            STALL,
            /** A TCP reset (linger 0), {@value #READ_GRACE_MS} ms after the events. */
            RESET
        }

        /** How long a reset waits after the events it follows, so the client has read them. */
        public static final long READ_GRACE_MS = 200;

        /** Checks the count of events sent. */
        public Streamed {
            events = List.copyOf(events);
            if (sent < 0 || sent > events.size()) {
                throw new IllegalArgumentException("sent must be within 0.." + events.size() + ", was " + sent);
            }
        }

        /** @return the same stream, stalling after its first {@code sent} events */
        public Streamed stallAfter(int sent) {
            return new Streamed(events, sent, Cut.STALL);
        }

        /** @return the same stream, reset after its first {@code sent} events */
        public Streamed resetAfter(int sent) {
            return new Streamed(events, sent, Cut.RESET);
        }

        @Override
        public boolean answer(FaultServer.Request request, Socket connection, InputStream in, OutputStream out)
                throws IOException {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-cache"
                    + "\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            for (String event : events.subList(0, sent)) {
                byte[] bytes = event.getBytes(StandardCharsets.UTF_8);
                out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(bytes);
                out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            }
            switch (cut) {
                case NONE -> {
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    return true;
                }
                case STALL -> {
                    while (in.read() >= 0) {
                        // the client sends nothing more on this connection; wait for it to close
                    }
                    return false;
                }
                case RESET -> {
                    // a moment for the client to read the events: a reset drops what its side has not read yet
                    try {
                        Thread.sleep(READ_GRACE_MS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    connection.setSoLinger(true, 0);
                    connection.close();
                    return false;
                }
                default -> throw new IllegalStateException("unknown cut " + cut);
            }
        }
    }

    /**
     * A whole response sent as it is, even to a request that asks for a stream: a server that ignores
     * {@code "stream": true}.
     *
     * @param reply the response
     */
    record AsIs(Reply reply) implements Fault {
        @Override
        public boolean answer(FaultServer.Request request, Socket connection, InputStream in, OutputStream out)
                throws IOException {
            return reply.send(out);
        }
    }

    /** The provider's response sent whole, whatever the request asks. */
    static AsIs asIs(Canned canned) {
        return new AsIs(reply(canned));
    }

    /** Reads the request and answers nothing, not even a status line, until the client closes the connection. */
    record Silent() implements Fault {
        @Override
        public boolean answer(FaultServer.Request request, Socket connection, InputStream in, OutputStream out)
                throws IOException {
            while (in.read() >= 0) {
                // wait for the client to close
            }
            return false;
        }
    }

    /** A server that never answers. */
    static Silent silent() {
        return new Silent();
    }

    /** A whole stream of these events. */
    static Streamed stream(List<String> events) {
        return new Streamed(events, events.size(), Streamed.Cut.NONE);
    }

    /** A JSON response. */
    static Reply reply(int status, String json) {
        return new Reply(status, "application/json", Map.of(), json);
    }

    /** The provider's response, as one of the fake servers makes it. */
    static Reply reply(Canned canned) {
        return reply(canned.status(), canned.body());
    }

    /** An HTML page, as a proxy in front of the provider sends it. */
    static Reply html(int status, String title) {
        return new Reply(status, "text/html", Map.of(),
                "<html><head><title>" + title + "</title></head><body><h1>" + title + "</h1><hr>nginx</body></html>");
    }

    /** A 200 whose body is JSON cut off in the middle of the answer. */
    static Reply malformedJson() {
        return reply(200, "{\"id\": \"chatcmpl-1\", \"choices\": [{\"index\": 0, \"message\": {\"content\": \"Wear a co");
    }

    /** The provider's response without its {@code usage} object. */
    static Reply withoutUsage(Canned canned) {
        try {
            ObjectNode body = (ObjectNode) FakeServer.JSON.readTree(canned.body());
            body.remove("usage");
            return reply(canned.status(), FakeServer.JSON.writeValueAsString(body));
        } catch (JsonProcessingException | ClassCastException e) {
            throw new IllegalArgumentException("not a JSON object: " + canned.body(), e);
        }
    }

    /** The response, broken by a reset in the middle of its body. */
    static Fault resetMidBody(Canned canned) {
        return new ResetMidBody(reply(canned));
    }

    /** The response, stalling in the middle of its body. */
    static Fault stallMidBody(Canned canned) {
        return new StallMidBody(reply(canned));
    }

    /** Sends the status line, the headers (with the whole body's length) and the first half of the body. */
    private static void halfOf(Reply reply, OutputStream out) throws IOException {
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        out.write(head(reply.status(), reply.contentType(), reply.headers(), bytes.length));
        out.write(bytes, 0, bytes.length / 2);
        out.flush();
    }

    private static byte[] head(int status, String contentType, Map<String, String> headers, int length) {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status))
                .append("\r\nContent-Type: ").append(contentType)
                .append("\r\nContent-Length: ").append(length).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        return head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }
}
