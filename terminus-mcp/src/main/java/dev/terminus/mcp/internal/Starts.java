package dev.terminus.mcp.internal;

import dev.terminus.mcp.McpServerStartException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The steps of a server's start ({@code initialize}, then each page of {@code tools/list}), each waited for until the
 * server answers, its process exits, or the step's timeout passes, whichever comes first; a failure is told as a
 * {@link McpServerStartException} carrying the facts. A process that exits fails the step at once, with its exit
 * status and the end of its standard error, instead of leaving the request to wait out its timeout.
 */
final class Starts {
    /** How long a failed step waits for the exit of a process found dead, so that its status and stderr are told. */
    private static final Duration EXIT_WAIT = Duration.ofSeconds(2);

    private Starts() {}

    /**
     * A step of the start.
     *
     * @param request the request it sends, e.g. {@code initialize}
     * @param timeout how long the server has to answer it
     * @param setting the setting the timeout comes from, e.g. {@code startTimeout}
     * @param failing what a failure says the server did, e.g. {@code did not start}
     */
    record Step(String request, Duration timeout, String setting, String failing) {}

    /**
     * @param server the server's name
     * @param work the request, answered by the server
     * @param step what it is
     * @param stdio the server's transport when it is a process, else null
     * @param <T> the answer
     * @return the server's answer
     * @throws McpServerStartException when the server exited, did not answer in time, or failed the request
     */
    static <T> @Nullable T await(String server, Mono<T> work, Step step, @Nullable StdioTransport stdio) {
        CompletableFuture<T> answer = work.toFuture();
        CompletableFuture<Integer> exit = stdio == null ? new CompletableFuture<>() : stdio.exited();
        try {
            CompletableFuture.anyOf(answer, exit).get(step.timeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw McpServerStartException.timedOut(server, step.request(), step.timeout(), step.setting(), tail(stdio));
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw McpServerStartException.failed(server, step.failing() + ": interrupted", tail(stdio), e);
        } catch (ExecutionException e) { // the request failed before the process exited, if it did
            throw told(server, e.getCause(), step, stdio);
        }
        if (answer.isDone() && !answer.isCompletedExceptionally()) {
            return answer.join();
        }
        answer.cancel(true);
        throw McpServerStartException.exited(server, exit.join(), tail(stdio));
    }

    /** A failed step: told by the process's exit if it died, else by what the failure was. */
    private static McpServerStartException told(String server, @Nullable Throwable failure, Step step,
            @Nullable StdioTransport stdio) {
        Throwable cause = failure instanceof CompletionException completion && completion.getCause() != null
                ? completion.getCause() : failure;
        Integer status = exitStatus(stdio, brokenPipe(cause));
        if (status != null) {
            return McpServerStartException.exited(server, status, tail(stdio));
        }
        for (Throwable e = cause; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof TimeoutException) {
                return McpServerStartException.timedOut(server, step.request(), step.timeout(), step.setting(),
                        tail(stdio));
            }
        }
        return McpServerStartException.failed(server, step.failing() + ": "
                + (cause == null ? "unknown failure" : Failures.describe(cause)), tail(stdio), cause);
    }

    /**
     * @param failure why the step failed
     * @return whether it failed writing to or reading from the server's pipes: a process that closed them is, as a
     *     rule, on its way out though not yet reaped
     */
    private static boolean brokenPipe(@Nullable Throwable failure) {
        for (Throwable e = failure; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof java.io.IOException || e instanceof java.io.UncheckedIOException) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param stdio the server's transport when it is a process
     * @param dying whether the failure says the process is going (its pipe broke), so that its exit is waited for
     *     even while it still counts as alive
     * @return the exit status of a server process that is dead or dying (waiting a moment for it to be known), else
     *     null
     */
    private static @Nullable Integer exitStatus(@Nullable StdioTransport stdio, boolean dying) {
        if (stdio == null) {
            return null;
        }
        Process process = stdio.process();
        if (process == null || (process.isAlive() && !dying)) {
            return null;
        }
        try {
            return stdio.exited().get(EXIT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return process.isAlive() ? null : process.exitValue();
        } catch (ExecutionException | TimeoutException e) {
            return process.isAlive() ? null : process.exitValue();
        }
    }

    private static List<String> tail(@Nullable StdioTransport stdio) {
        return stdio == null ? List.of() : stdio.stderrTail();
    }
}
