package dev.terminus.architecture.snippets;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Runs a documented snippet as written: compiles it as {@link SnippetCompiler} does, then a class that extends it with
 * a fixture (what its {@code // given:} lines and {@link SnippetContext}'s names stand for, with scripted models, and a
 * {@code call()} that runs it and returns what the test asserts), loads both and calls the fixture.
 */
public final class SnippetRunner {
    private SnippetRunner() {}

    /**
     * @param snippet the snippet
     * @param fixture members of a class extending the snippet's, among them {@code public Object call() throws
     *     Exception}, which sets the given names, runs the snippet ({@code snippet()}, or the method it declares) and
     *     returns what the snippet did
     * @param workDir an empty directory for the classes
     * @return what {@code call()} returned
     * @throws Exception what the snippet threw
     */
    public static Object run(Snippet snippet, String fixture, Path workDir) throws Exception {
        List<String> errors = SnippetCompiler.compileOne(snippet, "Documented", workDir);
        if (!errors.isEmpty()) {
            throw new IllegalStateException("the snippet at " + snippet.origin() + " does not compile: " + errors);
        }
        String runner = SnippetCompiler.header(SnippetCompiler.imports(snippet))
                + "@SuppressWarnings(\"all\") public class Run extends Documented implements java.util.concurrent.Callable<Object> {\n"
                + fixture + "\n}\n";
        List<String> fixtureErrors = SnippetCompiler.compileSource("Run", runner, workDir);
        if (!fixtureErrors.isEmpty()) {
            throw new IllegalStateException("the fixture of " + snippet.origin() + " does not compile: "
                    + fixtureErrors);
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {workDir.toUri().toURL()},
                SnippetRunner.class.getClassLoader())) {
            Callable<?> run = (Callable<?>) loader.loadClass("snippets.Run").getDeclaredConstructor().newInstance();
            return run.call();
        }
    }

    /** Code that may throw, for {@link #printed}. */
    @FunctionalInterface
    public interface Code {
        /** @throws Exception what it throws */
        void run() throws Exception;
    }

    /**
     * @param code code that prints to {@code System.out}
     * @return what it printed, while {@code System.out} was this test's
     * @throws Exception what it threw
     */
    public static synchronized String printed(Code code) throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            code.run();
        } finally {
            System.setOut(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
