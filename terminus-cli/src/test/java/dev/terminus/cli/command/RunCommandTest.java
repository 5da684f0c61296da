package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Termination;
import dev.terminus.cli.demo.AgentsDemo;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code terminus run}: a scenario file, its summary and JSON, bad files, and the demo. */
class RunCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static Stream<String> demoScenarios() {
        return ScenarioReader.DEMO.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("demoScenarios")
    void everyDemoScenarioEndsWithTheCaseItExpects(String name) throws Exception {
        // given
        Path file = dir.resolve(name + ".json");
        try (var in = RunCommand.class.getResourceAsStream("/dev/terminus/cli/demo/" + name + ".json")) {
            Files.write(file, in.readAllBytes());
        }
        String expected = JSON.readTree(file.toFile()).get("expect").asText();

        // when
        Cli.Result result = Cli.run("run", "--json", "--checkpoints", dir.resolve("checkpoints").toString(),
                file.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        JsonNode report = JSON.readTree(result.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo(expected);
        Termination termination = Wire.decode(JSON.writeValueAsBytes(report.get("termination")), name);
        assertThat(report.get("category").asText()).isEqualTo(termination.category().name());
        assertThat(report.get("transcript").size()).isPositive();
    }

    static Stream<String> streamedDemoScenarios() {
        return ScenarioReader.STREAMED_DEMO.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streamedDemoScenarios")
    void everyStreamedDemoScenarioEndsWithTheCaseItExpectsWhenRunWithStream(String name) throws Exception {
        // given
        Path file = dir.resolve(name + ".json");
        Files.writeString(file, ScenarioReader.demoText(name));
        String expected = JSON.readTree(file.toFile()).get("expect").asText();

        // when
        Cli.Result result = Cli.run("run", "--stream", "--json", file.toString());

        // then: the text of the pieces not discarded is the answer the transcript holds, cut short or not
        assertThat(result.status()).as(result.err()).isZero();
        java.util.List<String> lines = result.out().lines().toList();
        JsonNode report = JSON.readTree(lines.getLast());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo(expected);
        StringBuilder kept = new StringBuilder();
        for (String line : lines.subList(0, lines.size() - 1)) {
            JsonNode event = JSON.readTree(line);
            switch (event.get("type").asText()) {
                case "TextDelta" -> kept.append(event.get("text").asText());
                case "TextDiscarded" -> kept.setLength(kept.length() - event.get("characters").asInt());
                default -> { }
            }
        }
        String answer = report.has("incompleteAnswer") ? report.get("incompleteAnswer").asText()
                : report.get("finalAnswer").asText();
        assertThat(kept.toString()).isNotEmpty().isEqualTo(answer);
    }

    @Test
    void theDemoShowsTheStreamedRowsEachEndingAsItsScenarioExpects() throws IOException {
        // when
        Cli.Result result = Cli.run("run", "--demo");

        // then: a row per streamed scenario, its case and its check
        assertThat(result.status()).isZero();
        for (String name : ScenarioReader.STREAMED_DEMO) {
            String expected = JSON.readTree(ScenarioReader.demoText(name)).get("expect").asText();
            assertThat(result.out()).containsPattern("(?m)^" + name + "\\s+" + expected + "\\s.*\\sok$");
        }
        // the discard of the retried stream, and the answers the deadline and the silent stream cut short
        assertThat(result.out()).containsPattern("(?m)^streamed-retried\\s+NaturalCompletion(\\s+\\S+){4}\\s+20\\s")
                .containsPattern("(?m)^streamed-deadline\\s+TimeBudgetExhausted\\s.*\\s\\d+ chars, cut short\\s")
                .containsPattern("(?m)^streamed-stall\\s+Failed\\s.*\\s\\d+ chars, cut short\\s");
    }

    @Test
    void theDemoCoversEveryCaseTheLoopProducesAndEndsAsExpected() {
        // when
        Cli.Result result = Cli.run("run", "--demo");

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.");
        for (String tag : new String[] {"NaturalCompletion", "Completed", "CompletedEarlyAfterToolCall", "Submitted",
                "UserSatisfied", "MaxIterationsReached", "MaxToolCallsReached", "TokenBudgetExhausted", "BudgetPressure",
                "CostBudgetExhausted", "TimeBudgetExhausted", "StallDetected", "NoProgress", "ConsecutiveMistakes",
                "Cancelled", "Halted", "Failed", "ProviderAuthFailed", "AgentRefused", "OutputTruncated",
                "PromptTooLong", "SchemaValidationFailed", "StructuredOutputRetriesExhausted", "CompactionFailed",
                "HitlGatePending", "CriteriaMet", "HumanInterventionRequired", "InvariantViolated",
                "PromotionRejected"}) {
            assertThat(result.out()).containsPattern("(?m)^\\S+\\s+" + tag + "\\s");
        }
    }

    @Test
    void theDemoShowsAnInvariantViolatedForEachInvariantClass() {
        // when
        Cli.Result result = Cli.run("run", "--demo");

        // then
        assertThat(result.out()).containsPattern("(?m)^invariant-violated\\s+InvariantViolated\\s.*\\sok\\s*$")
                .containsPattern("(?m)^semantic-invariant-violated\\s+InvariantViolated\\s.*\\sok\\s*$")
                .containsPattern("(?m)^acceptance-invariant-violated\\s+InvariantViolated\\s.*\\sok\\s*$");
    }

    @Test
    void theSemanticDemoInvariantFailsAtTheEndOfAToolRoundNotAtACompletion() throws Exception {
        // when
        JsonNode report = demoJson("semantic-invariant-violated");

        // then: the first iteration ran both calls and ended the run; the model never answered
        JsonNode termination = report.get("termination");
        assertThat(termination.get("invariantClass").asText()).isEqualTo("SEMANTIC");
        assertThat(termination.get("name").asText()).isEqualTo("one-email-per-run");
        assertThat(termination.get("reason").asText()).isEqualTo("2 tool calls, more than 1");
        assertThat(report.get("iterations").asInt()).isEqualTo(1);
        assertThat(report.get("toolCalls").asInt()).isEqualTo(2);
        assertThat(report.get("finalAnswer").isNull()).isTrue();
        JsonNode transcript = report.get("transcript");
        assertThat(transcript.get(transcript.size() - 1).get("role").asText()).isEqualTo("tool");
    }

    @Test
    void theAcceptanceDemoInvariantFailsWhenTheModelClaimsCompletion() throws Exception {
        // when
        JsonNode report = demoJson("acceptance-invariant-violated");

        // then
        JsonNode termination = report.get("termination");
        assertThat(termination.get("invariantClass").asText()).isEqualTo("ACCEPTANCE");
        assertThat(termination.get("name").asText()).isEqualTo("ran-the-tests");
        assertThat(termination.get("reason").asText()).isEqualTo("0 tool calls, fewer than 1");
        assertThat(report.get("finalAnswer").asText()).isEqualTo("Fixed: the build is green and the tests pass.");
    }

    private JsonNode demoJson(String name) throws IOException {
        Path file = dir.resolve(name + ".json");
        try (var in = RunCommand.class.getResourceAsStream("/dev/terminus/cli/demo/" + name + ".json")) {
            Files.write(file, in.readAllBytes());
        }
        Cli.Result result = Cli.run("run", "--json", file.toString());
        assertThat(result.status()).as(result.err()).isZero();
        return JSON.readTree(result.out());
    }

    @Test
    void theDemoEndsWithTheConvergenceEngineReconcilingAnInvoiceToAFixedPoint() {
        // when
        Cli.Result result = Cli.run("run", "--demo");

        // then: the example's row, then the facts it converged on with the agent and cycle that merged each
        assertThat(result.out()).containsPattern("(?m)^document-reconciliation\\s+Converged\\s+SUCCESS\\s+SUCCEEDED"
                + "\\s+4\\s+\\d+\\s+\\d+\\s+ok\\s*$");
        assertThat(result.out()).contains("status = \"reconciled\"   [cross-checker, cycle 3]");
        assertThat(result.out()).contains("total.cents = 119050   [normalizer, cycle 2]");
    }

    @Test
    void theDemoEndsWithAPipelineThatCompletesPastASkipAndARetryAndOneAFailingStageStops() {
        // when
        Cli.Result result = Cli.run("run", "--demo");

        // then: after the convergence example, each pipeline's line and its stages' table
        assertThat(result.status()).as(result.out()).isZero();
        String out = result.out();
        assertThat(out.indexOf("Pipelines: stages run in order")).isGreaterThan(out.indexOf("document-reconciliation"));
        assertThat(out).containsPattern("(?m)^pipeline-completed\\.json: Completed \\(SUCCEEDED\\)  ok$")
                .containsPattern("(?m)^\\s+translate\\s+Skipped\\s+INTERRUPTED\\s+SKIPPED\\s+0\\s")
                .containsPattern("(?m)^\\s+draft\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+2\\s")
                .containsPattern("(?m)^pipeline-stopped\\.json: ProviderAuthFailed \\(FAILED, stopped by stage draft\\)"
                        + "  ok$")
                .containsPattern("(?m)^\\s+publish\\s+-\\s+-\\s+not run\\s")
                .contains("Every scenario ended as expected.");
    }

    @Test
    void theJsonDemoEndsWithThePipelinesResults() throws IOException {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--json");

        // then
        JsonNode results = JSON.readTree(result.out());
        JsonNode stopped = results.get(results.size() - 1);
        JsonNode completed = results.get(results.size() - 2);
        assertThat(completed.get("engine").asText()).isEqualTo("pipeline");
        assertThat(completed.get("scenario").asText()).isEqualTo("pipeline-completed");
        assertThat(completed.get("termination").get("$kind").asText()).isEqualTo("Completed");
        assertThat(stopped.get("termination").get("$kind").asText()).isEqualTo("ProviderAuthFailed");
        assertThat(stopped.get("stoppedBy").asText()).isEqualTo("draft");
    }

    @Test
    void theJsonDemoHoldsTheConvergenceResultAfterTheLoopScenarios() throws IOException {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        JsonNode results = JSON.readTree(result.out());
        assertThat(results.size()).as("the resumed agents scenario has two rows, paused and approved")
                .isEqualTo(ScenarioReader.DEMO.size() + 1 + ScenarioReader.STREAMED_DEMO.size()
                        + ScenarioReader.AGENTS_DEMO.size() + AgentsDemo.RESUMED.size()
                        + dev.terminus.cli.pipeline.PipelineFile.DEMO.size());
        JsonNode convergence = results.get(ScenarioReader.DEMO.size());
        assertThat(convergence.get("engine").asText()).isEqualTo("converge");
        assertThat(convergence.get("termination").toString()).isEqualTo("{\"$kind\":\"Converged\",\"cycles\":4}");
        assertThat(convergence.get("cycles").asInt()).isEqualTo(4);
        assertThat(convergence.get("facts").get("lines.cents").toString()).isEqualTo("[95000,24050]");
    }

    @Test
    void theSummaryShowsTheTerminationItsFactsAndTheCounters() throws IOException {
        // given
        Path file = write("""
                {"name": "capped", "task": "fetch", "limits": {"maxToolCalls": 1},
                 "tools": [{"name": "fetch", "result": "x"}],
                 "script": [{"toolCalls": [{"name": "fetch", "arguments": {"n": 1}}, {"name": "fetch", "arguments": {"n": 2}}]}]}
                """);

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("Termination   MaxToolCallsReached").contains("limit          1")
                .contains("toolCallsUsed  1").contains("Category      CAPACITY").contains("Outcome       FAILED")
                .contains("Iterations    1").contains("Tool calls    1").contains("Tokens        10 in, 5 out (15 total)")
                .contains("Cost          $0").contains("Duration").contains("Next          1. ");
    }

    @Test
    void anUnknownFieldIsNamedWithItsLine() throws IOException {
        // given
        Path file = write("{\n  \"task\": \"x\",\n  \"limits\": {\"maxIteration\": 3},\n  \"script\": [{\"text\": \"hi\"}]\n}");

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: " + file)
                .contains("line 3").contains("limits.maxIteration").contains("unknown field \"maxIteration\"");
    }

    @Test
    void aBadLimitIsNamedWithItsValue() throws IOException {
        // given
        Path file = write("{\"task\": \"x\", \"limits\": {\"maxIterations\": 0}, \"script\": [{\"text\": \"hi\"}]}");

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("limits.maxIterations: must be >= 1, was 0");
    }

    @Test
    void aBadStepIsNamedByItsIndex() throws IOException {
        // given
        Path file = write("{\"task\": \"x\", \"script\": [{\"text\": \"hi\"}, {\"error\": \"boom\"}]}");

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("script[1].error: unknown error \"boom\"");
    }

    @Test
    void aWrongTypeIsNamedWithItsPath() throws IOException {
        // given
        Path file = write("{\"task\": \"x\", \"limits\": {\"maxToolCalls\": \"many\"}, \"script\": [{\"text\": \"hi\"}]}");

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("limits.maxToolCalls").contains("many");
    }

    @Test
    void aMissingTaskOrEmptyScriptIsRefused() throws IOException {
        // given
        Path noTask = write("{\"script\": [{\"text\": \"hi\"}]}");
        Path noScript = write("{\"task\": \"x\", \"script\": []}");

        // when
        Cli.Result first = Cli.run("run", noTask.toString());
        Cli.Result second = Cli.run("run", noScript.toString());

        // then
        assertThat(first.status()).isEqualTo(2);
        assertThat(first.err()).contains("task");
        assertThat(second.status()).isEqualTo(2);
        assertThat(second.err()).contains("script: needs at least one step, was []");
    }

    @Test
    void runNeedsAFileOrTheDemo() {
        // when
        Cli.Result result = Cli.run("run");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("SCENARIO file or --demo");
    }

    @Test
    void aMissingFileIsNamed() {
        // when
        Cli.Result result = Cli.run("run", dir.resolve("nope.json").toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("nope.json: no such file");
    }

    private Path write(String json) throws IOException {
        Path file = Files.createTempFile(dir, "scenario", ".json");
        Files.writeString(file, json);
        return file;
    }
}
