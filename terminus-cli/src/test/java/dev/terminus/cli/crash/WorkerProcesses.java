package dev.terminus.cli.crash;

import dev.terminus.cli.command.TerminusCommand;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** What the tests that kill {@code terminus worker} processes share: starting them, and running a command beside. */
final class WorkerProcesses {
    /** Test libraries a worker does not need. */
    static final List<String> NOT_NEEDED = List.of("junit", "assertj", "jqwik", "opentest4j", "apiguardian",
            "test-classes", "archunit", "byte-buddy");

    private WorkerProcesses() {}

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
