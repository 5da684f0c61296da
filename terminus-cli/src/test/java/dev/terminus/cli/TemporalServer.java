package dev.terminus.cli;

import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Temporal's test server bound to a local port (in real time), and a {@code terminus worker} polling it in a thread of
 * this process: what {@code --temporal localhost:PORT} talks to in the command line's tests.
 */
final class TemporalServer implements AutoCloseable {
    static final String TASK_QUEUE = "terminus-tests";

    private final TestServer.PortBoundTestServer server;
    private final int port;
    private final Thread worker;
    private final AtomicReference<Cli.Result> workerResult = new AtomicReference<>();

    TemporalServer() {
        port = freePort();
        server = TestServer.createPortBoundServer(port, true);
        worker = new Thread(() -> workerResult.set(Cli.run("worker", "--temporal", address(),
                "--task-queue", TASK_QUEUE)), "terminus-worker-under-test");
        worker.start();
    }

    /** @return {@code localhost:PORT} */
    String address() {
        return "localhost:" + port;
    }

    /** @return a local port nothing listens on */
    static int freePort() {
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

    @Override
    public void close() throws InterruptedException {
        if (worker.isAlive()) {
            stopWorker();
        }
        server.close();
    }
}
