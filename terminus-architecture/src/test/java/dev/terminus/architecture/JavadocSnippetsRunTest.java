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
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, item 6, "Snippets that compile but do not run": javadoc snippets that run a whole use with a scripted model
 * run, as written, and end as their javadoc says. The others are compiled by {@link DocumentedSnippetsTest}.
 */
class JavadocSnippetsRunTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final List<Snippet> JAVADOC = SnippetSources.javadoc(ROOT);
    private static final Path CHECKPOINTS = Path.of("checkpoints");

    @TempDir
    Path classes;

    @BeforeEach
    @AfterEach
    void removeTheCheckpointsTheSnippetsWrite() throws IOException {
        if (Files.exists(CHECKPOINTS)) {
            try (Stream<Path> files = Files.walk(CHECKPOINTS)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    /** A fixture member: runs a javadoc snippet, whose body may throw anything, as a {@code call()} may. */
    private static final String RUN_SNIPPET = """
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

    private Object run(String file, String line, String fixture) throws Exception {
        List<Snippet> found = JAVADOC.stream()
                .filter(snippet -> snippet.origin().contains(file) && snippet.code().contains(line)).toList();
        assertThat(found).as("snippets of %s with the line %s", file, line).hasSize(1);
        return SnippetRunner.run(found.getFirst(), RUN_SNIPPET + fixture, classes);
    }

    @Test
    void snippetsThatCompileButDoNotRun_thePipelinesPhasesRunTheirBudgetedAgentsAndShowTheSummary() throws Exception {
        // when
        Object done = run("/Pipeline.java", ".phase(\"research\", TokenBudget.total(30_000),", """
                final List<Object> shown = new ArrayList<>(); final List<Object> published = new ArrayList<>();
                Agent researcher(TokenBudget budget) {
                    return Agent.builder(ScriptedModel.builder().text("three sources").build()).tokenBudget(budget)
                            .build();
                }
                Agent writer(TokenBudget budget) {
                    return Agent.builder(ScriptedModel.builder().text("Oslo is mild.").build()).tokenBudget(budget)
                            .build();
                }
                void publish(String report) { published.add(report); }
                void show(Optional<String> answer) { shown.add(answer); }
                void raise(TokenKind kind) { throw new AssertionError(kind); }
                void retryLater() { throw new AssertionError("retryLater"); }
                void alert(Termination t) { throw new AssertionError(t); }
                public Object call() throws Exception {
                    log = org.slf4j.LoggerFactory.getLogger("snippet");
                    runSnippet();
                    return List.of(published, shown);
                }
                """);

        // then
        assertThat(done).isEqualTo(List.of(List.of("Oslo is mild."), List.of(Optional.of("Oslo is mild."))));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theGateStoresPendingGatesAreApprovedAndDeleted() throws Exception {
        // when
        Object left = run("/GateStore.java", "for (String gateId : store.pending())", """
                final List<Object> refunded = new ArrayList<>();
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().toolCall("refund", Map.of("order", "42"))
                                    .text("Refunded.").build())
                            .tool(Tools.of("refund", "Refunds", (a, run) -> { refunded.add(a.get("order"));
                                return "ok"; }))
                            .requireApproval("refund").build();
                    runSnippet();
                    return List.of(refunded, FileGateStore.checkpoints(Path.of("checkpoints")).pending());
                }
                """);

        // then
        assertThat(left).isEqualTo(List.of(List.of("42"), List.of()));
    }
}
