package dev.terminus.cli.temporal;

import dev.terminus.cli.command.Cli;
import dev.terminus.cli.command.TemporalServer;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Temporal's test server (in real time) behind three TLS frontends on loopback ({@link TlsFrontend}): one asks for
 * client certificates (mutual TLS, as Temporal Cloud's mTLS namespaces do), one lets through one API key (as its
 * API-key namespaces do), one authenticates the server only. A {@code terminus worker} polls in a thread of this
 * process through the mutual one, with {@code --tls-cert --tls-key --tls-ca}; runs started through any frontend reach
 * it. The certificates are made when it starts ({@link TestCertificates}). As an extension of a test class
 * ({@code @RegisterExtension static}), it starts before the class's tests and stops after them.
 */
final class TlsTemporal implements BeforeAllCallback, AfterAllCallback {
    static final String TASK_QUEUE = "terminus-tls-tests";
    /** The API key the API-key frontend lets through; tests assert it never appears in any output. */
    static final String API_KEY = "tk-" + UUID.randomUUID() + ".secret";
    /**
     * The test server's transport logs at INFO, with a stack trace, each TLS hello it gets from a test that reaches it
     * with TLS on purpose; kept here so the level holds (the logging framework keeps loggers weakly).
     */
    private static final Logger PLAIN_TRANSPORT =
            Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerTransport");

    private final AtomicReference<Cli.Result> workerResult = new AtomicReference<>();
    private int port;
    private @Nullable Path dir;
    private @Nullable TestCertificates certificates;
    private TestServer.@Nullable PortBoundTestServer server;
    private @Nullable TlsFrontend mutual;
    private @Nullable TlsFrontend apiKey;
    private @Nullable TlsFrontend serverOnly;
    private @Nullable Thread worker;

    @Override
    public void beforeAll(@Nullable ExtensionContext context) throws IOException {
        PLAIN_TRANSPORT.setLevel(Level.WARNING);
        dir = Files.createTempDirectory("terminus-tls");
        certificates = TestCertificates.writeTo(dir);
        port = TemporalServer.freePort();
        server = TestServer.createPortBoundServer(port, true);
        mutual = TlsFrontend.mutual(port, certificates);
        apiKey = TlsFrontend.withApiKey(port, certificates, API_KEY);
        serverOnly = TlsFrontend.serverOnly(port, certificates);
        TestCertificates pki = certificates;
        String address = mutual.address();
        worker = new Thread(() -> workerResult.set(Cli.run("worker", "--temporal", address, "--task-queue", TASK_QUEUE,
                "--tls-cert", pki.client().toString(), "--tls-key", pki.clientKey().toString(),
                "--tls-ca", pki.ca().toString())), "terminus-tls-worker-under-test");
        worker.start();
    }

    @Override
    public void afterAll(@Nullable ExtensionContext context) throws IOException, InterruptedException {
        if (worker != null && worker.isAlive()) {
            stopWorker();
        }
        if (mutual != null) {
            mutual.close();
        }
        if (apiKey != null) {
            apiKey.close();
        }
        if (serverOnly != null) {
            serverOnly.close();
        }
        if (server != null) {
            server.close();
        }
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** @return the PEM files */
    TestCertificates certificates() {
        return java.util.Objects.requireNonNull(certificates);
    }

    /** @return the frontend that asks for client certificates */
    TlsFrontend mutual() {
        return java.util.Objects.requireNonNull(mutual);
    }

    /** @return the frontend that checks the API key */
    TlsFrontend apiKey() {
        return java.util.Objects.requireNonNull(apiKey);
    }

    /** @return the test server's own address, {@code localhost:PORT}, without TLS */
    String plainAddress() {
        return "localhost:" + port;
    }

    /** @return the frontend that authenticates the server only */
    TlsFrontend serverOnly() {
        return java.util.Objects.requireNonNull(serverOnly);
    }

    /** Stops the worker (as Ctrl-C would) and returns what its command printed and its status. */
    Cli.Result stopWorker() throws InterruptedException {
        Thread running = java.util.Objects.requireNonNull(worker);
        running.interrupt();
        running.join(30_000);
        return workerResult.get();
    }
}
