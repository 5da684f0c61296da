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
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code terminus run TREE.json --temporal embedded}: a scenario whose agent calls named agents as tools, or hands its
 * run to one, runs as one workflow (the tree in its root's workflow) and ends as it does in one process: the same
 * termination, the same agent ending it, the same children with their ends and figures.
 */
@Timeout(120)
class AgentTreesOnTemporalTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"child-iteration-cap", "child-token-budget", "handoff"})
    void aTreeRunAsAWorkflowEndsAsItDoesInOneProcessItsChildrenIncluded(String scenario) throws IOException {
        // given
        Path file = Files.writeString(dir.resolve(scenario + ".json"), ScenarioReader.demoText(scenario));

        // when
        JsonNode local = json(Cli.run("run", "--json", file.toString()));
        JsonNode workflow = json(Cli.run("run", "--json", "--temporal", "embedded", file.toString()));

        // then: a workflow's output carries no iteration records, a run in this process does
        assertThat(workflow.has("iterationRecords")).isFalse();
        assertThat(local.has("iterationRecords")).isTrue();
        assertThat(ends(workflow)).isEqualTo(ends(local));
        assertThat(workflow.get("finalAnswer")).isEqualTo(local.get("finalAnswer"));
        assertThat(workflow.get("children").size()).isEqualTo(local.get("children").size());
    }

    @Test
    void aTreeTwoLevelsDeepRunAsAWorkflowCarriesTheGrandchildsEndAndItsTokensInTheRootsUsage() throws IOException {
        // given: the desk asks the manager, who asks the researcher twice, who runs out of iterations once
        Path file = Files.writeString(dir.resolve("two-levels.json"), """
                {"name": "two-levels", "task": "Summarize incident 7.",
                 "tools": [{"name": "ask_manager", "agent": "manager"}],
                 "agents": {
                   "manager": {"tools": [{"name": "research", "agent": "researcher"}],
                               "script": [{"toolCalls": [{"name": "research", "arguments": {"task": "timeline"}}]},
                                          {"toolCalls": [{"name": "research", "arguments": {"task": "owner"}}]},
                                          {"text": "manager: the owner is known, the timeline is not"}]},
                   "researcher": {"limits": {"maxIterations": 1},
                                  "tools": [{"name": "search", "results": ["no match", "team checkout"]}],
                                  "script": [{"toolCalls": [{"name": "search", "arguments": {"q": "timeline"}}]},
                                             {"text": "owner: team checkout"}]}},
                 "script": [{"toolCalls": [{"name": "ask_manager", "arguments": {"task": "summarize 7"}}]},
                            {"text": "desk: summary written"}]}
                """);

        // when
        JsonNode local = json(Cli.run("run", "--json", file.toString()));
        JsonNode workflow = json(Cli.run("run", "--json", "--temporal", "embedded", file.toString()));

        // then
        assertThat(ends(workflow)).isEqualTo(ends(local));
        List<String> grandchildren = new ArrayList<>();
        workflow.get("children").get(0).get("result").get("children").forEach(child -> grandchildren.add(
                child.get("result").get("termination").get("$kind").asText()));
        assertThat(grandchildren).containsExactly("MaxIterationsReached", "NaturalCompletion");
    }

    /**
     * How a run and each of its children ended, one line each: the agent, the termination, the iterations, the tool
     * calls and the usage (a workflow's children carry no transcript and no duration).
     */
    private static List<String> ends(JsonNode run) {
        List<String> lines = new ArrayList<>();
        ends(run, "", lines);
        return lines;
    }

    private static void ends(JsonNode run, String at, List<String> lines) {
        lines.add(at + run.get("agentName").asText() + " " + run.get("termination") + " " + run.get("outcome").asText()
                + " iterations=" + run.get("iterations") + " toolCalls=" + run.get("toolCalls") + " usage="
                + run.get("usage") + " costUsd=" + run.get("costUsd"));
        for (JsonNode child : run.get("children")) {
            ends(child.get("result"), at + child.get("toolName").asText() + "@" + child.get("iteration").asInt() + " ",
                    lines);
        }
    }

    private static JsonNode json(Cli.Result result) throws IOException {
        assertThat(result.status()).as(result.err()).isZero();
        return JSON.readTree(result.out());
    }
}
