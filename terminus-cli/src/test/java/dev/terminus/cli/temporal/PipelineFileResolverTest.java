package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.TokenBudget;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.pipeline.StageEntry;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A worker builds the pipeline of a pipeline file a client sent: each stage's attempt carries, as its scenario
 * document, exactly the scenario the attempt runs in one process; a file that cannot work is refused naming the field.
 */
class PipelineFileResolverTest {
    private static final String FILE = """
            {"name": "notes", "task": "Write a note on Oslo.",
             "agents": {"checker": {"script": [{"text": "checked"}]}},
             "stages": [
               {"name": "research", "system": "Find sources.",
                "retries": {"maxRetries": 1, "initialBackoffMs": 5, "maxBackoffMs": 20},
                "tools": [{"name": "search", "result": "4.6 C"}, {"name": "check", "agent": "checker"}],
                "limits": {"maxIterations": 3},
                "script": [{"toolCalls": [{"name": "search", "arguments": {"query": "Oslo"}}]}, {"text": "4.6 C"}]},
               {"name": "draft", "skipWhen": {"answerContains": "nothing"}, "script": [{"text": "Oslo is cool."}]}]}
            """;

    @Test
    void anAttemptsDocumentIsTheScenarioItRunsInOneProcessWithItsTaskAndTokens() throws Exception {
        // given
        PipelineFile file = PipelineFile.read(FILE.getBytes(StandardCharsets.UTF_8), "notes.json");
        StageEntry research = file.stages().get(0);
        TokenBudget allowance = TokenBudget.total(300);

        // when
        String document = PipelineFileResolver.document(file, research, "Write a note on Oslo.", allowance);

        // then
        Scenario read = ScenarioReader.read(document.getBytes(StandardCharsets.UTF_8), "the document");
        assertThat(read).isEqualTo(file.scenarioOf(research, "Write a note on Oslo.", allowance));
        assertThat(read.task()).isEqualTo("Write a note on Oslo.");
        assertThat(read.limits().tokenBudget().total()).isEqualTo(300L);
        assertThat(read.limits().maxIterations()).isEqualTo(3);
        assertThat(read.agents()).containsOnlyKeys("checker");
        assertThat(document).doesNotContain("initialBackoffMs", "skipWhen");
    }

    @Test
    void aFileWithAFieldThatCannotWorkIsRefusedNamingTheStageAndTheField() {
        // given
        String broken = FILE.replace("\"skipWhen\": {\"answerContains\": \"nothing\"}",
                "\"onFailure\": \"shrug\"");

        // when / then
        assertThatThrownBy(() -> new PipelineFileResolver().resolve("notes", broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the pipeline notes: stages[1] (draft).onFailure: \"shrug\" is not one of abort,"
                        + " continue");
    }
}
