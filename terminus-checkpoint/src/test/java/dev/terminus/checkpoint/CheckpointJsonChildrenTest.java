package dev.terminus.checkpoint;

import static dev.terminus.checkpoint.JsonEdits.edit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The runs of the agents a paused run called as tools that ended before the pause ({@link Checkpoint#children()}):
 * written only when there are any, read back equal, and refused field by field with their path.
 */
class CheckpointJsonChildrenTest {

    private static final CheckpointJson JSON = CheckpointJson.ofDefaults();

    private static Checkpoint withChildren() {
        return SampleCheckpoints.withChildren(SampleCheckpoints.refundPending(), SampleCheckpoints.endedChildren());
    }

    /** @return the JSON of {@link #withChildren()} after an edit of its first child (the ledger) */
    private static String editingTheLedger(Consumer<ObjectNode> edit) {
        return edit(JSON.write(withChildren()), root -> edit.accept((ObjectNode) root.get("children").get(0)));
    }

    @Test
    void childrenAreWrittenAfterTheFieldsOfTheFormatInTheDocumentedLayoutAndReadBackEqual() throws Exception {
        // given
        Checkpoint checkpoint = withChildren();

        // when
        String json = JSON.write(checkpoint);
        Checkpoint read = JSON.read(json);

        // then
        assertThat(read).isEqualTo(checkpoint);
        assertThat(read.children()).isEqualTo(SampleCheckpoints.endedChildren());
        assertThat(JSON.write(read)).isEqualTo(json);
        assertThat(json.indexOf("\"children\"")).isGreaterThan(json.indexOf("\"metadata\""));
        assertThat(json).contains("""
                  "children": [
                    {
                      "toolName": "ledger",
                      "iteration": 1,
                      "result": {
                        "termination": {
                          "$kind": "NaturalCompletion"
                        },
                        "outcome": "SUCCEEDED",
                        "transcript": [
                """);
        assertThat(json.replaceAll("\\s", "")).contains("\"usage\":{\"inputTokens\":100,\"outputTokens\":15,"
                + "\"cachedInputTokens\":0,\"reasoningTokens\":0},\"costUsd\":0.000950,\"toolCalls\":1,"
                + "\"duration\":\"PT0.215000003S\",\"finalAnswer\":\"balanceis12.50\",\"structuredOutput\":null,"
                + "\"agentName\":\"ledger\",\"children\":[{\"toolName\":\"read\"");
        assertThat(json).contains("""
                        "finalAnswer": null,
                        "structuredOutput": null,
                        "agentName": null,
                        "children": []
                      }
                    }
                  ]
                }""");
    }

    @Test
    void aCheckpointWithoutChildrenHasNoChildrenField() {
        // when
        String json = JSON.write(SampleCheckpoints.refundPending());

        // then
        assertThat(json).doesNotContain("\"children\"");
        assertThat(SampleCheckpoints.refundPending().children()).isEmpty();
    }

    @Test
    void theChildrenOfARunWaitingForItsChildAreWrittenBeforeThatChildsCheckpointAndReadBackEqual() throws Exception {
        // given
        Checkpoint checkpoint = SampleCheckpoints.withChildren(SampleCheckpoints.childPaused(),
                SampleCheckpoints.endedChildren());

        // when
        String json = JSON.write(checkpoint);
        Checkpoint read = JSON.read(json);

        // then
        assertThat(json.indexOf("\"children\"")).isLessThan(json.indexOf("\"child\""));
        assertThat(read).isEqualTo(checkpoint);
        assertThat(read.child()).isEqualTo(SampleCheckpoints.refundPending("gate-child"));
    }

    @Test
    void anEmptyChildrenArrayReadsAsNoChildren() throws Exception {
        // given
        String json = JSON.write(SampleCheckpoints.refundPending()).replace("\n  \"metadata\": {",
                "\n  \"children\": [],\n  \"metadata\": {");

        // when
        Checkpoint read = JSON.read(json);

        // then
        assertThat(json).contains("\"children\": []");
        assertThat(read).isEqualTo(SampleCheckpoints.refundPending());
    }

    /** A forecast, a typed structured output. */
    record Forecast(int celsius, List<String> notes) {}

    @Test
    void aStructuredOutputIsWrittenAsJsonAndReadsBackAsPlainJsonValues() throws Exception {
        // given
        RunResult typed = RunResult.builder().termination(new Termination.NaturalCompletion())
                .outcome(Outcome.SUCCEEDED).finalAnswer("{\"celsius\":4}")
                .structuredOutput(new Forecast(4, List.of("windy"))).agentName("forecaster").build();
        RunResult listed = typed.toBuilder().structuredOutput(List.of(1, "two", 3.5)).build();
        Checkpoint checkpoint = SampleCheckpoints.withChildren(SampleCheckpoints.refundPending(),
                List.of(new ChildRun("forecast", 1, typed), new ChildRun("forecast", 2, listed)));

        // when
        Checkpoint read = JSON.read(JSON.write(checkpoint));

        // then
        assertThat(read.children().get(0).result().structuredOutput())
                .contains(Map.of("celsius", 4, "notes", List.of("windy")));
        assertThat(read.children().get(1).result().structuredOutput()).contains(List.of(1, "two", 3.5));
        assertThat(read.children().get(0).result().toBuilder().structuredOutput(null).build())
                .isEqualTo(typed.toBuilder().structuredOutput(null).build());
    }

    @Test
    void aMissingFieldOfAChildsResultIsRefusedWithItsPath() {
        // given
        String json = editingTheLedger(ledger -> ((ObjectNode) ledger.get("result")).remove("usage"));

        // when / then
        assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("Checkpoint.children[0].result is missing its field \"usage\"");
    }

    @Test
    void anUnknownFieldOfAChildIsRefusedNamingItAndTheKnownOnes() {
        // given
        String json = editingTheLedger(ledger -> ledger.put("checkpoint", "none"));

        // when / then
        assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("Checkpoint.children[0] has no field \"checkpoint\" (its fields: toolName, iteration,"
                        + " result)");
    }

    @Test
    void aValueOfTheWrongTypeInAChildsResultIsRefusedNamingItsPathAndTheValue() {
        // given
        String usage = editingTheLedger(ledger -> ((ObjectNode) ledger.get("result")).put("usage", "lots"));
        String outcome = editingTheLedger(ledger -> ((ObjectNode) ledger.get("result")).put("outcome", "DONE"));

        // when / then
        assertThatThrownBy(() -> JSON.read(usage)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("Checkpoint.children[0].result.usage: expected an object with the fields inputTokens,"
                        + " outputTokens, cachedInputTokens, reasoningTokens, got the string \"lots\"");
        assertThatThrownBy(() -> JSON.read(outcome)).isInstanceOf(CheckpointFormatException.class)
                .hasMessageStartingWith("Checkpoint.children[0].result.outcome: \"DONE\" is not one of SUCCEEDED,");
    }

    @Test
    void aBadValueInAGrandchildIsRefusedWithItsPathDownTheTree() {
        // given
        String json = editingTheLedger(ledger -> ((ObjectNode) ledger.get("result").get("children").get(0)
                .get("result")).putObject("termination").put("$kind", "NoSuchEnd"));

        // when / then
        assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                .hasMessageStartingWith("Checkpoint.children[0].result.children[0].result.termination: ")
                .hasMessageContaining("NoSuchEnd");
    }

    @Test
    void aChildsOwnValidationMessageIsPassedThroughWithItsPath() {
        // given
        String json = editingTheLedger(ledger -> ledger.put("iteration", -1));

        // when / then
        assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("Checkpoint.children[0]: ChildRun.iteration must be >= 0, was -1");
    }

    @Test
    void aFieldOfAChildGivenTwiceOrAChildThatIsNoObjectIsRefused() {
        // given
        String twice = JSON.write(withChildren()).replace("\"toolName\": \"audit\",",
                "\"toolName\": \"audit\", \"toolName\": \"audit\",");
        String notAnObject = edit(JSON.write(withChildren()), root -> ((ArrayNode) root.get("children")).add(7));

        // when / then
        assertThatThrownBy(() -> JSON.read(twice)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("Checkpoint.children[1].toolName appears twice");
        assertThatThrownBy(() -> JSON.read(notAnObject)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("Checkpoint.children[2]: expected an object with the fields toolName, iteration, result,"
                        + " got the number 7");
    }
}
