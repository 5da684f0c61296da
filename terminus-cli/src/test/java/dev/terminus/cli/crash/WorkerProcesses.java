package dev.terminus.cli.crash;

import dev.terminus.cli.command.TerminusCommand;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the tests that kill {@code terminus worker} processes share: starting them, and running a command beside. */
final class WorkerProcesses {
    /** Test libraries a worker does not need. */
    static final List<String> NOT_NEEDED = List.of("junit", "assertj", "jqwik", "opentest4j", "apiguardian",
            "test-classes", "archunit", "byte-buddy");

    private WorkerProcesses() {}

    /**
     * A Temporal test server in a process of its own and the {@code terminus worker} processes a test starts on one of
     * its task queues, without sticky execution ({@code --sticky-timeout 0}: the test server never takes a workflow
     * task back from the sticky queue of a worker that died). A training worker, started and stopped first, makes the
     * class archive the later workers start from ({@link ChildJvm#startTraining}).
     */
    static final class Cluster implements AutoCloseable {
        private final Path dir;
        private final String taskQueue;
        private final ChildJvm jvm;
        private final TestServerProcess server;
        private final List<Process> started = new ArrayList<>();

        private Cluster(Path dir, String taskQueue, ChildJvm jvm, TestServerProcess server) {
            this.dir = dir;
            this.taskQueue = taskQueue;
            this.jvm = jvm;
            this.server = server;
            started.add(server.process());
        }

        /**
         * Starts the server (its log {@code server.log} in {@code dir}), then the training worker, and stops it.
         *
         * @param dir the processes' working directory
         * @param scratch a directory for the workers' class path and archive
         * @param taskQueue the workers' task queue
         * @return the server, no worker running
         */
        static Cluster start(Path dir, Path scratch, String taskQueue) throws IOException, InterruptedException {
            ChildJvm jvm = ChildJvm.of(TerminusCommand.class, entry -> NOT_NEEDED.stream().noneMatch(entry::contains),
                    scratch);
            Cluster cluster = new Cluster(dir, taskQueue, jvm, TestServerProcess.start(dir.resolve("server.log")));
            try {
                Process training = jvm.startTraining(dir, cluster.workerArgs(List.of()));
                cluster.started.add(training);
                if (!awaitPolling(training, taskQueue)) {
                    throw new IllegalStateException("the training worker ended before it polled " + taskQueue);
                }
                ChildJvm.stop(training);
                return cluster;
            } catch (IOException | InterruptedException | RuntimeException e) {
                cluster.close();
                throw e;
            }
        }

        /**
         * Starts a worker, and counts it among the processes to stop; its standard error is discarded.
         *
         * @param options options of its JVM
         * @param args its arguments after the server's and task queue's (e.g. {@code --only workflows})
         * @return the worker, starting: {@link WorkerProcesses#awaitPolling} waits until it polls
         */
        Process startWorker(List<String> options, String... args) throws IOException {
            return startWorker(options, ProcessBuilder.Redirect.DISCARD, args);
        }

        /**
         * Starts a worker, and counts it among the processes to stop.
         *
         * @param options options of its JVM
         * @param errors where its standard error (its log) goes
         * @param args its arguments after the server's and task queue's (e.g. {@code --only workflows})
         * @return the worker, starting: {@link WorkerProcesses#awaitPolling} waits until it polls
         */
        Process startWorker(List<String> options, ProcessBuilder.Redirect errors, String... args)
                throws IOException {
            Process worker = jvm.start(dir, options, errors, workerArgs(List.of(args)));
            started.add(worker);
            return worker;
        }

        private String[] workerArgs(List<String> more) {
            List<String> args = new ArrayList<>(List.of("worker", "--temporal", server.address(), "--task-queue",
                    taskQueue, "--sticky-timeout", "0"));
            args.addAll(more);
            return args.toArray(String[]::new);
        }

        /** @return the test server */
        TestServerProcess server() {
            return server;
        }

        /** @return every process started, the server's first */
        List<Process> started() {
            return started;
        }

        /** Stops every worker still running (SIGTERM), then the server. */
        @Override
        public void close() throws InterruptedException {
            for (Process process : started) {
                if (process.isAlive() && process != server.process()) {
                    ChildJvm.stop(process);
                }
            }
            server.close();
        }
    }

    /**
     * Reads a worker's standard output until it polls the task queue, then drains the rest in the background (so a
     * full pipe never blocks it).
     *
     * @param worker the worker's process
     * @param taskQueue the task queue it was started on
     * @return whether it polls; false when it ended first
     * @throws IOException when its output cannot be read
     */
    static boolean awaitPolling(Process worker, String taskQueue) throws IOException {
        String polling = "terminus worker: polling task queue " + taskQueue;
        InputStream out = worker.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int read = out.read(); read != -1; read = out.read()) {
            if (read != '\n') {
                line.append((char) read);
            } else if (line.toString().startsWith(polling)) {
                Thread.ofVirtual().start(() -> {
                    try {
                        out.transferTo(OutputStream.nullOutputStream());
                    } catch (IOException closed) {
                        // the worker ended and its pipe was closed: nothing more to drain
                    }
                });
                return true;
            } else {
                line.setLength(0);
            }
        }
        return false;
    }

    /** What a command printed and its exit status. */
    record Printed(int status, String out, String err) {
        /** @return how many lines start with the label (two spaces, the label, spaces: the summary's layout) */
        int lines(String label) {
            return (int) out.lines().filter(line -> line.matches("  " + label + " +.*")).count();
        }
    }

    /**
     * Runs the command in this process and captures what it printed.
     *
     * @param args the command's arguments
     * @return what it printed and its exit status
     */
    static Printed terminus(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = TerminusCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(new byte[0]));
        return new Printed(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
