package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus run} of a pipeline whose stage waits for approval, then {@code terminus resume} of the pipeline
 * checkpoint it saved, as separate command invocations: the pipeline pauses at the stage's gate, and the decision
 * continues that stage and the stages after it.
 */
class PipelineResumeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** "refund" waits for approval of its refund call; "notify" after it, and "archive" waits for approval too. */
    private static final String PIPELINE = """
            {"name": "refunds", "task": "Refund order 42.", "stages": [
              {"name": "lookup", "script": [{"text": "order 42: 120.00 EUR, paid"}]},
              {"name": "refund", "tools": [{"name": "refund", "result": "refunded 120.00 EUR"}], "approvals": ["refund"],
               "script": [{"toolCalls": [{"name": "refund", "arguments": {"order": 42}}]},
                          {"text": "Order 42 is refunded: 120.00 EUR."}]},
              {"name": "notify", "script": [{"text": "The customer is told."}]}%s]}
            """;
    private static final String ARCHIVE = """
            ,
              {"name": "archive", "tools": [{"name": "archive", "result": "archived"}], "approvals": ["archive"],
               "script": [{"toolCalls": [{"name": "archive", "arguments": {"order": 42}}]}, {"text": "Archived."}]}""";

    @TempDir
    Path dir;

    @Test
    void aStageWaitingForApprovalPausesThePipelineWhichPrintsItsTableAndSavesItsCheckpoint() throws IOException {
        // when
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), pipeline("").toString());

        // then
        assertThat(paused.status()).as(paused.err()).isZero();
        assertThat(paused.out())
                .containsPattern("(?m)^\\s+refund\\s+HitlGatePending\\s+SUSPENDED\\s+SUSPENDED\\s+1\\s")
                .containsPattern("(?m)^\\s+notify\\s+-\\s+-\\s+not run\\s")
                .containsPattern("(?m)^\\s+Termination\\s+HitlGatePending$")
                .containsPattern("(?m)^\\s+Stopped by\\s+stage refund$")
                .contains("Paused for approval at stage refund: ")
                .contains("Checkpoint saved: " + onlyCheckpoint())
                .contains("Continue it: terminus resume " + onlyCheckpoint() + " --approve");
        assertThat(onlyCheckpoint().getFileName().toString()).endsWith(".pipeline-checkpoint.json");
        JsonNode saved = JSON.readTree(onlyCheckpoint().toFile());
        assertThat(saved.get("pipelineName").asText()).isEqualTo("refunds");
        assertThat(saved.get("paused").get("name").asText()).isEqualTo("refund");
    }

    @Test
    void approvingTheSavedCheckpointRunsThePausedStagesCallThenTheRemainingStages() throws IOException {
        // given
        Path checkpoint = pausedRun(pipeline(""));

        // when: another invocation, which has only the checkpoint
        Cli.Result resumed = Cli.run("resume", checkpoint.toString(), "--approve", "--json");

        // then
        assertThat(resumed.status()).as(resumed.err()).isZero();
        JsonNode report = JSON.readTree(resumed.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("Completed");
        assertThat(report.get("stoppedBy").isNull()).isTrue();
        JsonNode stages = report.get("stages");
        assertThat(stages.size()).isEqualTo(3);
        assertThat(stages.get(0).get("answer").asText()).isEqualTo("order 42: 120.00 EUR, paid");
        assertThat(stages.get(0).get("iterations").isNull()).as("the checkpoint keeps no iterations").isTrue();
        assertThat(stages.get(2).get("iterations").asInt()).isEqualTo(1);
        assertThat(stages.get(1).get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(stages.get(1).get("answer").asText()).as("the script goes on after the approved call")
                .isEqualTo("Order 42 is refunded: 120.00 EUR.");
        assertThat(stages.get(2).get("input").asText()).isEqualTo("Order 42 is refunded: 120.00 EUR.");
        assertThat(stages.get(2).get("answer").asText()).isEqualTo("The customer is told.");
        assertThat(checkpoint).as("the used checkpoint is removed").doesNotExist();
    }

    @Test
    void rejectingTheSavedCheckpointGoesOnWithThePausedStageAndTheRemainingStages() throws IOException {
        // given
        Path checkpoint = pausedRun(pipeline(""));

        // when
        Cli.Result resumed = Cli.run("resume", checkpoint.toString(), "--reject", "over 100 EUR needs a manager");

        // then
        assertThat(resumed.status()).as(resumed.err()).isZero();
        assertThat(resumed.out()).containsPattern("(?m)^\\s+lookup\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+1\\s+-\\s")
                .containsPattern("(?m)^\\s+refund\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s")
                .containsPattern("(?m)^\\s+notify\\s+NaturalCompletion\\s")
                .containsPattern("(?m)^\\s+Termination\\s+Completed$");
        assertThat(checkpoint).doesNotExist();
    }

    @Test
    void aPipelineThatPausesAgainAtALaterStageSavesANewCheckpointWhichTheNextResumeCompletes() throws IOException {
        // given
        Path first = pausedRun(pipeline(ARCHIVE));

        // when
        Cli.Result again = Cli.run("resume", first.toString(), "--approve");
        Path second = onlyCheckpoint();
        Cli.Result done = Cli.run("resume", second.toString(), "--approve", "--json");

        // then
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(again.out()).containsPattern("(?m)^\\s+archive\\s+HitlGatePending\\s")
                .contains("Paused for approval at stage archive: ");
        assertThat(second).isNotEqualTo(first);
        assertThat(first).doesNotExist();
        JsonNode report = JSON.readTree(done.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("Completed");
        assertThat(report.get("stages").get(3).get("answer").asText()).isEqualTo("Archived.");
        assertThat(second).doesNotExist();
    }

    @Test
    void theCheckpointResumesInAnotherProcess() throws Exception {
        // given
        Path checkpoint = pausedRun(pipeline(""));

        // when: a JVM of its own, which shares nothing with this one but the file
        Cli.Result resumed = ChildTerminus.run(dir.resolve("child.out"), "resume", checkpoint.toString(), "--approve");

        // then
        assertThat(resumed.status()).as(resumed.out()).isZero();
        assertThat(resumed.out()).containsPattern("(?m)^\\s+notify\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+1\\s")
                .containsPattern("(?m)^\\s+Termination\\s+Completed$");
        assertThat(checkpoint).doesNotExist();
    }

    @Test
    void aCheckpointThatIsNoPipelineCheckpointIsRefusedNamingTheFile() throws IOException {
        // given
        Path broken = Files.writeString(dir.resolve("gate-1.pipeline-checkpoint.json"), "{\"formatVersion\": 1}");

        // when
        Cli.Result result = Cli.run("resume", broken.toString(), "--approve");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1);
        assertThat(result.errLines().getFirst()).startsWith("terminus: " + broken + ": not a valid pipeline checkpoint: ");
    }

    private Path pipeline(String more) throws IOException {
        return Files.writeString(dir.resolve("refunds.json"), PIPELINE.formatted(more));
    }

    private Path checkpoints() {
        return dir.resolve("checkpoints");
    }

    private Path pausedRun(Path file) throws IOException {
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), file.toString());
        assertThat(paused.status()).as(paused.err()).isZero();
        return onlyCheckpoint();
    }

    private Path onlyCheckpoint() throws IOException {
        try (Stream<Path> files = Files.list(checkpoints())) {
            List<Path> all = files.filter(file -> file.getFileName().toString().endsWith(".json")).toList();
            assertThat(all).hasSize(1);
            return all.getFirst();
        }
    }
}
