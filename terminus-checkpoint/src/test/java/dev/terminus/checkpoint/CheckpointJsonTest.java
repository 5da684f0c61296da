package dev.terminus.checkpoint;

import static dev.terminus.checkpoint.JsonEdits.edit;
import static dev.terminus.checkpoint.SampleCheckpoints.withCost;
import static dev.terminus.checkpoint.SampleCheckpoints.withIterations;
import static dev.terminus.checkpoint.SampleCheckpoints.withPendingCall;
import static dev.terminus.checkpoint.SampleCheckpoints.withTranscript;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CheckpointJsonTest {

    private static final CheckpointJson JSON = CheckpointJson.ofDefaults();

    /** The layout of what is written. */
    @Nested
    class Writing {

        @Test
        void theJsonStartsWithTheFormatVersionFollowedByTheGateInTheWireFormat() {
            // when
            String json = JSON.write(SampleCheckpoints.refundPending());

            // then
            assertThat(json).startsWith("""
                    {
                      "formatVersion": 1,
                      "gate": {
                        "$kind": "HitlGatePending",
                        "gateId": "gate-7f3a",
                        "proposalId": "call_2",""");
        }

        @Test
        void aPausedChildsCheckpointIsWrittenLastInsideItsParentsAndReadBackEqual() throws Exception {
            // given
            Checkpoint parent = SampleCheckpoints.childPaused();

            // when
            String json = JSON.write(parent);
            Checkpoint read = JSON.read(json);

            // then
            assertThat(json).startsWith("{\n  \"formatVersion\": 3,");
            assertThat(json).contains("\"child\": {\n    \"formatVersion\": 1,");
            assertThat(json.indexOf("\"child\"")).isGreaterThan(json.indexOf("\"metadata\""));
            assertThat(read).isEqualTo(parent);
            assertThat(read.child()).isEqualTo(SampleCheckpoints.refundPending("gate-child"));
        }

        @Test
        void aChildCheckpointOfTheWrongKindIsRefusedNamingTheField() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.childPaused()), root -> root.put("child", 7));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageContaining("Checkpoint.child");
        }

        @Test
        void aSmallCheckpointIsWrittenExactlyInTheDocumentedLayout() {
            // when
            String json = JSON.write(SampleCheckpoints.small());

            // then
            assertThat(json).isEqualTo(SampleCheckpoints.SMALL_JSON);
        }

        @Test
        void metadataIsWrittenSortedByKeyWhateverOrderTheMapHas() {
            // given
            Checkpoint checkpoint = SampleCheckpoints.small().withMetadata("b", "2").withMetadata("a", "1")
                    .withMetadata("c", "3");

            // when
            String json = JSON.write(checkpoint);

            // then
            assertThat(json).endsWith("""
                      "metadata": {
                        "a": "1",
                        "b": "2",
                        "c": "3",
                        "tenant": "acme"
                      }
                    }""");
        }

        @Test
        void writeBytesIsTheUtf8OfWriteAndReadsBackEqual() throws Exception {
            // given
            Checkpoint checkpoint = SampleCheckpoints.refundPending();

            // when
            byte[] bytes = JSON.writeBytes(checkpoint);

            // then
            assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo(JSON.write(checkpoint))
                    .contains("Köln ☕");
            assertThat(JSON.read(bytes)).isEqualTo(checkpoint);
        }
    }

    /** What is written reads back equal. */
    @Nested
    class ReadingBack {

        @Test
        void aRealisticCheckpointReadsBackEqualWithItsCostScaleAndNanoseconds() throws Exception {
            // given
            Checkpoint checkpoint = SampleCheckpoints.refundPending();

            // when
            Checkpoint back = JSON.read(JSON.write(checkpoint));

            // then
            assertThat(back).isEqualTo(checkpoint);
            assertThat(back.costUsd()).isEqualTo(new BigDecimal("0.012300")).extracting(BigDecimal::scale).isEqualTo(6);
            assertThat(back.elapsed()).isEqualTo(Duration.ofSeconds(3, 141_592_653));
            assertThat(back.iterations().getFirst().duration().toNanos()).isEqualTo(812_345_678);
        }

        @ParameterizedTest
        @ValueSource(strings = {"0.012300", "0", "0.000", "1.2E+3", "5E-12",
                "123456789012345678901234567890.000000000001"})
        void theCostReadsBackWithItsExactValueAndScale(String cost) throws Exception {
            // given
            Checkpoint checkpoint = withCost(SampleCheckpoints.small(), new BigDecimal(cost));

            // when
            Checkpoint back = JSON.read(JSON.write(checkpoint));

            // then
            assertThat(back.costUsd().unscaledValue()).isEqualTo(new BigDecimal(cost).unscaledValue());
            assertThat(back.costUsd().scale()).isEqualTo(new BigDecimal(cost).scale());
        }

        @Test
        void iterationDurationsAndANullFinishReasonReadBackExactly() throws Exception {
            // given
            List<IterationRecord> iterations = List.of(
                    new IterationRecord(1, Usage.of(10, 2), 0, null, Duration.ofNanos(1)),
                    new IterationRecord(2, Usage.ZERO, 3, FinishReason.LENGTH,
                            Duration.ofDays(2).plusNanos(999_999_999)));
            Checkpoint checkpoint = withIterations(SampleCheckpoints.small(), iterations);

            // when
            String json = JSON.write(checkpoint);

            // then
            assertThat(json).contains("\"finishReason\": null", "\"duration\": \"PT0.000000001S\"",
                    "\"duration\": \"PT48H0.999999999S\"", "\"finishReason\": \"LENGTH\"");
            assertThat(JSON.read(json).iterations()).isEqualTo(iterations);
        }

        @Test
        void aLoneSurrogateInAMessageReadsBackFromTheTextAndFromTheEscapedBytes() throws Exception {
            // given
            Checkpoint checkpoint = withTranscript(SampleCheckpoints.small(),
                    List.of(new Message.User("half an emoji: \uD83D, a whole one: \uD83D\uDE00")));

            // when
            Checkpoint fromText = JSON.read(JSON.write(checkpoint));
            Checkpoint fromBytes = JSON.read(JSON.writeBytes(checkpoint));

            // then
            assertThat(fromText).isEqualTo(checkpoint);
            assertThat(fromBytes).isEqualTo(checkpoint);
            assertThat(new String(JSON.writeBytes(checkpoint), StandardCharsets.US_ASCII))
                    .contains("half an emoji: \\uD83D, a whole one: \\uD83D\\uDE00");
        }

        @Test
        void toolCallArgumentsReadBackAsTheNumberTypesOfAJsonReader() throws Exception {
            // given
            ToolCall call = new ToolCall("call_1", "refund", Map.of("order", 42L, "amount", new BigDecimal("19.90")));
            Checkpoint checkpoint = withPendingCall(SampleCheckpoints.small(), call);

            // when
            Checkpoint back = JSON.read(JSON.write(checkpoint));

            // then
            assertThat(back.pendingCall().arguments()).containsEntry("order", 42).containsEntry("amount", 19.9);
            assertThat(back).isNotEqualTo(checkpoint);
        }

        @Test
        void theFieldsMayComeInAnyOrderWhenRead() throws Exception {
            // given
            String reordered = edit(JSON.write(SampleCheckpoints.small()), root -> {
                var version = root.remove("formatVersion");
                var gate = root.remove("gate");
                root.set("gate", gate);
                root.set("formatVersion", version);
            });

            // when
            Checkpoint back = JSON.read(reordered);

            // then
            assertThat(reordered).startsWith("{\"agentName\"");
            assertThat(back).isEqualTo(withCost(SampleCheckpoints.small(), new BigDecimal("0.0123")));
        }

        @Test
        void oneInstanceWritesAndReadsFromManyThreadsAtOnce() throws Exception {
            // given
            List<Checkpoint> checkpoints = IntStream.range(0, 64)
                    .mapToObj(i -> SampleCheckpoints.refundPending("gate-" + i)).toList();

            // when
            List<Checkpoint> back;
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<Checkpoint>> futures = checkpoints.stream()
                        .map(c -> threads.submit(() -> JSON.read(JSON.writeBytes(c)))).toList();
                back = futures.stream().map(f -> {
                    try {
                        return f.get();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }).toList();
            }

            // then
            assertThat(back).isEqualTo(checkpoints);
        }
    }

    /** A checkpoint at a gate that waits for a person's input (format 2). */
    @Nested
    class AtAnInputGate {
        private Checkpoint asking() {
            return SampleCheckpoints.askingForInput();
        }

        @Test
        void theRequestAndTheAnswersAreWrittenLastAndReadBackEqual() throws Exception {
            // given
            Checkpoint checkpoint = asking();

            // when
            String json = JSON.write(checkpoint);
            Checkpoint read = JSON.read(json);

            // then
            var tree = JsonEdits.trees().readTree(json);
            assertThat(tree.get("formatVersion").intValue()).isEqualTo(2);
            assertThat(List.copyOf(tree.properties()).subList(tree.size() - 2, tree.size()))
                    .extracting(Map.Entry::getKey).containsExactly("inputRequest", "inputAnswers");
            assertThat(tree.get("inputRequest")).isEqualTo(JsonEdits.trees().readTree("""
                    {"message": "Refund to which account?", "requestedSchema": {"type": "object",
                     "properties": {"iban": {"type": "string", "minLength": 4}}}, "source": "mcp:payments"}"""));
            assertThat(tree.get("inputAnswers").get(0).get("content")).isEqualTo(JsonEdits.trees().readTree("""
                    {"order": 42, "rush": true}"""));
            assertThat(tree.get("inputAnswers").get(0).get("declinedBecause").isNull()).isTrue();
            assertThat(tree.get("inputAnswers").get(1).get("content").isNull()).isTrue();
            assertThat(tree.get("inputAnswers").get(1).get("declinedBecause").textValue()).isEqualTo("not now");
            assertThat(read).isEqualTo(checkpoint);
        }

        @Test
        void formatTwoWithoutItsInputFieldsIsRefusedNamingThem() {
            // given
            String json = edit(JSON.write(asking()), root -> {
                root.remove("inputRequest");
                root.remove("inputAnswers");
            });

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageContaining("Checkpoint is missing its fields \"inputRequest\", \"inputAnswers\"");
        }

        @Test
        void formatOneWithInputFieldsIsRefusedNamingTheUnknownField() {
            // given
            String json = edit(JSON.write(asking()), root -> root.put("formatVersion", 1));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageContaining("Checkpoint has no field \"inputRequest\"");
        }

        @Test
        void anAnswerWithBothContentAndAReasonIsRefusedNamingItsPath() {
            // given
            String json = edit(JSON.write(asking()), root -> ((ObjectNode) root.withArray("inputAnswers").get(1))
                    .putObject("content").put("order", 1));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageContaining("Checkpoint.inputAnswers[1]: HumanInputAnswer needs exactly one of content"
                            + " and declinedBecause, was both");
        }
    }

    /** What reading refuses, and how it says so. */
    @Nested
    class Refusing {

        @Test
        void anotherFormatVersionIsRefusedForItsVersionBeforeItsFieldsAreLookedAt() {
            // given
            String json = """
                    {"formatVersion": 4, "gate": "a gate of version 4", "approvals": []}""";

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("checkpoint formatVersion 4 is not supported: this version reads 1, 2 and 3");
        }

        @Test
        void theVersionIsCheckedFirstEvenWhenItComesLast() {
            // given
            String json = """
                    {"gate": 7, "sessions": {"a": [1, 2]}, "formatVersion": 4}""";

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("checkpoint formatVersion 4 is not supported: this version reads 1, 2 and 3");
        }

        @Test
        void aCheckpointWithoutFormatVersionIsRefusedForHavingNoVersion() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.small()), root -> root.remove("formatVersion"));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("checkpoint has no formatVersion: this version reads 1, 2 and 3");
        }

        @Test
        void aFormatVersionThatIsNotAnIntegerIsRefusedNamingTheField() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.small()), root -> root.put("formatVersion", "1"));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint.formatVersion: expected an integer, got the string \"1\"");
        }

        @Test
        void aNegativeCostIsRefusedWithTheRecordsOwnMessage() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.small()),
                    root -> root.put("costUsd", new java.math.BigDecimal("-0.50")));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageContaining("Checkpoint.costUsd must be >= 0, was -0.50");
        }

        @Test
        void missingFieldsAreRefusedNamingEachOfThem() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.small()), root -> root.remove(List.of("usage", "elapsed")));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint is missing its fields \"usage\", \"elapsed\"");
        }

        @Test
        void aMissingFieldOfAnIterationRecordIsRefusedWithItsPath() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.refundPending()),
                    root -> ((ObjectNode) root.get("iterations").get(0))
                            .remove("finishReason"));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint.iterations[0] is missing its field \"finishReason\"");
        }

        @Test
        void anUnknownFieldIsRefusedNamingItAndTheKnownOnes() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.small()), root -> root.put("approver", "ops"));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint has no field \"approver\" (its fields: formatVersion, gate, agentName,"
                            + " modelName, configFingerprint, pendingCall, remainingCalls, transcript, iteration,"
                            + " toolCalls, usage, costUsd, iterations, elapsed, consecutiveMistakes, repairsUsed,"
                            + " finalizing, metadata, children)");
        }

        @Test
        void aValueOfTheWrongTypeIsRefusedNamingTheFieldAndTheValue() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.small()), root -> root.put("iteration", "two"));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint.iteration: expected an integer between -2147483648 and 2147483647,"
                            + " got the string \"two\"");
        }

        @Test
        void aBadValueInsideAListIsRefusedWithItsIndex() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.refundPending()), root -> {
                ((ObjectNode) root.get("iterations").get(0)).put("duration", "soon");
                ((ObjectNode) root.get("transcript").get(1)).put("content", 7);
            });
            String onlyDuration = edit(json, root -> ((ArrayNode) root.get("transcript"))
                    .remove(1));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageStartingWith("Checkpoint.transcript[1]: ").hasMessageContaining("content");
            assertThatThrownBy(() -> JSON.read(onlyDuration)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint.iterations[0].duration: \"soon\" is not an ISO-8601 duration"
                            + " such as \"PT1.5S\"");
        }

        @Test
        void aGateOfAnotherKindIsRefused() {
            // given
            String json = edit(JSON.write(SampleCheckpoints.small()), root -> root.putObject("gate")
                    .put("$kind", "Cancelled").put("reason", "user"));

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageStartingWith("Checkpoint.gate: ").hasMessageContaining("HitlGatePending", "Cancelled");
        }

        @Test
        void theCheckpointsOwnValidationMessagesArePassedThrough() {
            // given
            String iterationZero = edit(JSON.write(SampleCheckpoints.small()), root -> root.put("iteration", 0));
            String otherCall = edit(JSON.write(SampleCheckpoints.small()),
                    root -> ((ObjectNode) root.get("pendingCall")).put("id", "call_9"));
            String cachedAboveInput = edit(JSON.write(SampleCheckpoints.small()),
                    root -> ((ObjectNode) root.get("usage")).put("cachedInputTokens", 500));

            // when / then
            assertThatThrownBy(() -> JSON.read(iterationZero)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint.iteration must be >= 1, was 0");
            assertThatThrownBy(() -> JSON.read(otherCall)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint.pendingCall.id \"call_9\" is not the gate's proposalId \"call_1\"");
            assertThatThrownBy(() -> JSON.read(cachedAboveInput)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint.usage: Usage.cachedInputTokens (500) must not exceed"
                            + " Usage.inputTokens (120)");
        }

        @Test
        void aFieldGivenTwiceIsRefused() {
            // given
            String json = JSON.write(SampleCheckpoints.small()).replace("\"toolCalls\": 0,",
                    "\"toolCalls\": 0, \"toolCalls\": 1,");

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageContaining("toolCalls");
        }

        @Test
        void textThatIsNotJsonIsRefusedWithItsLineAndColumn() {
            // given
            String json = JSON.write(SampleCheckpoints.small()).replace("\"iteration\": 1", "\"iteration\": one");

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageStartingWith("checkpoint is not valid JSON: ").hasMessageContaining("one")
                    .hasMessageMatching("(?s).*\\(line 28, column \\d+\\)");
        }

        @Test
        void contentAfterTheCheckpointIsRefused() {
            // given
            String json = JSON.write(SampleCheckpoints.small()) + " {}";

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageContaining("Trailing token");
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "null", "[]", "\"checkpoint\"", "42", "{", "{}"})
        void inputThatIsNoCheckpointObjectIsRefusedWithAMessage(String json) {
            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .message().isNotBlank();
        }

        @Test
        void toolCallArgumentsNestedTooDeeplyAreRefusedNamingTheCall() {
            // given
            String nested = "[".repeat(300) + "]".repeat(300);
            String json = JSON.write(SampleCheckpoints.small()).replace("\"order\": 42", "\"order\": " + nested);

            // when / then
            assertThatThrownBy(() -> JSON.read(json)).isInstanceOf(CheckpointFormatException.class)
                    .hasMessageStartingWith("Checkpoint.pendingCall: ").hasMessageContaining("deeper than 256");
        }

        @Test
        void bytesThatAreNoTextAreRefusedAsNotJson() {
            // given
            List<byte[]> garbage = List.of(new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0x7B},
                    new byte[] {0x7B, 0x22, (byte) 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D},
                    new byte[] {0, 0, (byte) 0xFE, (byte) 0xFF, 0, 0, 0, 0x7B}, new byte[] {(byte) 0x80});

            // when / then
            for (byte[] bytes : garbage) {
                assertThatThrownBy(() -> JSON.read(bytes)).isInstanceOf(CheckpointFormatException.class)
                        .hasMessageStartingWith("checkpoint is not valid JSON: ");
            }
        }

        @Test
        void aNullTopLevelValueIsRefusedAsNotAnObject() {
            // when / then
            assertThatThrownBy(() -> JSON.read("null")).isInstanceOf(CheckpointFormatException.class)
                    .hasMessage("Checkpoint: expected an object, got null");
        }
    }
}
