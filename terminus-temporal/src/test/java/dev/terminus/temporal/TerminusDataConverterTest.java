package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Category;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.jackson.UnrecognizedTermination;
import dev.terminus.temporal.wire.ModelAnswer;
import dev.terminus.temporal.wire.TranscriptPage;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DataConverter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TerminusDataConverterTest {
    record QuotaExceeded(String tenant, int limit) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    private static final List<Message> TRANSCRIPT = List.of(new Message.User("go"),
            new Message.Assistant("", List.of(new ToolCall("call_1", "echo", Map.of("x", "a")))),
            new Message.ToolResult("call_1", "echo", "echo:a", false));

    @Test
    void anOutputEndedWithAnApplicationsExtensionRoundTripsWithItsCaseAndFacts() {
        // given
        DataConverter converter = TerminusDataConverter.of(
                TerminusModule.builder().registerExtension("QuotaExceeded", QuotaExceeded.class).build());
        AgentRunOutput output = new AgentRunOutput(new QuotaExceeded("acme", 3), Outcome.FAILED, null, 2, 1,
                Usage.of(20, 10), new BigDecimal("0.0125"), Duration.ofMillis(1500), TRANSCRIPT, null);

        // when
        Payload payload = converter.toPayload(output).orElseThrow();
        AgentRunOutput back = converter.fromPayload(payload, AgentRunOutput.class, AgentRunOutput.class);

        // then
        assertThat(back).isEqualTo(output);
    }

    @Test
    void terminationsAndMessagesAreWrittenInTheWireFormat() {
        // given
        DataConverter converter = TerminusDataConverter.ofDefaults();
        AgentRunOutput output = new AgentRunOutput(new Termination.MaxIterationsReached(2, 2),
                Outcome.FAILED, null, 2, 1, Usage.ZERO, BigDecimal.ZERO, Duration.ZERO, TRANSCRIPT, null);

        // when
        String json = converter.toPayload(output).orElseThrow().getData().toString(StandardCharsets.UTF_8);

        // then
        assertThat(json).contains("{\"$kind\":\"MaxIterationsReached\",\"limit\":2,\"iterationsUsed\":2}")
                .contains("{\"role\":\"tool\",\"toolCallId\":\"call_1\"");
    }

    @Test
    void anOutputOfANewerVersionWithAnUnknownCaseIsReadTolerantlyKeepingItsFields() {
        // given: the output of a newer worker, ended with a case this version does not know
        DataConverter newer = TerminusDataConverter.of(
                TerminusModule.builder().registerExtension("QuotaExceeded", QuotaExceeded.class).build());
        AgentRunOutput output = new AgentRunOutput(new QuotaExceeded("acme", 3), Outcome.FAILED, null, 2, 1,
                Usage.of(20, 10), new BigDecimal("0.0125"), Duration.ofMillis(1500), TRANSCRIPT, null);
        Payload payload = newer.toPayload(output).orElseThrow();

        // when
        AgentRunOutput read = TerminusDataConverter.ofDefaults()
                .fromPayload(payload, AgentRunOutput.class, AgentRunOutput.class);

        // then
        assertThat(read.termination()).isInstanceOfSatisfying(UnrecognizedTermination.class, unknown -> {
            assertThat(unknown.kind()).isEqualTo("QuotaExceeded");
            assertThat(unknown.fields()).containsEntry("tenant", "acme");
        });
        assertThat(read.transcript()).isEqualTo(TRANSCRIPT);
        assertThat(read.iterations()).isEqualTo(2);
    }

    @Test
    void theMarkOfAnAnswerCutShortCrossesTheWireInAModelAnswerAnOutputAndATranscriptPage() {
        // given
        DataConverter converter = TerminusDataConverter.ofDefaults();
        Message.Assistant cut = Message.Assistant.incomplete("The list: a, b,");
        ModelAnswer answer = new ModelAnswer(cut, Usage.of(10, 8), FinishReason.LENGTH);
        AgentRunOutput output = new AgentRunOutput(new Termination.OutputTruncated(8), Outcome.FAILED, null, 1, 0,
                Usage.of(10, 8), BigDecimal.ZERO, Duration.ZERO, List.of(new Message.User("list"), cut), null);
        TranscriptPage page = new TranscriptPage(1, 0, List.of(new Message.User("list"), cut));

        // when
        ModelAnswer answerBack = roundTrip(converter, answer, ModelAnswer.class);
        AgentRunOutput outputBack = roundTrip(converter, output, AgentRunOutput.class);
        TranscriptPage pageBack = roundTrip(converter, page, TranscriptPage.class);

        // then
        assertThat(answerBack).isEqualTo(answer);
        assertThat(answerBack.response().message().incomplete()).isTrue();
        assertThat(outputBack).isEqualTo(output);
        assertThat(outputBack.transcript().getLast()).isEqualTo(cut);
        assertThat(pageBack.messages().getLast()).isEqualTo(cut);
        assertThat(converter.toPayload(answer).orElseThrow().getData().toString(StandardCharsets.UTF_8))
                .contains("\"incomplete\":true");
    }

    @Test
    void aConverterWithAStoreRefusesATinyThresholdNamingIt(@TempDir Path dir)
            throws Exception {
        // given
        DirectoryPayloadStore store = DirectoryPayloadStore.of(dir);

        // when / then
        assertThatThrownBy(() -> TerminusDataConverter.of(new TerminusModule(), store,
                        512))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threshold must be at least 1024 bytes, was 512");
    }

    @Test
    void anOutputWrittenWithAStoreReadsBackEqualAndKeepsItsTranscriptInTheStore(
            @TempDir Path dir) throws Exception {
        // given
        var converter = TerminusDataConverter.of(new TerminusModule(), DirectoryPayloadStore.of(dir), 1_024);
        AgentRunOutput output = new AgentRunOutput(new Termination.MaxIterationsReached(2, 2), Outcome.FAILED, null,
                2, 1, Usage.ZERO, BigDecimal.ZERO, Duration.ZERO,
                List.of(new Message.User("x".repeat(4_000))), null);

        // when
        var payload = converter.toPayload(output).orElseThrow();

        // then
        assertThat(payload.getSerializedSize()).isLessThan(200);
        assertThat(converter.fromPayload(payload, AgentRunOutput.class, AgentRunOutput.class)).isEqualTo(output);
    }

    private static <T> T roundTrip(DataConverter converter, T value, Class<T> type) {
        return converter.fromPayload(converter.toPayload(value).orElseThrow(), type, type);
    }
}
