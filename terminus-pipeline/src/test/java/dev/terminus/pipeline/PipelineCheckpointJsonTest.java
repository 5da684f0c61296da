package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.scripted.ScriptedModel;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A pipeline checkpoint through JSON: read back equal, resumed by another pipeline instance, bad files refused. */
class PipelineCheckpointJsonTest {
    private static final PipelineCheckpointJson JSON = PipelineCheckpointJson.ofDefaults();
    private static final ObjectMapper TREES = new ObjectMapper();
    private static PipelineCheckpoint paused;

    @BeforeAll
    static void pauseThePipeline() {
        paused = Refunds.usual().pipeline().run("order 42").checkpoint().orElseThrow();
    }

    @Test
    void aCheckpointWrittenAndReadBackIsEqual() throws Exception {
        // when
        String text = JSON.write(paused);

        // then
        assertThat(JSON.read(text)).isEqualTo(paused);
        assertThat(text).startsWith("{\n  \"formatVersion\": 1,\n  \"pipelineName\": \"refunds\",\n  \"input\": \"order 42\",");
    }

    @Test
    void everyKeptFactOfTheEndedStagesIsReadBackExactly() throws Exception {
        // given: stages with a phase, cost of a given scale, a failure, a skip, and a run without an answer
        StageResult lookup = paused.ended().getFirst();
        RunResult run = lookup.lastRun().orElseThrow().toBuilder().costUsd(new BigDecimal("0.012300"))
                .usage(new Usage(120, 30, 100, 10)).toolCalls(3).finalAnswer(null).agentName(null).build();
        StageResult failed = StageResult.builder().name("fetch").phase("research")
                .termination(new Termination.Failed(new ErrorInfo("java.io.IOException", "disk gone",
                        ErrorCategory.EXTERNAL)))
                .outcome(Outcome.FAILED).attempts(3).costUsd(new BigDecimal("1.2E+3"))
                .duration(Duration.ofNanos(1_234_567_891)).build();
        StageResult skipped = StageResult.builder().name("review").termination(new Termination.Skipped("short"))
                .outcome(Outcome.SKIPPED).build();
        PipelineCheckpoint checkpoint = new PipelineCheckpoint("refunds", "line one\nline \"two\" ✓",
                List.of(lookup.toBuilder().lastRun(run).build(), failed, skipped), paused.paused(),
                Duration.ofMillis(1500), paused.checkpoint());

        // when
        PipelineCheckpoint back = JSON.read(JSON.write(checkpoint));

        // then
        assertThat(back).isEqualTo(checkpoint);
        assertThat(back.ended().get(1).costUsd().scale()).isEqualTo(-2);
        assertThat(back.ended().getFirst().lastRun().orElseThrow().costUsd()).isEqualTo(new BigDecimal("0.012300"));
    }

    @Test
    void anotherPipelineInstanceResumesFromTheFileAndCompletes() throws Exception {
        // given: the checkpoint written by one process; another builds the same pipeline over new models, the
        // refund model answering where the first left off
        String file = JSON.write(paused);
        Refunds elsewhere = new Refunds(ScriptedModel.builder().toolCall("refund", Map.of("order", 42))
                .text("refunded 42").startAt(1).build(), ScriptedModel.builder().text("report done").build());
        Pipeline pipeline = elsewhere.pipeline();

        // when
        PipelineResult done = pipeline.approve(JSON.read(file));

        // then
        assertThat(done.completed()).isTrue();
        assertThat(elsewhere.refundsMade).hasValue(1);
        assertThat(elsewhere.refundModel.calls()).isEqualTo(1);
        assertThat(done.stage("lookup")).contains(paused.ended().getFirst());
        assertThat(elsewhere.reportTasks).containsExactly("Report on order 42");
        assertThat(done.usage()).isEqualTo(Usage.of(40, 20));
    }

