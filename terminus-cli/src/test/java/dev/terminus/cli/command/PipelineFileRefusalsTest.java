package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code terminus run PIPELINE} refuses a pipeline file that cannot work: one line naming the field, exit 2. */
class PipelineFileRefusalsTest {

    private static final String OK_STAGE = "{\"name\": \"ok\", \"script\": [{\"text\": \"x\"}]}";

    @TempDir
    Path dir;

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of("an unknown field of a stage",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\", \"retry\": 2, \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (draft): unknown field \"retry\" (known here: agents, approvals, cancelAfterMs,"),
                Arguments.of("an unknown field at the top",
                        "{\"task\": \"t\", \"stage\": [], \"stages\": [" + OK_STAGE + "]}",
                        "unknown field \"stage\" (known here: agents, expect, limits, name, phases, stages, task)"),
                Arguments.of("a stage without a name",
                        "{\"task\": \"t\", \"stages\": [" + OK_STAGE + ", {\"script\": [{\"text\": \"x\"}]}]}",
                        "stages[1]: \"name\" is required (a stage's name, unique in the file)"),
                Arguments.of("two stages of one name",
                        "{\"task\": \"t\", \"stages\": [" + OK_STAGE + ", " + OK_STAGE + "]}",
                        "stages[1] (ok).name: \"ok\" is used twice (also stages[0]); a stage's name is unique in its file"),
                Arguments.of("a kind that is no termination in treatAsSuccess",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"review\", \"treatAsSuccess\": [\"MaxIterations\"],"
                                + " \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (review).treatAsSuccess[0]: \"MaxIterations\" is not a termination kind (as the wire"
                                + " format spells them, e.g. \"MaxIterationsReached\"; known: AgentRefused,"),
                Arguments.of("a bad onFailure",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\", \"onFailure\": \"retry\","
                                + " \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (draft).onFailure: \"retry\" is not one of abort, continue"),
                Arguments.of("a phase whose stages are apart",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"a\", \"phase\": \"p\", \"script\": [{\"text\": \"x\"}]},"
                                + " " + OK_STAGE + ", {\"name\": \"b\", \"phase\": \"p\", \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[2] (b).phase: \"p\" is apart from the phase's other stages (last stages[0]); a phase's"
                                + " stages are consecutive"),
                Arguments.of("a phase budget no stage uses",
                        "{\"task\": \"t\", \"phases\": {\"research\": {\"tokenBudget\": {\"total\": 5}}}, \"stages\": ["
                                + OK_STAGE + "]}",
                        "phases.research: no stage is in this phase (phases of the stages: none)"),
                Arguments.of("a task in a stage",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\", \"task\": \"again\","
                                + " \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (draft).task: a stage's input is the previous stage's answer (the first stage's, the"
                                + " file's \"task\"), was \"again\""),
                Arguments.of("a token budget in a stage's limits",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\", \"limits\": {\"tokenBudget\": {\"total\": 9}},"
                                + " \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (draft).limits.tokenBudget: a stage's budget is its \"tokenBudget\" (its share of the"
                                + " pipeline's), was {\"total\": 9}"),
                Arguments.of("a negative share",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\", \"tokenBudget\": {\"total\": -1},"
                                + " \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (draft): tokenBudget.total: must be >= 1, was -1"),
                Arguments.of("a bad field of a stage's agent",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\", \"limits\": {\"maxIterations\": \"many\"},"
                                + " \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (draft): limits.maxIterations: "),
                Arguments.of("a stage without a script",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\"}]}",
                        "stages[0] (draft): \"script\" is required (or run the scenario with --provider, so a real"
                                + " model answers)"),
                Arguments.of("a tool calling an agent the file does not name",
                        "{\"task\": \"t\", \"stages\": [{\"name\": \"draft\", \"tools\": [{\"name\": \"ask\", \"agent\":"
                                + " \"helper\"}], \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0] (draft): tools[0].agent: unknown agent \"helper\" (the file names no \"agents\")"),
                Arguments.of("no stages",
                        "{\"task\": \"t\", \"stages\": []}",
                        "stages: needs at least one stage, was []"),
                Arguments.of("a stage that is no object",
                        "{\"task\": \"t\", \"stages\": [" + OK_STAGE + ", 7]}",
                        "stages[1]: "),
                Arguments.of("a null stage",
                        "{\"task\": \"t\", \"stages\": [null]}",
                        "stages[0]: "),
                Arguments.of("stages that are no list",
                        "{\"task\": \"t\", \"stages\": {\"name\": \"a\"}}",
                        "stages: "),
                Arguments.of("a stage name that is no text",
                        "{\"task\": \"t\", \"stages\": [{\"name\": 3, \"script\": [{\"text\": \"x\"}]}]}",
                        "stages[0].name: must be a text that is not blank, was 3"),
                Arguments.of("no task",
                        "{\"stages\": [" + OK_STAGE + "]}",
                        ": \"task\" is required (the first stage's input)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void aPipelineFileThatCannotWorkIsRefusedInOneLineNamingTheFieldAndTheValue(String what, String json,
            String message) throws IOException {
        // given
        Path file = dir.resolve("pipeline.json");
        Files.writeString(file, json);

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1);
        assertThat(result.errLines().getFirst()).startsWith("terminus: " + file).contains(message);
        assertThat(result.out()).isEmpty();
    }
}
