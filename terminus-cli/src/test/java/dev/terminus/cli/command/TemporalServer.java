package dev.terminus.cli.command;

import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Temporal's test server bound to a local port (in real time), and a {@code terminus worker} polling it in a thread of
 * this process: what {@code --temporal localhost:PORT} talks to in the command line's tests. As an extension of a test
 * class ({@code @RegisterExtension static}), it starts before the class's tests and stops after them.
 */
public final class TemporalServer implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
    static final String TASK_QUEUE = "terminus-tests";

    private final int port = freePort();
    private final AtomicReference<Cli.Result> workerResult = new AtomicReference<>();
    private final List<String> workerArgs;
    private Thread worker;
    private TestServer.@Nullable PortBoundTestServer server;

    /** @param workerOptions options of {@code terminus worker} besides its address and task queue */
    TemporalServer(String... workerOptions) {
        workerArgs = new ArrayList<>(List.of("worker", "--temporal", address(), "--task-queue", TASK_QUEUE));
        workerArgs.addAll(List.of(workerOptions));
        worker = worker();
    }

    private Thread worker() {
        return new Thread(() -> workerResult.set(Cli.run(workerArgs.toArray(String[]::new))),
                "terminus-worker-under-test");
    }

    /**
     * @param workerOptions options of {@code terminus worker} besides its address and task queue
     * @return a started server and worker, for a try-with-resources block
     */
    static TemporalServer start(String... workerOptions) {
        TemporalServer temporal = new TemporalServer(workerOptions);
        temporal.beforeAll(null);
        return temporal;
    }

    @Override
    public void beforeAll(@Nullable ExtensionContext context) {
        server = TestServer.createPortBoundServer(port, true);
        worker.start();
    }

    @Override
    public void afterAll(@Nullable ExtensionContext context) throws InterruptedException {
        close();
    }

    /** @return {@code localhost:PORT} */
    String address() {
        return "localhost:" + port;
    }

    /** @return a local port nothing listens on */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the worker (as Ctrl-C would) and returns what its command printed and its status. */
    Cli.Result stopWorker() throws InterruptedException {
        worker.interrupt();
        worker.join(30_000);
        return workerResult.get();
    }

    /** Stops the worker (as Ctrl-C would) and starts another with the same options, as a restarted process. */
    void restartWorker() throws InterruptedException {
        stopWorker();
        worker = worker();
        worker.start();
    }

    @Override
    public void close() throws InterruptedException {
        if (worker.isAlive()) {
            stopWorker();
        }
        if (server != null) {
            server.close();
        }
    }
}