    @Test
    void anotherFormatVersionIsRefusedForItsVersionAlone() {
        assertRefused(root -> {
            root.put("formatVersion", 2);
            root.remove("paused");
        }, "PipelineCheckpoint.formatVersion 2 is not supported: this version of Terminus reads 1");
    }

    @Test
    void aMissingFieldIsNamed() {
        assertRefused(root -> root.remove("paused"), "PipelineCheckpoint.paused is missing");
    }

    @Test
    void anUnknownFieldIsNamed() {
        assertRefused(root -> root.put("resumeAt", "now"), "PipelineCheckpoint: unknown field \"resumeAt\"; the"
                + " fields are [formatVersion, pipelineName, input, elapsed, ended, paused, checkpoint]");
    }

    @Test
    void aBadValueDeepInAStageIsNamedByItsPath() {
        assertRefused(root -> ((ObjectNode) root.get("ended").get(0).get("usage")).put("inputTokens", "ten"),
                "PipelineCheckpoint.ended[0].usage.inputTokens: expected a whole number at least 0, got the string"
                        + " \"ten\"");
        assertRefused(root -> ((ObjectNode) root.get("ended").get(0)).put("outcome", "DONE"),
                "PipelineCheckpoint.ended[0].outcome: expected one of [SUCCEEDED, FAILED, SKIPPED, CANCELLED,"
                        + " SUSPENDED], got \"DONE\"");
        assertRefused(root -> ((ObjectNode) root.get("paused")).put("duration", "soon"),
                "PipelineCheckpoint.paused.duration: expected an ISO-8601 duration such as PT1.5S, got \"soon\"");
    }

    @Test
    void aBadTerminationIsNamedByItsPath() {
        assertRefusedStartingWith(root -> ((ObjectNode) root.get("ended").get(0).get("termination"))
                .put("$kind", "Finished"), "PipelineCheckpoint.ended[0].termination: ");
    }

    @Test
    void aBadAgentCheckpointIsNamedInsideTheCheckpointField() {
        assertRefusedStartingWith(root -> ((ObjectNode) root.get("checkpoint")).put("iteration", -1),
                "PipelineCheckpoint.checkpoint: ");
    }

    @Test
    void aPausedStageNotAtTheCheckpointsGateIsRefused() {
        assertRefused(root -> ((ObjectNode) root.get("paused")).set("termination",
                        TREES.createObjectNode().put("$kind", "NaturalCompletion")),
                "PipelineCheckpoint.paused.termination must be the checkpoint's gate (HitlGatePending \""
                        + paused.gateId() + "\"), was NaturalCompletion[]");
    }

    @Test
    void textThatIsNotJsonOrRepeatsAFieldIsRefused() {
        assertThatThrownBy(() -> JSON.read("{\"formatVersion\": 1,")).isInstanceOf(CheckpointFormatException.class)
                .hasMessageStartingWith("pipeline checkpoint is not valid JSON: ");
        assertThatThrownBy(() -> JSON.read("{\"formatVersion\": 1, \"formatVersion\": 1}"))
                .isInstanceOf(CheckpointFormatException.class).hasMessageContaining("Duplicate field 'formatVersion'");
        assertThatThrownBy(() -> JSON.read("[]")).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("PipelineCheckpoint: expected an object, got an array");
    }

    private static void assertRefused(Consumer<ObjectNode> edit, String message) {
        assertThatThrownBy(() -> JSON.read(edited(edit))).isInstanceOf(CheckpointFormatException.class)
                .hasMessage(message);
    }

    private static void assertRefusedStartingWith(Consumer<ObjectNode> edit, String prefix) {
        assertThatThrownBy(() -> JSON.read(edited(edit))).isInstanceOf(CheckpointFormatException.class)
                .hasMessageStartingWith(prefix);
    }

    private static String edited(Consumer<ObjectNode> edit) throws Exception {
        JsonNode root = TREES.readTree(JSON.write(paused));
        edit.accept((ObjectNode) root);
        return TREES.writeValueAsString(root);
    }
}
