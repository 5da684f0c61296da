package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.cli.output.Playbook;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code terminus run PIPELINE}: pipeline files run stage after stage, shown as a table or as JSON. */
class PipelineRunCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theCompletedDemoPipelineSkipsAStageAndSucceedsOnTheRetryOfAnother() throws IOException {
        // given
        Path file = demo("pipeline-completed");

        // when
        Cli.Result result = Cli.run("run", "--json", file.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        JsonNode report = JSON.readTree(result.out());
        assertThat(report.get("pipeline").asText()).isEqualTo("pipeline-completed");
        assertThat(report.get("termination").toString()).isEqualTo("{\"$kind\":\"Completed\"}");
        assertThat(report.get("outcome").asText()).isEqualTo("SUCCEEDED");
        assertThat(report.get("stoppedBy").isNull()).isTrue();
        JsonNode stages = report.get("stages");
        assertThat(names(stages)).containsExactly("research", "translate", "draft", "review");
        JsonNode translate = stages.get(1);
        assertThat(translate.get("termination").toString())
                .isEqualTo("{\"$kind\":\"Skipped\",\"reason\":\"the previous answer contains \\\"in English\\\"\"}");
        assertThat(translate.get("skipReason").asText()).isEqualTo("the previous answer contains \"in English\"");
        assertThat(translate.get("attempts").asInt()).isZero();
        JsonNode draft = stages.get(2);
        assertThat(draft.get("attempts").asInt()).isEqualTo(2);
        assertThat(draft.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(draft.get("input").asText()).as("the skipped stage passes the research answer on")
                .isEqualTo(stages.get(0).get("answer").asText());
        JsonNode review = stages.get(3);
        assertThat(review.get("termination").toString())
                .isEqualTo("{\"$kind\":\"MaxIterationsReached\",\"limit\":1,\"iterationsUsed\":1}");
        assertThat(review.get("outcome").asText()).as("treatAsSuccess").isEqualTo("SUCCEEDED");
        assertThat(review.get("input").asText()).isEqualTo(draft.get("answer").asText());
    }

    @Test
    void theTableShowsEachStageThenThePipelinesEndWhatStoppedItAndWhatToDoNext() throws IOException {
        // when
        Cli.Result result = Cli.run("run", demo("pipeline-completed").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out())
                .containsPattern("(?m)^\\s+Stage\\s+Termination\\s+Category\\s+Outcome\\s+Attempts\\s+Iter\\s+Tokens"
                        + "\\s+ms\\s+Skip reason$")
                .containsPattern("(?m)^\\s+research\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+1\\s+2\\s+30\\s+\\d+$")
                .containsPattern("(?m)^\\s+translate\\s+Skipped\\s+INTERRUPTED\\s+SKIPPED\\s+0\\s+0\\s+0\\s+\\d+\\s+"
                        + "the previous answer contains \"in English\"$")
                .containsPattern("(?m)^\\s+draft\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+2\\s+1\\s+15\\s+\\d+$")
                .containsPattern("(?m)^\\s+review\\s+MaxIterationsReached\\s+CAPACITY\\s+SUCCEEDED\\s+1\\s+1\\s+15\\s+\\d+$")
                .containsPattern("(?m)^\\s+Termination\\s+Completed$")
                .containsPattern("(?m)^\\s+Stopped by\\s+none: every stage was reached$")
                .contains("Oslo is cool: 4.6 C on average")
                .containsPattern("(?m)^\\s+Next\\s+1\\. Use the answer of the last stage that answered");
    }

    @Test
    void aFailingStageStopsThePipelineWhichEndsWithItsTerminationAndRunsNoStageAfterIt() throws IOException {
        // when
        Cli.Result json = Cli.run("run", "--json", demo("pipeline-stopped").toString());
        Cli.Result text = Cli.run("run", demo("pipeline-stopped").toString());

        // then: the auth failure is FATAL, so the stage's retries are not used
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode report = JSON.readTree(json.out());
        assertThat(report.get("termination").toString())
                .isEqualTo("{\"$kind\":\"ProviderAuthFailed\",\"provider\":\"scripted\",\"status\":401}");
        assertThat(report.get("outcome").asText()).isEqualTo("FAILED");
        assertThat(report.get("stoppedBy").asText()).isEqualTo("draft");
        assertThat(names(report.get("stages"))).containsExactly("research", "draft");
        assertThat(report.get("stages").get(1).get("attempts").asInt()).isEqualTo(1);
        assertThat(report.get("notRun").toString()).isEqualTo("[\"publish\"]");
        assertThat(text.out()).containsPattern("(?m)^\\s+Stopped by\\s+stage draft$")
                .containsPattern("(?m)^\\s+publish\\s+-\\s+-\\s+not run\\s")
                .containsPattern("(?m)^\\s+Next\\s+1\\. Stage draft stopped the pipeline with ProviderAuthFailed after 1"
                        + " attempt");
        assertThat(Cli.flat(text.out())).contains("after 1 attempt; publish did not run. For that stage:");
        assertThat(Cli.flat(text.out())).contains("2. " + Playbook.nextSteps(
                new dev.terminus.Termination.ProviderAuthFailed("scripted", 401)).getFirst());
    }

    @Test
    void aStageThatFailsWithContinueLetsThePipelineCompleteAndTheNextStageTakesTheAnswerBeforeIt() throws IOException {
        // given
        Path file = write("""
                {"task": "start", "stages": [
                  {"name": "first", "script": [{"text": "first answer"}]},
                  {"name": "flaky", "onFailure": "continue", "script": [{"error": "auth"}]},
                  {"name": "last", "script": [{"text": "done"}]}]}
                """);

        // when
        Cli.Result result = Cli.run("run", "--json", file.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        JsonNode report = JSON.readTree(result.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("Completed");
        assertThat(report.get("stoppedBy").isNull()).isTrue();
        JsonNode stages = report.get("stages");
        assertThat(stages.get(1).get("termination").get("$kind").asText()).isEqualTo("ProviderAuthFailed");
        assertThat(stages.get(1).get("outcome").asText()).isEqualTo("FAILED");
        assertThat(stages.get(2).get("input").asText()).isEqualTo("first answer");
        assertThat(Cli.flat(Cli.run("run", file.toString()).out()))
                .contains("Stage flaky failed (ProviderAuthFailed) and the pipeline went on");
    }

    @Test
    void aStageRunsWithinItsShareAndAPhaseWithinItsBudget() throws IOException {
        // given: every model answer uses 15 tokens
        Path file = write("""
                {"name": "shares", "task": "go", "limits": {"tokenBudget": {"total": 1000}},
                 "phases": {"research": {"tokenBudget": {"total": 40}}},
                 "stages": [
                  {"name": "capped", "tokenBudget": {"total": 20}, "onFailure": "continue",
                   "tools": [{"name": "look", "result": "x"}],
                   "script": [{"toolCalls": [{"name": "look", "arguments": {}}]},
                              {"toolCalls": [{"name": "look", "arguments": {}}]}, {"text": "late"}]},
                  {"name": "gather", "phase": "research", "script": [{"text": "gathered"}]},
                  {"name": "sift", "phase": "research", "onFailure": "continue",
                   "tools": [{"name": "look", "result": "x"}],
                   "script": [{"toolCalls": [{"name": "look", "arguments": {}}]},
                              {"toolCalls": [{"name": "look", "arguments": {}}]}, {"text": "late"}]},
                  {"name": "after", "script": [{"text": "after the phase"}]}]}
                """);

        // when
        Cli.Result result = Cli.run("run", "--json", file.toString());

        // then: "capped" stops at its own share, "sift" at what the phase has left after "gather" (40 - 15)
        assertThat(result.status()).as(result.err()).isZero();
        JsonNode stages = JSON.readTree(result.out()).get("stages");
        assertThat(stages.get(0).get("termination").get("$kind").asText()).isEqualTo("TokenBudgetExhausted");
        assertThat(stages.get(0).get("termination").get("limit").asLong()).isEqualTo(20);
        assertThat(stages.get(1).get("phase").asText()).isEqualTo("research");
        assertThat(stages.get(2).get("termination").get("$kind").asText()).isEqualTo("TokenBudgetExhausted");
        assertThat(stages.get(2).get("termination").get("limit").asLong()).isEqualTo(25);
        assertThat(stages.get(3).get("answer").asText()).isEqualTo("after the phase");
        assertThat(stages.get(3).get("phase").isNull()).isTrue();
    }

    @Test
    void thePipelineTokenBudgetBoundsEveryStage() throws IOException {
        // given
        Path file = write("""
                {"task": "go", "limits": {"tokenBudget": {"total": 20}}, "stages": [
                  {"name": "one", "script": [{"text": "a"}]},
                  {"name": "two", "tools": [{"name": "look", "result": "x"}],
                   "script": [{"toolCalls": [{"name": "look", "arguments": {}}]}, {"text": "b"}]},
                  {"name": "three", "script": [{"text": "c"}]}]}
                """);

        // when
        Cli.Result result = Cli.run("run", "--json", file.toString());

        // then
        JsonNode report = JSON.readTree(result.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("TokenBudgetExhausted");
        assertThat(report.get("stoppedBy").asText()).isEqualTo("two");
        assertThat(report.get("notRun").toString()).isEqualTo("[\"three\"]");
    }

    @Test
    void theJsonHoldsThePipelinesFieldsAndEachStagesInOrder() throws IOException {
        // when
        Cli.Result result = Cli.run("run", "--json", demo("pipeline-completed").toString());

        // then
        JsonNode report = JSON.readTree(result.out());
        assertThat(fields(report)).containsExactly("pipeline", "termination", "category", "outcome", "stoppedBy",
                "usage", "costUsd", "durationMs", "stages", "notRun");
        assertThat(fields(report.get("stages").get(0))).containsExactly("name", "phase", "termination", "category",
                "outcome", "attempts", "iterations", "usage", "costUsd", "durationMs", "input", "answer", "skipReason");
        // four answers of 10 in, 5 out: research's two, draft's retry (its first attempt's call failed), review's one
        assertThat(report.get("usage").get("inputTokens").asLong()).isEqualTo(40);
        assertThat(report.get("usage").get("outputTokens").asLong()).isEqualTo(20);
    }

    @Test
    void aPipelineIsNamedAfterItsFileWhenItGivesNoName() throws IOException {
        // given
        Path file = dir.resolve("weekly-report.json");
        Files.writeString(file, "{\"task\": \"t\", \"stages\": [{\"name\": \"only\", \"script\": [{\"text\": \"x\"}]}]}");

        // when
        Cli.Result result = Cli.run("run", "--json", file.toString());

        // then
        assertThat(JSON.readTree(result.out()).get("pipeline").asText()).isEqualTo("weekly-report");
    }

    private Path demo(String name) throws IOException {
        Path file = dir.resolve(name + ".json");
        try (var in = RunCommand.class.getResourceAsStream("/dev/terminus/cli/demo/" + name + ".json")) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    private Path write(String json) throws IOException {
        Path file = Files.createTempFile(dir, "pipeline", ".json");
        Files.writeString(file, json);
        return file;
    }

    private static List<String> names(JsonNode stages) {
        List<String> names = new ArrayList<>();
        stages.forEach(stage -> names.add(stage.get("name").asText()));
        return names;
    }

    private static List<String> fields(JsonNode node) {
        List<String> fields = new ArrayList<>();
        node.fieldNames().forEachRemaining(fields::add);
        return fields;
    }
}
