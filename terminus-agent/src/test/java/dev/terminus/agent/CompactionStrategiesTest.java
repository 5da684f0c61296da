package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.CompactionStrategy;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.TokenEstimator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CompactionStrategiesTest {

    /** One token per message, so the sizes in these tests are message counts. */
    private static final TokenEstimator COUNT = messages -> messages.size();

    private static final Message SYSTEM = new Message.System("You are a support agent.");
    private static final Message TASK = new Message.User("Refund order 42");
    private static final Message LOOKUP = Message.Assistant.of("", new ToolCall("c1", "lookup", Map.of("order", 42)));
    private static final Message LOOKED_UP = new Message.ToolResult("c1", "lookup", "order 42: 80 EUR", false);
    private static final Message REFUND = Message.Assistant.of("Refunding.",
            new ToolCall("c2", "refund", Map.of("order", 42)));
    private static final Message REFUND_FAILED = new Message.ToolResult("c2", "refund", "service down", true);
    private static final Message FOLLOW_UP = new Message.User("Anything else?");
    private static final Message DONE = Message.Assistant.of("Done.");

    /** Head (2), then the turns [LOOKUP, LOOKED_UP], [REFUND, REFUND_FAILED], [FOLLOW_UP], [DONE]: 8 messages. */
    private static final List<Message> TRANSCRIPT =
            List.of(SYSTEM, TASK, LOOKUP, LOOKED_UP, REFUND, REFUND_FAILED, FOLLOW_UP, DONE);

    private static final String SUMMARY_PREFIX =
            "Summary of the earlier conversation (older messages were removed to fit the context window):\n";

    /** A summarizer that records its requests and answers a fixed text. */
    private static final class Summarizer implements Model {
        final List<ModelRequest> requests = new ArrayList<>();
        private final ModelResponse answer;

        Summarizer(ModelResponse answer) {
            this.answer = answer;
        }

        @Override
        public ModelResponse chat(ModelRequest request) {
            requests.add(request);
            return answer;
        }

        @Override
        public String name() {
            return "small-model";
        }
    }

    private static CompactionStrategy.Compacted compact(CompactionStrategy strategy, List<Message> messages,
            long target) throws Exception {
        return strategy.compact(new CompactionStrategy.Request(messages, target, COUNT));
    }

    // ---------------------------------------------------------------- dropOldestTurns

    @Test
    void aTranscriptThatFitsIsKeptWhole() throws Exception {
        // when
        CompactionStrategy.Compacted compacted = compact(CompactionStrategies.dropOldestTurns(), TRANSCRIPT, 8);

        // then
        assertThat(compacted.messages()).isEqualTo(TRANSCRIPT);
        assertThat(compacted.usage()).isEqualTo(Usage.ZERO);
    }

    @Test
    void theOldestTurnsAreDroppedUntilTheEstimateFitsTheTarget() throws Exception {
        // when
        CompactionStrategy.Compacted six = compact(CompactionStrategies.dropOldestTurns(), TRANSCRIPT, 6);
        CompactionStrategy.Compacted five = compact(CompactionStrategies.dropOldestTurns(), TRANSCRIPT, 5);

        // then
        assertThat(six.messages()).containsExactly(SYSTEM, TASK, REFUND, REFUND_FAILED, FOLLOW_UP, DONE);
        assertThat(five.messages()).containsExactly(SYSTEM, TASK, FOLLOW_UP, DONE);
        assertThat(five.usage()).isEqualTo(Usage.ZERO);
    }

    @Test
    void theLastTurnIsKeptWithTheHeadEvenWhenNothingFits() throws Exception {
        // given
        List<Message> messages = List.of(SYSTEM, TASK, FOLLOW_UP, REFUND, REFUND_FAILED);

        // when
        CompactionStrategy.Compacted compacted = compact(CompactionStrategies.dropOldestTurns(), messages, 0);

        // then
        assertThat(compacted.messages()).containsExactly(SYSTEM, TASK, REFUND, REFUND_FAILED);
    }

    @Test
    void everyLeadingSystemMessageAndTheTaskAreKept() throws Exception {
        // given
        Message policy = new Message.System("Refunds need a reason.");
        List<Message> messages = List.of(SYSTEM, policy, TASK, LOOKUP, LOOKED_UP, DONE);

        // when
        CompactionStrategy.Compacted compacted = compact(CompactionStrategies.dropOldestTurns(), messages, 1);

        // then
        assertThat(compacted.messages()).containsExactly(SYSTEM, policy, TASK, DONE);
    }

    @Test
    void aTranscriptOfOnlyTheHeadIsReturnedAsItIs() throws Exception {
        // when
        CompactionStrategy.Compacted compacted =
                compact(CompactionStrategies.dropOldestTurns(), List.of(SYSTEM, TASK), 0);

        // then
        assertThat(compacted.messages()).containsExactly(SYSTEM, TASK);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 3, 4, 5, 6, 7, 8, 9})
    void aToolCallIsNeverSeparatedFromItsResults(long target) throws Exception {
        // given: one assistant message with two calls, answered by two results
        Message both = Message.Assistant.of("", new ToolCall("a", "lookup", Map.of()), new ToolCall("b", "stock",
                Map.of()));
        List<Message> messages = List.of(SYSTEM, TASK, both, new Message.ToolResult("a", "lookup", "x", false),
                new Message.ToolResult("b", "stock", "y", false), FOLLOW_UP, DONE);

        // when
        List<Message> kept = compact(CompactionStrategies.dropOldestTurns(), messages, target).messages();

        // then
        Set<String> calls = kept.stream().filter(Message.Assistant.class::isInstance)
                .flatMap(m -> ((Message.Assistant) m).toolCalls().stream()).map(ToolCall::id)
                .collect(Collectors.toSet());
        Set<String> results = kept.stream().filter(Message.ToolResult.class::isInstance)
                .map(m -> ((Message.ToolResult) m).toolCallId()).collect(Collectors.toSet());
        assertThat(results).isEqualTo(calls);
        assertThat(kept).startsWith(SYSTEM, TASK).endsWith(DONE);
    }

    @Test
    void dropOldestTurnsIsOneSharedStrategyNamedForWhatItDoes() {
        // when / then
        assertThat(CompactionStrategies.dropOldestTurns()).isSameAs(CompactionStrategies.dropOldestTurns());
        assertThat(CompactionStrategies.dropOldestTurns()).hasToString("dropOldestTurns");
    }

    // ---------------------------------------------------------------- summarizeOlderTurns

    @Test
    void theOlderTurnsAreReplacedByTheSummaryAfterTheHead() throws Exception {
        // given
        Summarizer summarizer = new Summarizer(ModelResponse.text("Order 42 costs 80 EUR; refund failed.",
                Usage.of(300, 40)));

        // when
        CompactionStrategy.Compacted compacted =
                compact(CompactionStrategies.summarizeOlderTurns(summarizer, 2), TRANSCRIPT, 1);

        // then
        assertThat(compacted.messages()).containsExactly(SYSTEM, TASK,
                new Message.User(SUMMARY_PREFIX + "Order 42 costs 80 EUR; refund failed."), FOLLOW_UP, DONE);
        assertThat(compacted.usage()).isEqualTo(Usage.of(300, 40));
    }

    @Test
    void theSummarizerIsAskedWithTheOlderTurnsRenderedAsText() throws Exception {
        // given
        Summarizer summarizer = new Summarizer(ModelResponse.text("summary", Usage.of(1, 1)));
        List<Message> messages = List.of(SYSTEM, TASK, LOOKUP, LOOKED_UP, REFUND, REFUND_FAILED,
                new Message.System("Be brief."), FOLLOW_UP, DONE);

        // when
        compact(CompactionStrategies.summarizeOlderTurns(summarizer, 1), messages, 1);

        // then
        assertThat(summarizer.requests).hasSize(1);
        ModelRequest request = summarizer.requests.getFirst();
        assertThat(request.tools()).isEmpty();
        assertThat(request.maxOutputTokens()).isNull();
        assertThat(request.responseSchema()).isNull();
        assertThat(request.messages()).containsExactly(
                new Message.System("Summarize the conversation below for the assistant that will continue it:"
                        + " the facts learned, the tool results that matter, what was decided and what is still"
                        + " open. Be brief and exact."),
                new Message.User("""
                        assistant: \n  called lookup {"order":42}
                        tool lookup answered: order 42: 80 EUR
                        assistant: Refunding.
                          called refund {"order":42}
                        tool refund failed: service down
                        system: Be brief.
                        user: Anything else?
                        """));
    }

    @Test
    void theSummaryIsStripped() throws Exception {
        // given
        Summarizer summarizer = new Summarizer(ModelResponse.text("  \n the gist \n", Usage.ZERO));

        // when
        List<Message> kept = compact(CompactionStrategies.summarizeOlderTurns(summarizer, 3), TRANSCRIPT, 1)
                .messages();

        // then
        assertThat(kept).containsExactly(SYSTEM, TASK, new Message.User(SUMMARY_PREFIX + "the gist"),
                REFUND, REFUND_FAILED, FOLLOW_UP, DONE);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 5})
    void nothingToSummarizeFailsTheCompactionWithoutCallingTheSummarizer(int keep) {
        // given
        Summarizer summarizer = new Summarizer(ModelResponse.text("summary", Usage.ZERO));

        // when / then
        assertThatThrownBy(() -> compact(CompactionStrategies.summarizeOlderTurns(summarizer, keep), TRANSCRIPT, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("nothing to summarize: the transcript has 4 turn(s) after the task and " + keep
                        + " are kept");
        assertThat(summarizer.requests).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   \n\t "})
    void aBlankSummaryFailsTheCompactionNamingTheSummarizer(String answer) {
        // given
        Summarizer summarizer = new Summarizer(ModelResponse.text(answer, Usage.of(10, 0)));

        // when / then
        assertThatThrownBy(() -> compact(CompactionStrategies.summarizeOlderTurns(summarizer, 1), TRANSCRIPT, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the summarizer small-model answered no summary");
    }

    @Test
    void aSummarizerThatAnswersNullFailsTheCompactionNamingIt() {
        // given
        Summarizer summarizer = new Summarizer(null);

        // when / then
        assertThatThrownBy(() -> compact(CompactionStrategies.summarizeOlderTurns(summarizer, 1), TRANSCRIPT, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the summarizer small-model answered no summary");
    }

    @Test
    void aFailingSummarizerFailsTheCompactionWithItsException() {
        // given
        ModelException failure = new ModelException.RateLimited("slow down", null);
        Model summarizer = request -> {
            throw failure;
        };

        // when / then
        assertThatThrownBy(() -> compact(CompactionStrategies.summarizeOlderTurns(summarizer, 1), TRANSCRIPT, 1))
                .isSameAs(failure);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void fewerThanOneRecentTurnIsRefusedNamingTheValue(int keep) {
        // given
        Summarizer summarizer = new Summarizer(ModelResponse.text("summary", Usage.ZERO));

        // when / then
        assertThatThrownBy(() -> CompactionStrategies.summarizeOlderTurns(summarizer, keep))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("keepRecentTurns must be >= 1, was " + keep);
    }

    @Test
    void aNullSummarizerIsRefused() {
        // when / then
        assertThatThrownBy(() -> CompactionStrategies.summarizeOlderTurns(null, 1))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("summarizer must not be null");
    }

    @Test
    void summarizeOlderTurnsIsNamedForItsSummarizerAndTheTurnsItKeeps() {
        // when / then
        assertThat(CompactionStrategies.summarizeOlderTurns(new Summarizer(null), 2))
                .hasToString("summarizeOlderTurns(small-model, keep 2)");
    }
}
