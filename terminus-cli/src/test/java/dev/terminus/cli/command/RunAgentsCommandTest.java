package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.cli.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus run} of scenarios whose agents call agents: the demo's files, their summaries and JSON (the agent
 * that ended the run, its children), bad files, and the demo's rows.
 */
class RunAgentsCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The fields of a run's result in {@code --json}, after {@code scenario}, in order. */
    private static final List<String> RESULT_FIELDS = List.of("agentName", "termination", "category", "outcome",
            "iterations", "toolCalls", "usage", "costUsd", "durationMs", "finalAnswer", "iterationRecords",
            "transcript", "children");

    @TempDir
    Path dir;

    @Test
    void aChildThatReachesItsIterationCapFailsItsCallAndItsParentCompletes() throws IOException {
        // when
        JsonNode report = runJson("child-iteration-cap");

        // then
        assertThat(report.get("termination").toString()).isEqualTo("{\"$kind\":\"NaturalCompletion\"}");
        assertThat(report.get("agentName").asText()).isEqualTo("child-iteration-cap");
        JsonNode child = report.get("children").get(0);
        assertThat(report.get("children").size()).isEqualTo(1);
        assertThat(child.get("toolName").asText()).isEqualTo("research");
        assertThat(child.get("iteration").asInt()).isEqualTo(1);
        assertThat(child.get("result").get("agentName").asText()).isEqualTo("researcher");
        assertThat(child.get("result").get("termination").toString())
                .isEqualTo("{\"$kind\":\"MaxIterationsReached\",\"limit\":2,\"iterationsUsed\":2}");
        assertThat(child.get("result").get("iterations").asInt()).isEqualTo(2);
        JsonNode call = toolResults(report).getFirst();
        assertThat(call.get("error").asBoolean()).isTrue();
        assertThat(call.get("content").asText()).contains("researcher", "MaxIterationsReached");
        assertThat(report.get("usage").get("inputTokens").asInt()).as("the tree's: 2 calls of the parent, 2 of the"
                + " child").isEqualTo(40);
    }

    @Test
    void theParentsTokenBudgetCutsItsChildAndEndsTheParentWithTheTreesTotal() throws IOException {
        // when
        JsonNode report = runJson("child-token-budget");

        // then
        String cut = "{\"$kind\":\"TokenBudgetExhausted\",\"tokensConsumed\":105,\"limit\":100,\"kind\":\"TOTAL\"}";
        assertThat(report.get("termination").toString()).isEqualTo(cut);
        assertThat(report.get("usage").get("inputTokens").asInt() + report.get("usage").get("outputTokens").asInt())
                .isEqualTo(105);
        JsonNode child = report.get("children").get(0).get("result");
        assertThat(child.get("agentName").asText()).isEqualTo("reader");
        assertThat(child.get("termination").toString()).isEqualTo(cut);
        assertThat(child.get("iterations").asInt()).isEqualTo(6);
        assertThat(child.get("usage").get("inputTokens").asInt() + child.get("usage").get("outputTokens").asInt())
                .as("the child's own share").isEqualTo(90);
        assertThat(report.get("iterations").asInt()).as("the parent never called its model again").isEqualTo(1);
    }

    @Test
    void aHandoffEndsInTheOtherAgentsCompletionAndTheResultNamesThatAgent() throws IOException {
        // when
        JsonNode report = runJson("handoff");

        // then
        assertThat(report.get("termination").toString()).isEqualTo("{\"$kind\":\"NaturalCompletion\"}");
        assertThat(report.get("agentName").asText()).isEqualTo("billing");
        assertThat(report.get("children").size()).isZero();
        assertThat(report.get("finalAnswer").asText()).contains("refunded the second charge");
        List<String> ids = new ArrayList<>();
        for (JsonNode message : report.get("transcript")) {
            message.path("toolCalls").forEach(call -> ids.add(call.get("id").asText()));
        }
        assertThat(ids).containsExactly("call_1", "billing_call_1", "billing_call_2");
    }

    @Test
    void theJsonOfARunHoldsItsAgentAndItsChildrenEachWithTheFieldsOfARunsResult() throws IOException {
        // when
        JsonNode report = runJson("child-iteration-cap");

        // then
        List<String> top = new ArrayList<>(List.of("scenario"));
        top.addAll(RESULT_FIELDS);
        assertThat(report.fieldNames()).toIterable().containsExactlyElementsOf(top);
        JsonNode child = report.get("children").get(0);
        assertThat(child.fieldNames()).toIterable().containsExactly("toolName", "iteration", "result");
        assertThat(child.get("result").fieldNames()).toIterable().containsExactlyElementsOf(RESULT_FIELDS);
        assertThat(child.get("result").get("children").isArray()).isTrue();
        assertThat(child.get("result").get("transcript").get(0).get("content").asText())
                .isEqualTo("You find facts, one search at a time.");
    }

    @Test
    void theSummaryNamesTheAgentThatEndedTheRunAndListsItsChildren() throws IOException {
        // when
        Cli.Result capped = Cli.run("run", demoFile("child-iteration-cap").toString());
        Cli.Result handedOver = Cli.run("run", demoFile("handoff").toString());

        // then
        assertThat(capped.status()).as(capped.err()).isZero();
        assertThat(capped.out()).contains("  Agent         child-iteration-cap\n")
                .contains("  Children      research -> researcher (iteration 1): MaxIterationsReached, 2 iterations,"
                        + " 30 tokens\n");
        assertThat(handedOver.out()).contains("  Agent         billing\n").doesNotContain("Children");
    }

    @Test
    void aFileWhoseAgentsCallEachOtherAsToolsIsRefusedInOneLineWithStatus2() throws IOException {
        // given
        Path file = Files.writeString(dir.resolve("cycle.json"), """
                {"task": "t", "tools": [{"name": "ask", "agent": "a"}],
                 "agents": {"a": {"tools": [{"name": "ask_b", "agent": "b"}], "script": [{"text": "x"}]},
                            "b": {"tools": [{"name": "ask_a", "agent": "a"}], "script": [{"text": "x"}]}},
                 "script": [{"text": "x"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: " + file
                + ": agents: a -> b -> a call each other as tools without a depth limit");
    }

    @Test
    void aResumedRunsNamedAgentsGoOnInTheirScriptsWhereTheyWereWhenTheRunPaused() throws IOException {
        // given: the helper answers once, then the run pauses at the approval of send
        Path file = Files.writeString(dir.resolve("paused.json"), """
                {"task": "t", "approvals": ["send"],
                 "tools": [{"name": "ask", "agent": "helper"}, {"name": "send", "result": "sent"}],
                 "agents": {"helper": {"script": [{"text": "first answer"}, {"text": "second answer"}]}},
                 "script": [{"toolCalls": [{"name": "ask", "arguments": {"task": "one"}}]},
                            {"toolCalls": [{"name": "send"}]},
                            {"toolCalls": [{"name": "ask", "arguments": {"task": "two"}}]},
                            {"text": "done"}]}
                """);
        Path checkpoints = dir.resolve("checkpoints");
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints.toString(), file.toString());
        assertThat(paused.out()).contains("HitlGatePending");
        Path checkpoint;
        try (var files = Files.list(checkpoints)) {
            checkpoint = files.findFirst().orElseThrow();
        }

        // when
        Cli.Result resumed = Cli.run("resume", checkpoint.toString(), "--approve", "--json");

        // then: the helper's second run answers with its script's second step
        assertThat(resumed.status()).as(resumed.err()).isZero();
        JsonNode report = JSON.readTree(resumed.out());
        assertThat(toolResults(report)).extracting(result -> result.get("content").asText())
                .containsExactly("first answer", "sent", "second answer");
    }

    @Test
    void theDemoShowsEachScenarioOfAgentsEndingAsExpectedWithTheAgentThatEndedItAndItsChildren() {
        // when
        Cli.Result result = Cli.run("run", "--demo");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.")
                .containsPattern("(?m)^child-iteration-cap\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+"
                        + "child-iteration-cap\\s+2\\s+1\\s+60\\s+1\\s+\\d+\\s+ok$")
                .containsPattern("(?m)^child-token-budget\\s+TokenBudgetExhausted\\s+CAPACITY\\s+FAILED\\s+"
                        + "child-token-budget\\s+1\\s+1\\s+105\\s+1\\s+\\d+\\s+ok$")
                .containsPattern("(?m)^handoff\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+billing\\s+4\\s+3\\s+"
                        + "60\\s+0\\s+\\d+\\s+ok$")
                .contains("child-token-budget:\n  read_archive -> reader (iteration 1): TokenBudgetExhausted, 6"
                        + " iterations, 90 tokens\n");
    }

    @Test
    void theDemoShowsARunPausedAtItsChildsGateThenTheSameRunResumedFromItsSavedCheckpointToItsEnd() {
        // when
        Cli.Result result = Cli.run("run", "--demo");

        // then: the pause names the child's agent; resumed, the child and then its parent complete
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.")
                .containsPattern("(?m)^child-approval\\s+HitlGatePending\\s+SUSPENDED\\s+SUSPENDED\\s+payments\\s+"
                        + "1\\s+\\d+\\s+\\d+\\s+0\\s+\\d+\\s+ok$")
                .containsPattern("(?m)^child-approval \\(approved\\)\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+"
                        + "child-approval\\s+2\\s+1\\s+75\\s+1\\s+\\d+\\s+ok$")
                .contains("child-approval (approved):\n  ask_payments -> payments (iteration 1): NaturalCompletion, 3"
                        + " iterations, 45 tokens\n");
    }

    @Test
    void theJsonDemoHoldsTheScenariosOfAgentsAfterTheStreamedOnesTheirChildrenIncluded() throws IOException {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        JsonNode results = JSON.readTree(result.out());
        int first = ScenarioReader.DEMO.size() + 1 + ScenarioReader.STREAMED_DEMO.size();
        int agents = ScenarioReader.AGENTS_DEMO.size() + 1;
        assertThat(results.size()).as("a row per scenario, two for the one resumed, then the pipelines")
                .isEqualTo(first + agents + dev.terminus.cli.pipeline.PipelineFile.DEMO.size());
        List<String> scenarios = new ArrayList<>();
        for (int i = first; i < first + agents; i++) {
            scenarios.add(results.get(i).get("scenario").asText());
        }
        assertThat(scenarios).containsExactly("child-iteration-cap", "child-token-budget", "handoff",
                "child-approval", "child-approval (approved)");
        assertThat(results.get(first + 3).get("termination").get("agentId").asText()).isEqualTo("payments");
        assertThat(results.get(first + 4).get("children").get(0).get("result").get("agentName").asText())
                .isEqualTo("payments");
        assertThat(results.get(first + 1).get("children").get(0).get("result").get("termination").get("$kind")
                .asText()).isEqualTo("TokenBudgetExhausted");
        assertThat(results.get(first + 2).get("agentName").asText()).isEqualTo("billing");
    }

    private JsonNode runJson(String name) throws IOException {
        Cli.Result result = Cli.run("run", "--json", demoFile(name).toString());
        assertThat(result.status()).as(result.err()).isZero();
        return JSON.readTree(result.out());
    }

    private Path demoFile(String name) throws IOException {
        return Files.writeString(dir.resolve(name + ".json"), ScenarioReader.demoText(name));
    }

    private static List<JsonNode> toolResults(JsonNode report) {
        List<JsonNode> results = new ArrayList<>();
        report.get("transcript").forEach(message -> {
            if (message.get("role").asText().equals("tool")) {
                results.add(message);
            }
        });
        return results;
    }
}
