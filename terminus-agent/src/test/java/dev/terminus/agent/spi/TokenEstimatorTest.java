package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The default estimate: 4 tokens per message and per tool call, plus one per four characters (rounded up). */
class TokenEstimatorTest {

    private final TokenEstimator estimator = TokenEstimator.ofDefaults();

    @Test
    void noMessagesAreNoTokens() {
        // when / then
        assertThat(estimator.estimate(List.of())).isZero();
    }

    @Test
    void anEmptyMessageCostsOnlyItsFraming() {
        // when / then
        assertThat(estimator.estimate(List.of(new Message.User("")))).isEqualTo(4);
        assertThat(estimator.estimate(List.of(new Message.System("")))).isEqualTo(4);
        assertThat(estimator.estimate(List.of(Message.Assistant.of("")))).isEqualTo(4);
    }

    @Test
    void aTextCostsOneTokenPerFourCharactersRoundedUp() {
        // when / then
        assertThat(estimator.estimate(List.of(new Message.System("abcd")))).isEqualTo(4 + 1);
        assertThat(estimator.estimate(List.of(new Message.User("abcde")))).isEqualTo(4 + 2);
        assertThat(estimator.estimate(List.of(Message.Assistant.of("abcdefgh")))).isEqualTo(4 + 2);
        assertThat(estimator.estimate(List.of(new Message.User("x".repeat(4_001))))).isEqualTo(4 + 1_001);
    }

    @Test
    void theCharactersOfAllMessagesAreSummedBeforeRoundingUp() {
        // given: 1 + 2 + 1 characters, 3 messages
        List<Message> messages = List.of(new Message.User("a"), Message.Assistant.of("bc"), new Message.User("d"));

        // when / then: ceil(4 / 4) = 1, not 1 + 1 + 1
        assertThat(estimator.estimate(messages)).isEqualTo(3 * 4 + 1);
    }

    @Test
    void aToolCallAddsFramingAndItsIdNameAndArgumentsText() {
        // given: id "c1" (2) + name "get" (3) + arguments "{k=v}" (5) = 10 characters
        ToolCall call = new ToolCall("c1", "get", Map.of("k", "v"));

        // when
        long tokens = estimator.estimate(List.of(Message.Assistant.of("", call)));

        // then: message framing 4 + call framing 4 + ceil(10 / 4) = 3
        assertThat(tokens).isEqualTo(4 + 4 + 3);
    }

    @Test
    void everyToolCallOfAMessageCountsAndSoDoesTheMessageText() {
        // given: "Let me check" (12) + "a" "x" "{}" (4) + "b" "y" "{n=1, m=true}" (15) = 31 characters
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("n", 1);
        arguments.put("m", true);
        Message message = Message.Assistant.of("Let me check", new ToolCall("a", "x", Map.of()),
                new ToolCall("b", "y", arguments));

        // when
        long tokens = estimator.estimate(List.of(message));

        // then: 4 + 2 * 4 framing + ceil(31 / 4) = 8
        assertThat(tokens).isEqualTo(4 + 8 + 8);
    }

    @Test
    void aToolResultCountsItsCallIdAndContent() {
        // given: "call_1" (6) + "42 EUR" (6) = 12 characters
        Message result = Message.ToolResult.of("call_1", "42 EUR");

        // when / then
        assertThat(estimator.estimate(List.of(result))).isEqualTo(4 + 3);
    }

    @Test
    void aWholeTranscriptAddsUp() {
        // given: framing 5 messages * 4 + 1 call * 4 = 24;
        // characters 10 + 15 + (2 + 6 + 10) + (2 + 4) + 4 = 53 -> ceil(53 / 4) = 14
        List<Message> transcript = List.of(
                new Message.System("Be helpful"),
                new Message.User("Refund order 42"),
                Message.Assistant.of("", new ToolCall("c1", "refund", Map.of("order", 42))),
                Message.ToolResult.of("c1", "done"),
                Message.Assistant.of("Done"));

        // when / then
        assertThat(estimator.estimate(transcript)).isEqualTo(24 + 14);
    }

    @Test
    void theEstimateGrowsWithTheTranscript() {
        // given
        List<Message> shorter = List.of(new Message.User("Refund order 42"));
        List<Message> longer = List.of(new Message.User("Refund order 42"), Message.Assistant.of("ok"));

        // when / then
        assertThat(estimator.estimate(longer)).isGreaterThan(estimator.estimate(shorter));
    }
}
