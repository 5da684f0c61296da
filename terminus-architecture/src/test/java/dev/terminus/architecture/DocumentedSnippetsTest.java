package dev.terminus.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.architecture.snippets.Snippet;
import dev.terminus.architecture.snippets.SnippetCompiler;
import dev.terminus.architecture.snippets.SnippetSources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java snippet the project documents compiles against the library as built: the README's {@code ```java}
 * blocks and every inline javadoc {@code {@snippet}}, so that a documented call always exists (one test per snippet,
 * named by where it is).
 */
class DocumentedSnippetsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path classes;

    @TestFactory
    Stream<DynamicTest> everyJavaBlockOfTheReadmeCompiles() {
        return compiled(SnippetSources.readme(ROOT.resolve("README.md")));
    }

    @TestFactory
    Stream<DynamicTest> everyJavadocSnippetCompiles() {
        return compiled(SnippetSources.javadoc(ROOT));
    }

    @Test
    void javadocShowsCodeOnlyInTheSnippetsThisTestCompiles() throws IOException {
        // given: the forms of Java code in javadoc that the compiler here would not see (JSON snippets are not Java)
        Pattern uncompiled = Pattern.compile("<pre>\\{@code|\\{@snippet (lang=\"?java|file|class|region)");

        // when
        List<String> found;
        try (Stream<Path> files = Files.walk(ROOT)) {
            found = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> file.toString().contains("/src/main/java/"))
                    .flatMap(file -> lines(file).stream()
                            .filter(line -> uncompiled.matcher(line).find())
                            .map(line -> ROOT.relativize(file) + ": " + line.strip()))
                    .toList();
        }

        // then
        assertThat(found).as("code in javadoc is an inline {@snippet :}, which the build compiles").isEmpty();
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Stream<DynamicTest> compiled(List<Snippet> snippets) {
        assertThat(snippets).as("snippets found").isNotEmpty();
        Map<Snippet, List<String>> errors = SnippetCompiler.errors(snippets, classes);
        return snippets.stream().map(snippet -> DynamicTest.dynamicTest(snippet.origin(), () ->
                assertThat(errors.getOrDefault(snippet, List.of()))
                        .as("the snippet at %s compiles; its code:%n%s", snippet.origin(), snippet.code())
                        .isEmpty()));
    }
}
