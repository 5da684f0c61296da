package dev.terminus.mcp.internal;

import dev.terminus.mcp.McpServer;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The stdio transport of a server run as a process: one JSON-RPC message a line on its standard input and output, as
 * MCP's stdio transport says; the SDK writes and parses the messages themselves. The SDK's own stdio transport keeps
 * its process to itself and stops reading the server's standard error as soon as its standard output ends, so the
 * lines a server writes as it dies were lost; this one shows the process ({@link #process()}), reads the standard
 * error to its end into a {@link StderrTail} (and to the log, at {@code DEBUG}), and tells when the process exited
 * and with which status ({@link #exited()}). A line of output that is not a message (a server logging on its
 * standard output) is skipped and logged at {@code DEBUG}, where the SDK's transport stopped reading.
 */
final class StdioTransport implements McpClientTransport {
    private static final System.Logger LOG = System.getLogger(StdioTransport.class.getName());
    /** The longest message read, as the SDK's transport allows; a longer line is skipped. */
    private static final int MAX_MESSAGE = 16 * 1024 * 1024;
    /** The longest line of standard error read whole; the rest of a longer one is skipped. */
    private static final int MAX_STDERR_LINE = 64 * 1024;
    /** How long {@link #exited()} waits for the standard error's end after the process ended (its children may hold it). */
    private static final Duration STDERR_DRAIN = Duration.ofSeconds(1);
    /** How long closing waits for the server to exit once its input is closed, before it is told to terminate. */
    private static final Duration EXIT_ON_EOF = Duration.ofMillis(100);

    private final McpServer.Stdio server;
    private final McpJsonMapper mapper = McpJsonDefaults.getMapper();
    private final StderrTail stderr = new StderrTail();
    private final CompletableFuture<@Nullable Void> stderrEnded = new CompletableFuture<>();
    private final CompletableFuture<Integer> exited = new CompletableFuture<>();
    private final ExecutorService writer;
    /** Completes with the process once it runs, or exceptionally when it cannot be run: writes wait for it. */
    private final CompletableFuture<Process> started = new CompletableFuture<>();
    private volatile @Nullable Process process;
    private volatile boolean closing;

    StdioTransport(McpServer.Stdio server) {
        this.server = server;
        this.writer = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon()
                .name("mcp-" + server.name() + "-stdin").factory());
    }

    /** Starts the server's process and reads its output; fails when the program cannot be run. */
    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return Mono.<Void>fromRunnable(() -> start(handler)).subscribeOn(Schedulers.boundedElastic());
    }

    private void start(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        List<String> command = new ArrayList<>();
        command.add(server.command());
        command.addAll(server.arguments());
        ProcessBuilder builder = new ProcessBuilder(command);
        Path directory = server.workingDirectory();
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        // the variables the SDK's transport sets: its defaults (PATH, HOME, ...) and the server's own
        builder.environment().putAll(ServerParameters.builder(server.command()).env(server.environment()).build().getEnv());
        Process running;
        try {
            running = builder.start();
        } catch (IOException e) {
            UncheckedIOException failure = new UncheckedIOException(e.getMessage(), e);
            started.completeExceptionally(failure);
            throw failure;
        }
        process = running;
        String name = "mcp-" + server.name();
        Thread.ofPlatform().daemon().name(name + "-stdout").start(() -> readMessages(running.getInputStream(), handler));
        Thread.ofPlatform().daemon().name(name + "-stderr").start(() -> readStderr(running.getErrorStream()));
        running.onExit().thenCompose(ended -> stderrEnded.copy()
                        .completeOnTimeout(null, STDERR_DRAIN.toMillis(), TimeUnit.MILLISECONDS))
                .thenRun(() -> exited.complete(running.exitValue()));
        started.complete(running);
    }

    /** @return the server's process, once started */
    @Nullable Process process() {
        return process;
    }

    /**
     * @return completes with the process's exit status once it exited and its standard error was read to its end
     *     (or for at most a second more, when a process it started holds it open)
     */
    CompletableFuture<Integer> exited() {
        return exited;
    }

    /** @return the last lines of the server's standard error, oldest first */
    List<String> stderrTail() {
        return stderr.lines();
    }

    private void readMessages(InputStream output,
            Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            Line line;
            while ((line = Line.read(lines, MAX_MESSAGE)) != null) {
                if (line.cut()) {
                    debug("a message longer than " + MAX_MESSAGE + " characters, skipped");
                    continue;
                }
                if (line.text().isBlank()) {
                    continue;
                }
                McpSchema.JSONRPCMessage message;
                try {
                    message = McpSchema.deserializeJsonRpcMessage(mapper, line.text());
                } catch (IOException | RuntimeException e) {
                    debug("a line of its output is not a JSON-RPC message, skipped: "
                            + e.getMessage());
                    continue;
                }
                handler.apply(Mono.just(message)).subscribe(ignored -> { },
                        failure -> debug("handling a message failed: " + failure));
            }
        } catch (IOException e) {
            debug("reading its output failed: " + e.getMessage());
        }
    }

    private void readStderr(InputStream error) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(error, StandardCharsets.UTF_8))) {
            Line line;
            while ((line = Line.read(lines, MAX_STDERR_LINE)) != null) {
                String text = line.text();
                stderr.add(text);
                LOG.log(System.Logger.Level.DEBUG, () -> server.name() + " stderr: " + text);
            }
        } catch (IOException e) {
            debug("reading its stderr failed: " + e.getMessage());
        } finally {
            stderrEnded.complete(null);
        }
    }

    /**
     * Writes the message on the server's input, in the order sent, on a thread of the transport's; messages sent
     * before the process runs (the SDK sends {@code initialize} as it connects) wait for it.
     */
    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.defer(() -> {
            try {
                return Mono.fromFuture(CompletableFuture.runAsync(() -> write(message), writer));
            } catch (RejectedExecutionException e) {
                return Mono.error(new IllegalStateException("MCP server \"" + server.name() + "\" is closed"));
            }
        });
    }

    private void write(McpSchema.JSONRPCMessage message) {
        Process running = started.join();
        try {
            // a line break outside a string is whitespace; inside one it is escaped, so a message stays one line
            String json = mapper.writeValueAsString(message).replace('\n', ' ').replace('\r', ' ');
            OutputStream input = running.getOutputStream();
            input.write((json + "\n").getBytes(StandardCharsets.UTF_8));
            input.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to MCP server \"" + server.name() + "\": " + e.getMessage(), e);
        }
    }

    /**
     * Closes the server's input (after the messages already sent), gives it a moment to exit, then tells it to
     * terminate and waits for it. Killing what it started is the connection's.
     */
    @Override
    public Mono<Void> closeGracefully() {
        return Mono.defer(() -> {
            closing = true;
            Process running = process;
            if (running == null) {
                started.completeExceptionally(new IllegalStateException("MCP server \"" + server.name()
                        + "\" was closed before it started"));
                writer.shutdownNow();
                return Mono.<Void>empty();
            }
            try {
                writer.execute(() -> {
                    try {
                        running.getOutputStream().close();
                    } catch (IOException e) {
                        // it is gone already
                    }
                });
            } catch (RejectedExecutionException e) {
                // closed before
            }
            writer.shutdown();
            return Mono.fromFuture(running.onExit(), true)
                    .timeout(EXIT_ON_EOF, Mono.defer(() -> {
                        running.destroy();
                        return Mono.fromFuture(running.onExit(), true);
                    }))
                    .then();
        }).subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return mapper.convertValue(data, typeRef);
    }

    private void debug(String text) {
        if (!closing) {
            LOG.log(System.Logger.Level.DEBUG, () -> "MCP server \"" + server.name() + "\": " + text);
        }
    }

    /**
     * A line read, up to a bound.
     *
     * @param text the line, without its line break (its first characters when it was cut)
     * @param cut whether it was longer than the bound (the rest was skipped)
     */
    private record Line(String text, boolean cut) {

        /** @return the next line, or null at the end of the stream */
        static @Nullable Line read(BufferedReader reader, int max) throws IOException {
            StringBuilder text = new StringBuilder();
            boolean cut = false;
            int c;
            while ((c = reader.read()) != -1) {
                if (c == '\n') {
                    return new Line(text.toString(), cut);
                }
                if (c == '\r') {
                    reader.mark(1);
                    int next = reader.read();
                    if (next != '\n' && next != -1) {
                        reader.reset();
                    }
                    return new Line(text.toString(), cut);
                }
                if (text.length() < max) {
                    text.append((char) c);
                } else {
                    cut = true;
                }
            }
            return text.isEmpty() && !cut ? null : new Line(text.toString(), cut);
        }
    }

    @Override
    public String toString() {
        return "StdioTransport[" + server.name() + "]";
    }
}
