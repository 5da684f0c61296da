package dev.terminus.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.architecture.snippets.Snippet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, item 6, "Snippets that compile but do not run": every javadoc snippet is run by
 * {@link JavadocSnippetsRunTest}, {@link JavadocSnippetsOfOutcomesRunTest} or {@link JavadocSnippetsOfPartsRunTest},
 * or is a fragment (it runs nothing: no {@code run}, {@code stream}, {@code start}, {@code approve},
 * {@code resume}, {@code answer} or {@code drive} call), or is listed in {@link #NOT_RUN} with why, so a new snippet
 * that runs a use is either run or listed.
 */
class JavadocSnippetsRunOrListedTest {
    /** What makes a snippet more than a fragment: a call that runs something. */
    static final Pattern RUNS = Pattern.compile("\\.(run|stream|start|approve|resume|answer|rerun|drive)\\(|\\brun\\(");

    /**
     * The snippets that run something but are not run here, by the end of their file's path (every snippet of the
     * file), or by the file and a line of the snippet ({@code "/RunControl.java#RunControl.start("}), and why.
     */
    static final Map<String, String> NOT_RUN = Map.ofEntries(
            Map.entry("terminus-temporal/", "needs Temporal: a worker, a client and a service"),
            Map.entry("terminus-spring-ai/", "a real provider, through Spring AI"),
            Map.entry("terminus-langchain4j/", "a real provider, through LangChain4j"),
            Map.entry("terminus-mcp/", "an MCP server (npx)"),
            Map.entry("terminus-opentelemetry/", "an OpenTelemetry SDK and its exported metrics"),
            Map.entry("terminus-jdbc/", "a database: the module's tests run each use on H2 and PostgreSQL"),
            Map.entry("/TerminusCommand.java", "the command line, run by terminus-cli's own tests"),
            Map.entry("/PipelineFile.java", "the command line's pipeline file, read from the reader's disk"),
            Map.entry("/ScenarioServers.java", "the command line's scenario servers"),
            Map.entry("/ScaledTries.java", "a jqwik property over the reader's Plan"),
            Map.entry("/GateDecision.java", "a list of decisions, each for the same checkpoint: no one run"),
            Map.entry("/ModelStreams.java", "a provider adapter's side of a stream, not a run"),
            Map.entry("/PipelineContext.java", "builds a stage, runs no pipeline"),
            Map.entry("/AgentStageRunner.java", "builds a stage, runs no pipeline"),
            Map.entry("/RunControl.java#RunControl.start(", "a control alone, checked once: no agent runs"));

    private static final List<Path> RUN_BY = List.of(
            Path.of("src/test/java/dev/terminus/architecture/JavadocSnippetsRunTest.java"),
            Path.of("src/test/java/dev/terminus/architecture/JavadocSnippetsOfOutcomesRunTest.java"),
            Path.of("src/test/java/dev/terminus/architecture/JavadocSnippetsOfPartsRunTest.java"));

    @Test
    void everyJavadocSnippetRunsHereOrIsAFragmentOrIsListedWithWhyItCannot() throws IOException {
        // given: the snippets the tests' run(...) and runSeeing(...) calls pick, by file and line
        List<Snippet> run = new ArrayList<>();
        for (Path test : RUN_BY) {
            Matcher call = Pattern.compile("run(?:Seeing|Members)?\\(\"([^\"]+)\",\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
                    .matcher(Files.readString(test));
            while (call.find()) {
                run.add(JavadocSnippetRunning.snippet(call.group(1),
                        call.group(2).replace("\\\"", "\"").replace("\\\\", "\\")));
            }
        }

        // when
        List<String> neither = JavadocSnippetRunning.JAVADOC.stream()
                .filter(snippet -> RUNS.matcher(snippet.code()).find())
                .filter(snippet -> !run.contains(snippet))
                .filter(snippet -> NOT_RUN.keySet().stream().noneMatch(entry -> listed(entry, snippet)))
                .map(Snippet::origin).toList();

        // then
        assertThat(run).hasSizeGreaterThan(20);
        assertThat(NOT_RUN.keySet()).allSatisfy(entry -> assertThat(JavadocSnippetRunning.JAVADOC)
                .as("the snippets %s lists", entry).filteredOn(snippet -> listed(entry, snippet)).isNotEmpty()
                .noneMatch(run::contains));
        assertThat(neither).as("javadoc snippets that run something, neither run here nor listed in NOT_RUN")
                .isEmpty();
    }

    private static boolean listed(String entry, Snippet snippet) {
        String[] fileAndLine = entry.split("#", 2);
        return snippet.origin().contains(fileAndLine[0])
                && (fileAndLine.length == 1 || snippet.code().contains(fileAndLine[1]));
    }
}
