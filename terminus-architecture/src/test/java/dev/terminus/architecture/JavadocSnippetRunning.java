package dev.terminus.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.architecture.snippets.Snippet;
import dev.terminus.architecture.snippets.SnippetRunner;
import dev.terminus.architecture.snippets.SnippetSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tests that run javadoc snippets share: the snippets, a snippet picked by its file and a line of it, run with
 * a fixture ({@link SnippetRunner}), and the removal of what the snippets write where a reader's program would.
 */
abstract class JavadocSnippetRunning {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final List<Snippet> JAVADOC = SnippetSources.javadoc(ROOT);

    /** Where the snippets write, relative to the working directory. */
    private static final List<Path> WRITTEN = List.of(Path.of("checkpoints"), Path.of("report.jsonl"),
            Path.of("report-2.jsonl"), Path.of(".terminus"));

    /** A fixture member: runs a javadoc snippet, whose body may throw anything, as a {@code call()} may. */
    static final String RUN_SNIPPET = """
            void runSnippet() throws Exception {
                try {
                    snippet();
                } catch (Exception | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new IllegalStateException(t);
                }
            }
            """;

    @TempDir
    Path classes;

    @BeforeEach
    @AfterEach
    void removeWhatTheSnippetsWrite() throws IOException {
        for (Path written : WRITTEN) {
            if (Files.exists(written)) {
                try (Stream<Path> files = Files.walk(written)) {
                    for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(file);
                    }
                }
            }
        }
    }

    static Snippet snippet(String file, String line) {
        List<Snippet> found = JAVADOC.stream()
                .filter(snippet -> snippet.origin().contains(file) && snippet.code().contains(line)).toList();
        assertThat(found).as("snippets of %s with the line %s", file, line).hasSize(1);
        return found.getFirst();
    }

    /**
     * @param file the end of the snippet's file's path, e.g. {@code /Agent.java}
     * @param line a line of the snippet, or a part of one, found in no other snippet of the file
     * @param fixture the fixture's members, with {@code call()}; {@code runSnippet()} runs the snippet
     * @return what {@code call()} returned
     */
    Object run(String file, String line, String fixture) throws Exception {
        return SnippetRunner.run(snippet(file, line), RUN_SNIPPET + fixture, classes);
    }

    /**
     * Runs a snippet followed by a line of the test's that hands the snippet's own variables to the fixture, in
     * {@code seen}: a snippet shows what it does by the values it names, which its javadoc states.
     *
     * @param locals the snippet's variables, e.g. {@code "json, back"}
     */
    Object runSeeing(String file, String line, String locals, String fixture) throws Exception {
        Snippet snippet = snippet(file, line);
        Snippet seeing = new Snippet(snippet.origin(),
                snippet.code() + "seen = java.util.Arrays.asList(" + locals + ");\n", snippet.imports(),
                snippet.showsItsExceptions());
        return SnippetRunner.run(seeing, RUN_SNIPPET + fixture, classes);
    }

    /**
     * Runs a snippet that is read as a class's members (it declares types its given lines use): the fixture reads
     * the fields it declares, as the snippet's class has no {@code snippet()} method.
     */
    Object runMembers(String file, String line, String fixture) throws Exception {
        return SnippetRunner.run(snippet(file, line), fixture, classes);
    }

    /** @return the fixture with {@code printed(...)} named as {@link SnippetRunner#printed} */
    static String printing(String fixture) {
        return fixture.replace("printed(", SnippetRunner.class.getName() + ".printed(");
    }
}
