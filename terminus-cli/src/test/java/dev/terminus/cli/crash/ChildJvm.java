package dev.terminus.cli.crash;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Starts JVMs running a main class of the test classpath, tuned to start fast because the tests start one for every
 * kill, and kills them with SIGKILL: the one launcher of the tests that kill a process mid-write.
 *
 * <p>What makes a child start fast: only the classpath entries it needs; C1 only, the serial collector, a small heap,
 * no performance data file; and a class data sharing archive of the classes it loads, made by a first, training run
 * ({@link #startTraining}) and mapped by every later one. The archive needs a classpath of jars only, so the
 * directories of the classpath (this module's classes) are packed into jars first.
 *
 * {@snippet :
 * ChildJvm jvm = ChildJvm.of(SavingChild.class, entry -> entry.contains("terminus-checkpoint"), scratch);
 * Process child = jvm.start(dir, dir.toString());
 * ChildJvm.awaitLine(child, "ready");
 * ChildJvm.kill(child);               // SIGKILL: the exit status is KILLED
 * }
 */
final class ChildJvm {
    /** The exit status of a process killed by SIGKILL (signal 9), as {@link Process#exitValue()} reports it. */
    static final int KILLED = 128 + 9;

    private final String java;
    private final String classpath;
    private final String mainClass;
    private final Path archive;

    private ChildJvm(String java, String classpath, String mainClass, Path archive) {
        this.java = java;
        this.classpath = classpath;
        this.mainClass = mainClass;
        this.archive = archive;
    }

    /**
     * @param mainClass the child's main class, on the test classpath
     * @param needed which classpath entries the child needs (the entry holding {@code mainClass} is always kept)
     * @param scratch a directory for the packed jars and the archive
     * @return the launcher
     */
    static ChildJvm of(Class<?> mainClass, Predicate<String> needed, Path scratch) throws IOException {
        String java = ProcessHandle.current().info().command()
                .orElseThrow(() -> new IllegalStateException("this JVM does not know its own java command"));
        String own = Path.of(mainClass.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.equals(own) || needed.test(entry)) {
                Path path = Path.of(entry);
                entries.add(Files.isDirectory(path) ? pack(path, scratch.resolve("classpath-" + entries.size()
                        + ".jar")).toString() : entry);
            }
        }
        return new ChildJvm(java, String.join(File.pathSeparator, entries), mainClass.getName(),
                scratch.resolve("child.jsa"));
    }

    /**
     * Starts the training run, which writes the archive of the classes it loaded when it exits, normally or by
     * {@link #stop}: start it once, before the others.
     */
    Process startTraining(Path directory, String... args) throws IOException {
        return start(directory, "-XX:ArchiveClassesAtExit=" + archive, args);
    }

    /**
     * @param directory the child's working directory
     * @param args the main class's arguments
     * @return the child, its standard output piped to this process, its standard error discarded
     */
    Process start(Path directory, String... args) throws IOException {
        return start(directory, List.of(), args);
    }

    /**
     * @param directory the child's working directory
     * @param options options of the child's JVM (system properties: {@code -Dname=value}), before its main class
     * @param args the main class's arguments
     * @return the child, its standard output piped to this process, its standard error discarded
     */
    Process start(Path directory, List<String> options, String... args) throws IOException {
        return start(directory, options, ProcessBuilder.Redirect.DISCARD, args);
    }

    /**
     * @param directory the child's working directory
     * @param options options of the child's JVM (system properties: {@code -Dname=value}), before its main class
     * @param errors where its standard error goes (a file: {@code Redirect.appendTo})
     * @param args the main class's arguments
     * @return the child, its standard output piped to this process
     */
    Process start(Path directory, List<String> options, ProcessBuilder.Redirect errors, String... args)
            throws IOException {
        return start(directory, Files.exists(archive) ? "-XX:SharedArchiveFile=" + archive : "-Xshare:auto", options,
                errors, args);
    }

    private Process start(Path directory, String sharing, String... args) throws IOException {
        return start(directory, sharing, List.of(), ProcessBuilder.Redirect.DISCARD, args);
    }

    private Process start(Path directory, String sharing, List<String> options, ProcessBuilder.Redirect errors,
            String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Xmx256m", "-Xss512k", "-XX:-UsePerfData", sharing, "-Xlog:disable"));
        command.addAll(options);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(Arrays.asList(args));
        return new ProcessBuilder(command).directory(directory.toFile()).redirectError(errors).start();
    }

    /**
     * Reads the child's standard output until a line.
     *
     * @return whether the line came; false when the child ended first
     */
    static boolean awaitLine(Process child, String line) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        for (String read = out.readLine(); read != null; read = out.readLine()) {
            if (read.equals(line)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Kills the child with SIGKILL ({@link Process#destroyForcibly()} on Linux and macOS) and waits for it to end.
     *
     * @return its exit status: {@link #KILLED} when the kill ended it, its own when it had ended before
     */
    static int kill(Process child) throws InterruptedException {
        child.destroyForcibly();
        return await(child);
    }

    /** Ends the child with SIGTERM, as a user would stop it, and waits for it to end: its shutdown runs. */
    static int stop(Process child) throws InterruptedException {
        child.destroy();
        return await(child);
    }

    /** @return the child's exit status, once it ended by itself */
    static int await(Process child) throws InterruptedException {
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new IllegalStateException("child " + child.pid() + " still runs after 60 s");
        }
        try {
            child.getInputStream().close();
            child.getOutputStream().close();
        } catch (IOException e) {
            // the pipes of a dead process: nothing is lost by not closing them cleanly
        }
        return child.exitValue();
    }

    /** @return a jar of a directory's files */
    private static Path pack(Path directory, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                Stream<Path> files = Files.walk(directory)) {
            for (Path path : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(directory.relativize(path).toString().replace(File.separatorChar, '/')));
                Files.copy(path, out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
