package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.CheckpointFormatException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PauseJsonTest {

    static final PauseJson JSON = PauseJson.ofDefaults();

    static Pause richPause() {
        Proposal staged = Proposal.of("reader", new ProposedFact("total", 119050, 0.4));
        Map<String, Object> withNull = new HashMap<>();
        withNull.put("missing", null);
        Context context = Context.ofFacts(List.of(
                Fact.input("document", "INVOICE INV-0042\n\"quoted\" ✓ 😀"),
                new Fact("nested", Map.of("list", List.of(1, 2.5, "x", true)), new Provenance("reader", 1, 0.5)),
                new Fact("nothing", null, new Provenance("writer", 2, 1.0)),
                new Fact("with-null", withNull, new Provenance("writer", 2, 1.0)),
                new Fact("big", new BigInteger("123456789012345678901234567890"), new Provenance("writer", 2, 0.75)),
                new Fact("long", 5_000_000_000L, new Provenance("writer", 2, 0.0))));
        Proposal dropped = Proposal.of("writer", ProposedFact.of("total", -1));
        return new Pause(1, new Termination.HitlGatePending("gate-7", staged.id(), "reader proposes total", "reader", 2),
                "reconcile", List.of("reader", "writer"), staged, List.of(Proposal.of("writer", ProposedFact.of("z", 1))),
                List.of("nested", "long"), context,
                List.of(new RejectedProposal(dropped, "negative", RejectedProposal.By.GATE),
                        new RejectedProposal(Proposal.of("reader", ProposedFact.of("a", 1)), "no", RejectedProposal.By.PERSON)),
                List.of("reader/b@0000000000000001"), 7, new Usage(100, 50, 10, 5), Duration.ofNanos(123_456_789));
    }

    @Test
    void aPauseReadsBackEqualFromTextAndFromBytes() throws CheckpointFormatException {
        // given
        Pause pause = richPause();

        // when
        Pause fromText = JSON.read(JSON.write(pause));
        Pause fromBytes = JSON.read(JSON.writeBytes(pause));

        // then
        assertThat(fromText).isEqualTo(pause);
        assertThat(fromBytes).isEqualTo(pause);
        assertThat(fromText.context().facts()).isEqualTo(pause.context().facts());
    }

    @Test
    void theLayoutHasItsFieldsInOrderIndentedByTwoSpaces() {
        // when
        String text = JSON.write(richPause());

        // then
        assertThat(text).startsWith("{\n  \"formatVersion\": 1,\n  \"gate\": {\n    \"$kind\": \"HitlGatePending\",\n");
        assertThat(text).containsSubsequence("\"gate\"", "\"engine\"", "\"agents\"", "\"staged\"", "\"remaining\"",
                "\"changedKeys\"", "\"context\"", "\"rejected\"", "\"approved\"", "\"factsMerged\"", "\"usage\"",
                "\"elapsed\": \"PT0.123456789S\"");
        assertThat(text).doesNotContain("\r");
    }

    @Test
    void anotherFormatVersionIsRefusedForItsVersionAlone() {
        // given
        String text = JSON.write(richPause()).replace("\"formatVersion\": 1", "\"formatVersion\": 2")
                .replace("\"engine\"", "\"unknown\"");

        // when / then
        assertThatThrownBy(() -> JSON.read(text)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("pause formatVersion 2 is not supported: this version reads 1");
        assertThatThrownBy(() -> JSON.read("{}")).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("pause formatVersion (missing) is not supported: this version reads 1");
    }

    @Test
    void unknownMissingRepeatedAndTrailingContentIsRefusedNamingTheField() {
        // given
        String text = JSON.write(richPause());

        // when / then
        assertThatThrownBy(() -> JSON.read(text.replace("\"engine\"", "\"engin\""))).isInstanceOf(
                CheckpointFormatException.class).hasMessageStartingWith("Pause: unknown field \"engin\"");
        assertThatThrownBy(() -> JSON.read(text.replace("\"factsMerged\": 7,", "")))
                .hasMessage("Pause.factsMerged is missing");
        assertThatThrownBy(() -> JSON.read(text.replace("\"factsMerged\": 7,", "\"factsMerged\": 7, \"factsMerged\": 8,")))
                .isInstanceOf(CheckpointFormatException.class).hasMessageContaining("Duplicate field 'factsMerged'");
        assertThatThrownBy(() -> JSON.read(text + " {}")).isInstanceOf(CheckpointFormatException.class)
                .hasMessageStartingWith("pause is not valid JSON");
    }

    @Test
    void aBadValueIsRefusedNamingItsPathAndTheValue() {
        // given
        String text = JSON.write(richPause());

        // when / then
        assertThatThrownBy(() -> JSON.read(text.replace("\"confidence\": 0.75", "\"confidence\": \"high\"")))
                .hasMessage("Pause.context[4].provenance.confidence: expected a number, got \"high\"");
        assertThatThrownBy(() -> JSON.read(text.replace("\"confidence\": 0.75", "\"confidence\": 7.5")))
                .hasMessage("Pause.context[4]: Provenance.confidence must be in [0, 1], was 7.5");
        assertThatThrownBy(() -> JSON.read(text.replace("\"rejectedBy\": \"GATE\"", "\"rejectedBy\": \"ROBOT\"")))
                .hasMessage("Pause.rejected[0].rejectedBy: expected GATE or PERSON, got \"ROBOT\"");
        assertThatThrownBy(() -> JSON.read(text.replace("\"factsMerged\": 7", "\"factsMerged\": -7")))
                .hasMessage("Pause: Pause.factsMerged must be >= 0, was -7");
        assertThatThrownBy(() -> JSON.read(text.replace("\"elapsed\": \"PT0.123456789S\"", "\"elapsed\": \"soon\"")))
                .hasMessage("Pause.elapsed: expected an ISO-8601 duration, got \"soon\"");
    }

    @Test
    void aGateThatIsNotAPendingApprovalIsRefused() {
        // given
        String text = JSON.write(richPause());
        int start = text.indexOf("\"gate\": {");
        int end = text.indexOf("},", start) + 1;
        String converged = text.substring(0, start) + "\"gate\": {\"$kind\": \"Converged\", \"cycles\": 2}"
                + text.substring(end);

        // when / then
        assertThatThrownBy(() -> JSON.read(converged)).isInstanceOf(CheckpointFormatException.class)
                .hasMessage("Pause.gate: expected a HitlGatePending, got Converged[cycles=2]");
    }

    @Test
    void textThatIsNotJsonIsRefusedWithItsLineAndColumn() {
        // when / then
        assertThatThrownBy(() -> JSON.read("{\n  \"formatVersion\": 1,\n  oops"))
                .isInstanceOf(CheckpointFormatException.class)
                .hasMessageStartingWith("pause is not valid JSON: ").hasMessageContaining("(line 3, column");
        assertThatThrownBy(() -> JSON.read("[1]".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("Pause: expected an object, got [1]");
    }
}
