package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code terminus} command run in a JVM process of its own, as a person running it twice would. */
final class ChildTerminus {
    private ChildTerminus() {}

    /**
     * Runs the command in a child JVM on this test's class path and waits for it (at most 60 s; a hung child is
     * killed and fails the test instead of hanging the build).
     *
     * @param output where the child's standard output and error go
     * @param args the command's arguments
     * @return how it ended, its output as {@link Cli.Result#out()} (standard error merged in)
     */
    static Cli.Result run(Path output, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), TerminusCommand.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean exited;
        try {
            exited = process.waitFor(60, TimeUnit.SECONDS);
        } finally {
            process.destroyForcibly();
        }
        String printed = Files.readString(output);
        assertThat(exited).as("the child process exited within 60 s; it printed: %s", printed).isTrue();
        return new Cli.Result(process.exitValue(), printed, "");
    }
}
