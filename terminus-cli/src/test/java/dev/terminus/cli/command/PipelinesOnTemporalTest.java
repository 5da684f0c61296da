package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code terminus run PIPELINE --temporal ...}: a pipeline file runs as a pipeline workflow, each stage's attempt a
 * child agent workflow, hosted by {@code terminus worker}, and ends as it does in one process; a stage's approval
 * gate pauses the pipeline's workflow, and {@code terminus resume --temporal} answers it.
 */
@Timeout(120)
class PipelinesOnTemporalTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CONTINUE = Pattern.compile("terminus resume --temporal (\\S+) (\\S+) --approve");
    private static final String REFUND = """
            {"name": "refund-pipeline", "task": "Refund order 42.",
             "stages": [
               {"name": "check", "script": [{"text": "Order 42 may be refunded: 120.00 EUR."}]},
               {"name": "refund", "tools": [{"name": "refund", "result": "refunded 120.00 EUR"}],
                "approvals": ["refund"],
                "script": [{"toolCalls": [{"name": "refund", "arguments": {"order": 42}}]},
                           {"text": "Order 42 was refunded."}]},
               {"name": "notify", "script": [{"text": "Told the customer: order 42 was refunded."}]}]}
            """;

    @RegisterExtension
    static final TemporalServer temporal = new TemporalServer();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pipeline-completed", "pipeline-stopped"})
    void aDemoPipelineRunAsAWorkflowEndsAsItDoesInOneProcess(String demo) throws IOException {
        // given
        Path file = demo(demo);

        // when
        JsonNode local = json(Cli.run("run", "--json", file.toString()));
        JsonNode workflow = json(Cli.run("run", "--json", "--temporal", "embedded", file.toString()));

        // then
        assertThat(withoutDurations(workflow)).isEqualTo(withoutDurations(local));
        assertThat(workflow.get("stages").size()).isGreaterThan(1);
    }

    @Test
    void theTableOfAPipelineRunAsAWorkflowNamesTheStageThatStoppedIt() throws IOException {
        // when
        Cli.Result result = Cli.run("run", "--temporal", "embedded", demo("pipeline-stopped").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("Pipeline      pipeline-stopped", "Termination   ProviderAuthFailed",
                "Stopped by    stage draft");
        assertThat(result.out()).containsPattern("publish\\s+-\\s+-\\s+not run");
    }

    @Test
    void aStagesGatePausesThePipelinesWorkflowAndResumeAnswersItThere() throws IOException {
        // given
        Path file = Files.writeString(dir.resolve("refund-pipeline.json"), REFUND);

        // when
        Cli.Result paused = Cli.run("run", file.toString(), "--temporal", temporal.address(), "--task-queue",
                TemporalServer.TASK_QUEUE);
        Matcher resume = CONTINUE.matcher(paused.out());
        assertThat(resume.find()).as(paused.out() + paused.err()).isTrue();
        String workflowId = resume.group(2);
        Cli.Result resumed = Cli.run("resume", "--temporal", temporal.address(), workflowId, "--approve");
        Cli.Result again = Cli.run("resume", "--temporal", temporal.address(), workflowId, "--approve");

        // then
        assertThat(paused.status()).isZero();
        assertThat(workflowId).startsWith("terminus-pipeline-refund-pipeline-");
        assertThat(paused.out()).contains("Waiting       stage refund (attempt 1) waits at gate gate-",
                "in its workflow " + workflowId + "/refund/1",
                "Paused for approval: Call refund with {\"order\":42}", "It waits in workflow " + workflowId);
        assertThat(resumed.status()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("Pipeline      refund-pipeline", "Termination   Completed",
                "Told the customer: order 42 was refunded.");
        assertThat(resumed.out()).containsPattern("refund\\s+NaturalCompletion\\s+SUCCESS\\s+SUCCEEDED\\s+1\\s+2");
        assertThat(again.status()).isEqualTo(2);
        assertThat(again.errLines()).containsExactly("terminus: workflow " + workflowId + " waits at no gate");
    }

    @Test
    void aWaitingPipelineIsJsonNamingItsStageAndChildAndARejectionLetsItGoOn() throws IOException {
        // given
        Path file = Files.writeString(dir.resolve("refund-pipeline.json"), REFUND);

        // when
        Cli.Result paused = Cli.run("run", "--json", file.toString(), "--temporal", temporal.address(),
                "--task-queue", TemporalServer.TASK_QUEUE);
        JsonNode waiting = json(paused);
        String workflowId = waiting.get("workflowId").asText();
        JsonNode resumed = json(Cli.run("resume", "--json", "--temporal", temporal.address(), workflowId, "--reject",
                "not without a receipt"));

        // then
        assertThat(waiting.get("pipeline").asText()).isEqualTo("refund-pipeline");
        assertThat(waiting.get("waitingStage").asText()).isEqualTo("refund");
        assertThat(waiting.get("attempt").asInt()).isEqualTo(1);
        assertThat(waiting.get("childWorkflowId").asText()).isEqualTo(workflowId + "/refund/1");
        assertThat(waiting.get("gateId").asText()).startsWith("gate-");
        assertThat(paused.err()).contains("Continue it: terminus resume --temporal " + temporal.address() + " "
                + workflowId + " --approve");
        assertThat(resumed.get("termination").toString()).isEqualTo("{\"$kind\":\"Completed\"}");
        JsonNode refund = resumed.get("stages").get(1);
        assertThat(refund.get("name").asText()).isEqualTo("refund");
        assertThat(refund.get("attempts").asInt()).isEqualTo(1);
        assertThat(refund.get("input").asText()).isEqualTo("Order 42 may be refunded: 120.00 EUR.");
    }

    /** The report without its durations, which differ from run to run. */
    private static JsonNode withoutDurations(JsonNode report) {
        ObjectNode copy = report.deepCopy();
        copy.remove("durationMs");
        copy.get("stages").forEach(stage -> ((ObjectNode) stage).remove("durationMs"));
        return copy;
    }

    private static JsonNode json(Cli.Result result) throws IOException {
        assertThat(result.status()).as(result.err()).isZero();
        return JSON.readTree(result.out());
    }

    private Path demo(String name) throws IOException {
        Path file = dir.resolve(name + ".json");
        try (var in = RunCommand.class.getResourceAsStream("/dev/terminus/cli/demo/" + name + ".json")) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }
}
