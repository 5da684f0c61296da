package dev.terminus.mcp;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * An MCP server did not start: its process exited while it started, it did not answer its start (the
 * {@code initialize} handshake, then {@code tools/list}) in time, or it could not be run or reached. Thrown by
 * {@link McpToolset.Builder#start()}, its message is one line naming the server and what happened, with the last lines
 * the server wrote on its standard error; the same facts are here as values ({@link #server()}, {@link #reason()},
 * {@link #exitStatus()}, {@link #stderrTail()}), for a caller that ends a run with them instead of printing them.
 *
 * {@snippet :
 * try (McpToolset mcp = McpToolset.start(McpServer.stdio("files", "npx", "-y", "@modelcontextprotocol/server-filesystem"))) {
 *     RunResult result = Agent.builder(model).tools(mcp.tools()).build().run("List the files.");
 * } catch (McpServerStartException e) {
 *     // e.getMessage(): MCP server "files" exited with status 1 as it started; its stderr ended with: Usage: ...
 *     System.err.println(e.getMessage() + " (exit status " + e.exitStatus().orElse(-1) + ")");
 * }
 * }
 */
public final class McpServerStartException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    /** At most this many characters of the stderr tail go into the message (its end is kept). */
    private static final int MESSAGE_TAIL = 2_000;

    /** Why a server did not start. */
    public enum Reason {
        /** Its process exited during the start: {@link #exitStatus()} says with which status. */
        EXITED,
        /** It did not answer a request of its start within the timeout, and was stopped. */
        TIMED_OUT,
        /** It could not be run (no such program) or reached (connection refused), or it answered with an error. */
        FAILED
    }

    private final String server;
    private final Reason reason;
    private final @Nullable Integer exitStatus;
    private final List<String> stderrTail;

    private McpServerStartException(String server, Reason reason, @Nullable Integer exitStatus, String what,
            List<String> stderrTail, @Nullable Throwable cause) {
        super(message(server, reason, what, stderrTail), cause);
        this.server = server;
        this.reason = reason;
        this.exitStatus = exitStatus;
        this.stderrTail = List.copyOf(stderrTail);
    }

    /**
     * @param server the server's name
     * @param status its process's exit status
     * @param stderrTail the last lines it wrote on its standard error, oldest first
     * @return the failure of a server whose process exited as it started
     */
    public static McpServerStartException exited(String server, int status, List<String> stderrTail) {
        return new McpServerStartException(server, Reason.EXITED, status,
                "exited with status " + status + " as it started", stderrTail, null);
    }

    /**
     * @param server the server's name
     * @param request the request it left unanswered, e.g. {@code initialize}
     * @param timeout how long it was given
     * @param setting the setting that gave it that long, e.g. {@code startTimeout}
     * @param stderrTail the last lines it wrote on its standard error, oldest first
     * @return the failure of a server that did not answer in time
     */
    public static McpServerStartException timedOut(String server, String request, Duration timeout, String setting,
            List<String> stderrTail) {
        return new McpServerStartException(server, Reason.TIMED_OUT, null, "did not answer its " + request
                + " request within " + text(timeout) + " (its " + setting + ") and was stopped", stderrTail, null);
    }

    /**
     * @param server the server's name
     * @param what what went wrong, e.g. {@code could not be started: Cannot run program "x"}
     * @param stderrTail the last lines it wrote on its standard error, oldest first
     * @param cause the failure behind it, or null
     * @return the failure of a server that could not be run or reached, or answered with an error
     */
    public static McpServerStartException failed(String server, String what, List<String> stderrTail,
            @Nullable Throwable cause) {
        return new McpServerStartException(server, Reason.FAILED, null, what, stderrTail, cause);
    }

    /** @return the server's name */
    public String server() {
        return server;
    }

    /** @return why it did not start */
    public Reason reason() {
        return reason;
    }

    /** @return its process's exit status when it exited as it started ({@link Reason#EXITED}), else empty */
    public OptionalInt exitStatus() {
        return exitStatus == null ? OptionalInt.empty() : OptionalInt.of(exitStatus);
    }

    /**
     * @return the last lines the server wrote on its standard error before it failed, oldest first (at most 20, each
     *     shortened to 500 characters); empty for an HTTP server or one that wrote nothing
     */
    public List<String> stderrTail() {
        return stderrTail;
    }

    private static String message(String server, Reason reason, String what, List<String> stderrTail) {
        String text = "MCP server \"" + server + "\" " + what;
        if (stderrTail.isEmpty()) {
            return reason == Reason.EXITED ? text + "; it wrote nothing on its stderr" : text;
        }
        String tail = String.join(" | ", stderrTail);
        if (tail.length() > MESSAGE_TAIL) {
            tail = "..." + tail.substring(tail.length() - MESSAGE_TAIL);
        }
        return text + "; its stderr ended with: " + tail;
    }

    private static String text(Duration timeout) {
        return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }
}
