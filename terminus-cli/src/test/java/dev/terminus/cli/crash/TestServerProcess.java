package dev.terminus.cli.crash;

import dev.terminus.temporal.TerminusDataConverter;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.api.workflowservice.v1.ListClosedWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.ListOpenWorkflowExecutionsRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Temporal's test server as a process of its own ({@code io.temporal.testserver.TestServer PORT}, on this JVM's class
 * path, in real time), as {@code temporal-test-server} runs, and a client of it: the frontend that worker processes
 * and the command line reach at {@code localhost:PORT}. Its output goes to a log file.
 */
final class TestServerProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final WorkflowServiceStubs stubs;
    private final WorkflowClient client;

    private TestServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
        this.stubs = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                .setTarget(address()).build());
        this.client = WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder()
                .setDataConverter(TerminusDataConverter.ofDefaults()).build());
    }

    /**
     * Starts the server and waits (at most 60 s) until it listens.
     *
     * @param log where the server's output goes
     * @return the server
     * @throws IllegalStateException with the server's log when it did not start
     */
    static TestServerProcess start(Path log) throws IOException, InterruptedException {
        int port = freePort();
        Process process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx512m", "-XX:-UsePerfData",
                "-cp", System.getProperty("java.class.path"), TestServer.class.getName(), String.valueOf(port)))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!listens(port)) {
            if (!process.isAlive() || System.nanoTime() > giveUp) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("the test server did not start on port " + port + ": "
                        + Files.readString(log));
            }
            Thread.sleep(50);
        }
        return new TestServerProcess(process, port);
    }

    private static boolean listens(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return {@code localhost:PORT} */
    String address() {
        return "localhost:" + port;
    }

    /** @return the server's process */
    Process process() {
        return process;
    }

    /** @return a client of the default namespace with the Terminus data converter */
    WorkflowClient client() {
        return client;
    }

    /** @return every execution of the default namespace still running */
    List<WorkflowExecutionInfo> open() {
        return listed(() -> stubs.blockingStub().listOpenWorkflowExecutions(ListOpenWorkflowExecutionsRequest
                .newBuilder().setNamespace("default").build()).getExecutionsList());
    }

    /** @return every execution of the default namespace that closed, each continued-as-new execution one of them */
    List<WorkflowExecutionInfo> closed() {
        return listed(() -> stubs.blockingStub().listClosedWorkflowExecutions(ListClosedWorkflowExecutionsRequest
                .newBuilder().setNamespace("default").build()).getExecutionsList());
    }

    /**
     * A listing, asked again when the server fails it with UNKNOWN ("Application error processing RPC"): the test
     * server failed a listing so once while a run started (a full build failed KilledWorkflowWorkerTest with it), and
     * the next listing is what the waits that list ask for anyway. Five tries at most.
     */
    private static List<WorkflowExecutionInfo> listed(java.util.function.Supplier<List<WorkflowExecutionInfo>> listing) {
        for (int tries = 1; ; tries++) {
            try {
                return listing.get();
            } catch (io.grpc.StatusRuntimeException e) {
                if (e.getStatus().getCode() != io.grpc.Status.Code.UNKNOWN || tries == 5) {
                    throw e;
                }
            }
        }
    }

    /** Stops the client, then the server (SIGTERM, then SIGKILL after 10 s), and waits for it to end. */
    @Override
    public void close() throws InterruptedException {
        stubs.shutdownNow();
        stubs.awaitTermination(5, TimeUnit.SECONDS);
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
