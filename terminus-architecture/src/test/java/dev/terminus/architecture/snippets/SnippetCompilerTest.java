package dev.terminus.architecture.snippets;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compiler of documented snippets tells a snippet that calls what does not exist from one that compiles. */
class SnippetCompilerTest {
    @TempDir
    Path classes;

    private Map<Snippet, List<String>> errors(String code) {
        return SnippetCompiler.errors(List.of(new Snippet("test", code, List.of(), false)), classes);
    }

    @Test
    void aSnippetCallingAMethodTheLibraryDoesNotHaveFailsNamingIt() {
        // given: a documented call that does not exist
        String code = "Agent agent = Agent.builder(model).retries(2).build();\n";

        // when
        Map<Snippet, List<String>> errors = errors(code);

        // then
        assertThat(errors.values()).singleElement().satisfies(list -> assertThat(list).anySatisfy(error ->
                assertThat(error).contains("cannot find symbol").contains("retries")));
    }

    @Test
    void aReadmeBlockThatHidesACheckedExceptionFailsAndOneThatShowsItCompiles() {
        // given
        String hides = "String text = Files.readString(Path.of(\"task.txt\"));\n";
        String shows = "void read() throws IOException {\n" + hides + "}\n";

        // when
        Map<Snippet, List<String>> hidden = SnippetCompiler.errors(
                List.of(new Snippet("README.md:1", hides, List.of("java.io.IOException"), true)), classes);
        Map<Snippet, List<String>> shown = SnippetCompiler.errors(
                List.of(new Snippet("README.md:2", shows, List.of("java.io.IOException"), true)), classes);

        // then
        assertThat(hidden.values()).singleElement().satisfies(list -> assertThat(list).anySatisfy(error ->
                assertThat(error).contains("unreported exception java.io.IOException")));
        assertThat(shown).isEmpty();
    }

    @Test
    void aSnippetUsingTheContextsNamesCompiles() {
        // when
        Map<Snippet, List<String>> errors = errors("RunResult result = agent.run(task);\n");

        // then
        assertThat(errors).isEmpty();
    }

    @Test
    void aSnippetsGivenLineDeclaresWhatItAssumes() {
        // given
        String code = """
                // given: Agent researcher; boolean leaksCard(RunContext run); record Forecast(String city) {}
                Forecast forecast = new Forecast("Oslo");
                RunResult result = researcher.run(forecast.city());
                """;

        // when / then
        assertThat(errors(code)).isEmpty();
        assertThat(errors(code.replace("// given: ", "// "))).hasSize(1);
    }

    @Test
    void aGivenTypeMayHaveMembersWithBodies() {
        // given: a user's own termination, as users write one
        String code = """
                // given: record QuotaExceeded(String tenant) implements Termination.Extension { \
                public String tag() { return "Quota"; } public Category category() { return Category.CAPACITY; } }
                Termination end = new QuotaExceeded("acme");
                """;

        // when / then
        assertThat(errors(code)).isEmpty();
    }

    @Test
    void aSnippetThatDeclaresMethodsCompilesAsMembers() {
        // when
        Map<Snippet, List<String>> errors = errors("""
                @AgentTool(description = "Looks up the weather")
                public String weather(@AgentTool.Param(value = "city", description = "the city") String city) {
                    return "sunny in " + city;
                }
                """);

        // then
        assertThat(errors).isEmpty();
    }
}
