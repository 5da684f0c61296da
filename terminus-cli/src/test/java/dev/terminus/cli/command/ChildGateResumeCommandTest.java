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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus run} of a scenario whose named agent's tool needs approval, then {@code terminus resume} of the
 * checkpoint it saved, in two steps as two processes would: the run pauses at the child's gate, its checkpoint file
 * holds the child's, and the decision resumes the child and then its parent to their ends.
 */
class ChildGateResumeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aRunWhoseChildWaitsForApprovalSavesACheckpointOfFormat3HoldingTheChilds() throws IOException {
        // when
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), demoFile().toString());

        // then
        assertThat(paused.status()).as(paused.err()).isZero();
        assertThat(paused.flatOut()).contains("Termination HitlGatePending")
                .contains("Paused for approval: ").contains("Checkpoint saved: ");
        JsonNode saved = JSON.readTree(onlyCheckpoint().toFile());
        assertThat(saved.get("formatVersion").asInt()).isEqualTo(3);
        assertThat(saved.get("agentName").asText()).isEqualTo("child-approval");
        assertThat(saved.get("child").get("agentName").asText()).as("the agent that waits").isEqualTo("payments");
        assertThat(Files.readString(onlyCheckpoint())).contains("\"formatVersion\"").contains("\"child\"");
    }

    @Test
    void approvingTheSavedCheckpointRunsTheChildsCallThenTheChildAndItsParentToTheirEnds() throws IOException {
        // given
        Path checkpoint = pausedRun(demoFile());

        // when
        Cli.Result resumed = Cli.run("resume", checkpoint.toString(), "--approve", "--json");

        // then
        assertThat(resumed.status()).as(resumed.err()).isZero();
        JsonNode report = JSON.readTree(resumed.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(report.get("agentName").asText()).isEqualTo("child-approval");
        assertThat(report.get("finalAnswer").asText()).isEqualTo("Your refund of 120.00 EUR for order 42 is on its way.");
        assertThat(report.get("children").size()).isEqualTo(1);
        JsonNode child = report.get("children").get(0);
        assertThat(child.get("toolName").asText()).isEqualTo("ask_payments");
        assertThat(child.get("result").get("agentName").asText()).isEqualTo("payments");
        assertThat(child.get("result").get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(child.get("result").get("finalAnswer").asText()).isEqualTo("Order 42 is refunded: 120.00 EUR.");
        assertThat(toolResults(child.get("result"))).containsExactly("order 42: 120.00 EUR, paid",
                "refunded 120.00 EUR");
        assertThat(toolResults(report)).containsExactly("Order 42 is refunded: 120.00 EUR.");
        assertThat(checkpoint).as("the used checkpoint is removed").doesNotExist();
    }

    @Test
    void rejectingTheSavedCheckpointTellsTheChildsModelTheReasonAndBothRunsGoOnToTheirEnds() throws IOException {
        // given
        Path checkpoint = pausedRun(demoFile());

        // when
        Cli.Result resumed = Cli.run("resume", checkpoint.toString(), "--reject", "refunds over 100 EUR need a manager",
                "--json");

        // then
        assertThat(resumed.status()).as(resumed.err()).isZero();
        JsonNode report = JSON.readTree(resumed.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        JsonNode child = report.get("children").get(0).get("result");
        assertThat(child.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(toolResults(child)).hasSize(2).last().asString()
                .contains("Rejected by a person", "refunds over 100 EUR need a manager")
                .doesNotContain("refunded 120.00 EUR");
    }

    @Test
    void aGateTwoLevelsDownIsSavedInTheChildsChildAndOneApprovalResumesTheWholeTree() throws IOException {
        // given: the desk asks the manager, who asks payments, whose refund needs approval
        Path file = Files.writeString(dir.resolve("two-levels.json"), """
                {"name": "two-levels", "task": "Refund order 42.", "expect": "NaturalCompletion",
                 "tools": [{"name": "ask_manager", "agent": "manager"}],
                 "agents": {
                   "manager": {"tools": [{"name": "ask_payments", "agent": "payments"}],
                               "script": [{"toolCalls": [{"name": "ask_payments", "arguments": {"task": "refund 42"}}]},
                                          {"text": "manager: done"}]},
                   "payments": {"tools": [{"name": "refund", "result": "refunded 42"}], "approvals": ["refund"],
                                "script": [{"toolCalls": [{"name": "refund", "arguments": {"order": 42}}]},
                                           {"text": "payments: refunded"}]}},
                 "script": [{"toolCalls": [{"name": "ask_manager", "arguments": {"task": "see to order 42"}}]},
                            {"text": "desk: done"}]}
                """);
        Path checkpoint = pausedRun(file);
        JsonNode saved = JSON.readTree(checkpoint.toFile());

        // when
        Cli.Result resumed = Cli.run("resume", checkpoint.toString(), "--approve", "--json");

        // then
        assertThat(saved.get("formatVersion").asInt()).isEqualTo(3);
        assertThat(saved.get("child").get("agentName").asText()).isEqualTo("manager");
        assertThat(saved.get("child").get("child").get("agentName").asText()).isEqualTo("payments");
        assertThat(resumed.status()).as(resumed.err()).isZero();
        JsonNode report = JSON.readTree(resumed.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(report.get("finalAnswer").asText()).isEqualTo("desk: done");
        JsonNode manager = report.get("children").get(0).get("result");
        assertThat(manager.get("agentName").asText()).isEqualTo("manager");
        assertThat(manager.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        JsonNode payments = manager.get("children").get(0).get("result");
        assertThat(payments.get("agentName").asText()).isEqualTo("payments");
        assertThat(payments.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(toolResults(payments)).containsExactly("refunded 42");
        assertThat(toolResults(report)).containsExactly("manager: done");
    }

    /** Runs a scenario that pauses and returns the checkpoint file it saved. */
    private Path pausedRun(Path file) throws IOException {
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), file.toString());
        assertThat(paused.status()).as(paused.err()).isZero();
        assertThat(paused.out()).contains("HitlGatePending");
        return onlyCheckpoint();
    }

    private Path demoFile() throws IOException {
        return Files.writeString(dir.resolve("child-approval.json"), ScenarioReader.demoText("child-approval"));
    }

    private Path checkpoints() {
        return dir.resolve("checkpoints");
    }

    private Path onlyCheckpoint() throws IOException {
        try (Stream<Path> files = Files.list(checkpoints())) {
            List<Path> all = files.toList();
            assertThat(all).hasSize(1);
            return all.getFirst();
        }
    }

    /** The contents of a run's tool results, in order. */
    private static List<String> toolResults(JsonNode run) {
        List<String> results = new ArrayList<>();
        run.get("transcript").forEach(message -> {
            if (message.get("role").asText().equals("tool")) {
                results.add(message.get("content").asText());
            }
        });
        return results;
    }
}
